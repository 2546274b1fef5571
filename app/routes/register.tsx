import { createFileRoute } from '@tanstack/react-router';
import { AuthPage } from '~/features/auth/auth-page';
import { RegisterScreen } from '~/features/auth/register-form';
import { m } from '~/paraglide/messages';

export const Route = createFileRoute('/register')({
  component: () => (
    <AuthPage title={m.register_title()}>
      <RegisterScreen />
    </AuthPage>
  ),
});
