import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '~/components/page-header';
import { ProfileForm } from '~/features/profile/profile-form';
import { m } from '~/paraglide/messages';

export const Route = createFileRoute('/_authed/profile')({
  component: ProfilePage,
});

/** The session user is already loaded by the protected layout, so the form needs no request of its own. */
function ProfilePage() {
  const { user } = Route.useRouteContext();
  return (
    <>
      <PageHeader title={m.nav_profile()} description={m.admin_profile_description()} />
      <ProfileForm key={user.id} user={user} />
    </>
  );
}
