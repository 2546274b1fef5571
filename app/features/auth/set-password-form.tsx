import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { FormErrors, TextField } from '~/components/form';
import { Alert } from '~/components/ui/alert';
import { useContractForm } from '~/lib/use-contract-form';
import { m } from '~/paraglide/messages';
import { AuthFormEnd } from './auth-page';

/** SPEC §9: the success message stays this long before the sign-in screen. */
const redirectAfterResetMs = 1500;

export function SetPasswordScreen({ token }: { token: string }) {
  const navigate = useNavigate();
  const {
    errors: sent,
    form,
    pending,
    succeeded,
  } = useContractForm({
    call: () => import('../../../worker/contracts/site').then((c) => c.siteCalls.setPassword),
    read: (form) => ({ NewPwd: { password: form.get('password') }, token }),
    known: { 400: { field: '_', text: m.set_password_failed } },
    toasts: { success: m.set_password_done, failure: 'errors' },
  });
  // The body holds the password in `NewPwd`: its messages belong to the password field.
  const { NewPwd: password, ...errors } = sent;
  if (password) errors.password = password;

  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(() => void navigate({ to: '/login' }), redirectAfterResetMs);
    return () => clearTimeout(timer);
  }, [succeeded, navigate]);

  if (succeeded) return <Alert>{m.set_password_done()}</Alert>;

  return (
    <form method="post" noValidate {...form} className="grid gap-4">
      <FormErrors errors={errors} fields={['password']} />
      <TextField name="password" type="password" autoComplete="new-password" label={m.field_new_password()} errors={errors} />
      <AuthFormEnd pending={pending} submit={m.set_password_submit()} to="/login" link={m.register_back_to_login()} />
    </form>
  );
}
