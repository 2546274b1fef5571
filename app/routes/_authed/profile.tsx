import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { EditSkeleton } from '~/components/edit-screen';
import { PageHeader } from '~/components/page-header';
import { NotificationSettingsCard } from '~/features/notifications/notification-settings';
import { notificationSettingsQuery } from '~/features/notifications/queries';
import { ApiTokensCard } from '~/features/profile/api-tokens';
import { PushCard } from '~/features/push/push-card';
import { ProfileForm } from '~/features/profile/profile-form';
import { apiTokensQuery } from '~/features/profile/queries';
import { m } from '~/paraglide/messages';

export const Route = createFileRoute('/_authed/profile')({
  loader: async ({ context }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(notificationSettingsQuery),
      context.queryClient.ensureQueryData(apiTokensQuery),
    ]);
  },
  pendingComponent: EditSkeleton,
  component: ProfilePage,
});

/** The session user is already loaded by the protected layout; the alarm e-mail settings and API tokens come with the page. */
function ProfilePage() {
  const { user } = Route.useRouteContext();
  const { data: settings } = useSuspenseQuery(notificationSettingsQuery);
  const { data: tokens } = useSuspenseQuery(apiTokensQuery);
  return (
    <>
      <PageHeader title={m.nav_profile()} description={m.admin_profile_description()} />
      <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-2">
        <ProfileForm key={user.id} user={user} />
        <NotificationSettingsCard settings={settings} />
        <PushCard />
        <ApiTokensCard tokens={tokens} />
      </div>
    </>
  );
}
