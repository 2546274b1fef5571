import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { FormErrors, SubmitButton, TextField } from '~/components/form';
import { Alert } from '~/components/ui/alert';
import { api } from '~/lib/api';
import { useContractForm } from '~/lib/use-contract-form';
import { m } from '~/paraglide/messages';

/** SPEC §9: the success message stays this long before the sign-in screen. */
const redirectAfterResetMs = 1500;

export function SetPasswordScreen({ token }: { token: string }) {
  const navigate = useNavigate();
  const { errors, form, pending, succeeded } = useContractForm({
    contract: () => import('../../../worker/contracts/site').then((c) => c.NewPwd),
    read: (form) => ({ password: form.get('password') }),
    send: (values) => api('/site/set-password', { method: 'POST', body: { NewPwd: values, token } }),
    known: { 400: { field: '_', text: m.set_password_failed } },
    toasts: { success: m.set_password_done, failure: 'errors' },
  });

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
      <SubmitButton pending={pending}>{pending ? m.action_working() : m.set_password_submit()}</SubmitButton>
      <Link to="/login" className="text-center text-sm text-primary hover:underline">
        {m.register_back_to_login()}
      </Link>
    </form>
  );
}
