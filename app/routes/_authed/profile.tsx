import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '~/components/page-header';
import { EmptyState } from '~/components/states';
import { m } from '~/paraglide/messages';

export const Route = createFileRoute('/_authed/profile')({
  component: () => (
    <>
      <PageHeader title={m.nav_profile()} />
      <EmptyState title={m.placeholder_coming()}>{m.placeholder_profile()}</EmptyState>
    </>
  ),
});
