import { createFileRoute } from '@tanstack/react-router';
import { AuthPage } from '~/features/auth/auth-page';
import { ForgotPasswordScreen } from '~/features/auth/forgot-password-form';
import { m } from '~/paraglide/messages';

export const Route = createFileRoute('/forgot-password')({
  component: () => (
    <AuthPage title={m.forgot_title()}>
      <ForgotPasswordScreen />
    </AuthPage>
  ),
});
