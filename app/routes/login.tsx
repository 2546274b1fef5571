import { createFileRoute, redirect } from '@tanstack/react-router';
import { AuthPage } from '~/features/auth/auth-page';
import { LoginScreen } from '~/features/auth/login-form';
import { sessionQuery } from '~/features/auth/session';
import { m } from '~/paraglide/messages';

export const Route = createFileRoute('/login')({
  beforeLoad: async ({ context }) => {
    if (await context.queryClient.ensureQueryData(sessionQuery)) throw redirect({ to: '/dashboard' });
  },
  component: () => (
    <AuthPage title={m.login_title()} description={m.login_description()}>
      <LoginScreen />
    </AuthPage>
  ),
});
