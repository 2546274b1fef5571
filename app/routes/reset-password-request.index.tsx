import { createFileRoute, redirect } from '@tanstack/react-router';

// Without the e-mailed hash there is nothing to set a password with.
export const Route = createFileRoute('/reset-password-request/')({
  beforeLoad: () => {
    throw redirect({ to: '/login' });
  },
});
