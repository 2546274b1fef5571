import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { PasswordResetRequestForm } from '../../../worker/contracts/site';
import type { FieldErrors } from '../../../worker/domain/errors';
import { FormErrors, SubmitButton, TextField } from '~/components/form';
import { Alert } from '~/components/ui/alert';
import { api } from '~/lib/api';
import { serverErrors, validate } from '~/lib/validation';
import { m } from '~/paraglide/messages';

export function ForgotPasswordScreen() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const request = useMutation({
    mutationFn: (form: PasswordResetRequestForm) => api('/site/reset-password', { method: 'POST', body: { PasswordResetRequestForm: form } }),
    onSuccess: () => toast.success(m.forgot_sent_toast()),
    onError: (error) => setErrors(serverErrors(error)),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validate(PasswordResetRequestForm, { email: new FormData(event.currentTarget).get('email') });
    if ('errors' in result) return setErrors(result.errors);
    setErrors({});
    request.mutate(result.data);
  };

  return (
    <form method="post" noValidate onSubmit={submit} className="grid gap-4">
      {request.isSuccess ? <Alert>{m.forgot_sent()}</Alert> : <p className="text-sm text-muted-foreground">{m.forgot_intro()}</p>}
      <FormErrors errors={errors} fields={['email']} />
      <TextField name="email" type="email" autoComplete="email" label={m.field_email()} errors={errors} />
      <SubmitButton pending={request.isPending}>
        {request.isPending ? m.action_working() : m.forgot_submit()}
      </SubmitButton>
      <Link to="/login" className="text-center text-sm text-primary hover:underline">
        {m.register_back_to_login()}
      </Link>
    </form>
  );
}
