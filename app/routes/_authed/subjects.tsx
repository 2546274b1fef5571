import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { DataTable, TableSkeleton } from '~/components/data-table/data-table';
import { PageHeader } from '~/components/page-header';
import { AddLink } from '~/components/record-links';
import { EmptyState } from '~/components/states';
import { requireAdmin } from '~/features/auth/require-admin';
import { subjectColumns } from '~/features/subjects/columns';
import { PendingRegistrations } from '~/features/subjects/pending-registrations';
import { subjectQueries } from '~/features/subjects/queries';
import { m } from '~/paraglide/messages';

export const Route = createFileRoute('/_authed/subjects')({
  beforeLoad: requireAdmin,
  loader: async ({ context: { queryClient } }) => {
    await Promise.all([queryClient.ensureQueryData(subjectQueries.list()), queryClient.ensureQueryData(subjectQueries.pending())]);
  },
  pendingComponent: TableSkeleton,
  component: SubjectsPage,
});

function SubjectsPage() {
  // Pending registrations have their own list above, with the decision buttons.
  const { data } = useSuspenseQuery({ ...subjectQueries.list(), select: (rows) => rows.filter((s) => s.status !== 'pending') });
  return (
    <>
      <PageHeader title={m.nav_subjects()} actions={<AddLink to="/edit-subject" label={m.admin_subject_add()} />} />
      <div className="grid grid-cols-1 gap-6">
        <PendingRegistrations />
        <DataTable data={data} columns={subjectColumns} label={m.nav_subjects()} empty={<EmptyState title={m.admin_subjects_empty()} />} />
      </div>
    </>
  );
}
