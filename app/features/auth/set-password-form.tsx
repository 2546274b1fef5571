import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { NewPwd } from '../../../worker/contracts/site';
import type { FieldErrors } from '../../../worker/domain/errors';
import { FormErrors, SubmitButton, TextField } from '~/components/form';
import { Alert } from '~/components/ui/alert';
import { api } from '~/lib/api';
import { serverErrors, validate } from '~/lib/validation';
import { m } from '~/paraglide/messages';

/** SPEC §9: the success message stays this long before the sign-in screen. */
export const redirectAfterResetMs = 1500;

export function SetPasswordScreen({ token }: { token: string }) {
  const navigate = useNavigate();
  const [errors, setErrors] = useState<FieldErrors>({});
  const setPassword = useMutation({
    mutationFn: (password: string) => api('/site/set-password', { method: 'POST', body: { NewPwd: { password }, token } }),
    onSuccess: () => toast.success(m.set_password_done()),
    onError: (error) => {
      const found = serverErrors(error, { 400: { field: '_', text: m.set_password_failed } });
      setErrors(found);
      toast.error(Object.values(found).flat().join(' '));
    },
  });

  useEffect(() => {
    if (!setPassword.isSuccess) return;
    const timer = setTimeout(() => void navigate({ to: '/login' }), redirectAfterResetMs);
    return () => clearTimeout(timer);
  }, [setPassword.isSuccess, navigate]);

  if (setPassword.isSuccess) return <Alert>{m.set_password_done()}</Alert>;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validate(NewPwd, { password: new FormData(event.currentTarget).get('password') });
    if ('errors' in result) return setErrors(result.errors);
    setErrors({});
    setPassword.mutate(result.data.password);
  };

  return (
    <form method="post" noValidate onSubmit={submit} className="grid gap-4">
      <FormErrors errors={errors} fields={['password']} />
      <TextField name="password" type="password" autoComplete="new-password" label={m.field_new_password()} errors={errors} />
      <SubmitButton pending={setPassword.isPending}>
        {setPassword.isPending ? m.action_working() : m.set_password_submit()}
      </SubmitButton>
      <Link to="/login" className="text-center text-sm text-primary hover:underline">
        {m.register_back_to_login()}
      </Link>
    </form>
  );
}
