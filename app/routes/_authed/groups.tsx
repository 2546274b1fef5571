import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '~/components/page-header';
import { EmptyState } from '~/components/states';
import { requireAdmin } from '~/features/auth/require-admin';
import { m } from '~/paraglide/messages';

export const Route = createFileRoute('/_authed/groups')({
  beforeLoad: requireAdmin,
  component: () => (
    <>
      <PageHeader title={m.nav_groups()} />
      <EmptyState title={m.placeholder_coming()}>{m.placeholder_groups()}</EmptyState>
    </>
  ),
});
