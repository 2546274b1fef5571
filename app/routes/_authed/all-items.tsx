import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '~/components/page-header';
import { EmptyState } from '~/components/states';
import { requireAdmin } from '~/features/auth/require-admin';
import { m } from '~/paraglide/messages';

export const Route = createFileRoute('/_authed/all-items')({
  beforeLoad: requireAdmin,
  component: () => (
    <>
      <PageHeader title={m.nav_items()} />
      <EmptyState title={m.placeholder_coming()}>{m.placeholder_all_items()}</EmptyState>
    </>
  ),
});
