import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { DataTable } from '~/components/data-table';
import { PageHeader } from '~/components/page-header';
import { EmptyState } from '~/components/states';
import { AddLink } from '~/components/record-links';
import { requireAdmin } from '~/features/auth/require-admin';
import { subjectColumns } from '~/features/subjects/columns';
import { PendingRegistrations } from '~/features/subjects/pending-registrations';
import { subjectQueries } from '~/features/subjects/queries';
import { m } from '~/paraglide/messages';

export const Route = createFileRoute('/_authed/subjects')({
  beforeLoad: requireAdmin,
  component: SubjectsPage,
});

function SubjectsPage() {
  // Pending registrations have their own list above, with the decision buttons.
  const query = useQuery({
    ...subjectQueries.list(),
    select: (rows) => rows.filter((s) => s.status !== 'pending'),
  });
  return (
    <>
      <PageHeader title={m.nav_subjects()} actions={<AddLink to="/edit-subject" label={m.admin_subject_add()} />} />
      <div className="grid grid-cols-1 gap-6">
        <PendingRegistrations />
        <DataTable query={query} columns={subjectColumns} label={m.nav_subjects()} empty={<EmptyState title={m.admin_subjects_empty()} />} />
      </div>
    </>
  );
}
