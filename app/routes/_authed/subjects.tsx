import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '~/components/page-header';
import { EmptyState } from '~/components/states';
import { requireAdmin } from '~/features/auth/require-admin';
import { m } from '~/paraglide/messages';

export const Route = createFileRoute('/_authed/subjects')({
  beforeLoad: requireAdmin,
  component: () => (
    <>
      <PageHeader title={m.nav_subjects()} />
      <EmptyState title={m.placeholder_coming()}>{m.placeholder_subjects()}</EmptyState>
    </>
  ),
});
