import { createFileRoute } from '@tanstack/react-router';
import { AuthPage } from '~/features/auth/auth-page';
import { SetPasswordScreen } from '~/features/auth/set-password-form';
import { m } from '~/paraglide/messages';

export const Route = createFileRoute('/reset-password-request/$hash')({
  component: function SetPasswordPage() {
    const { hash } = Route.useParams();
    return (
      <AuthPage title={m.set_password_title()}>
        <SetPasswordScreen token={hash} />
      </AuthPage>
    );
  },
});
