import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { LoginForm, type LoginReply } from '../../../worker/contracts/site';
import type { FieldErrors } from '../../../worker/domain/errors';
import { FormErrors, SubmitButton, TextField } from '~/components/form';
import { Checkbox } from '~/components/ui/checkbox';
import { Label } from '~/components/ui/label';
import { api } from '~/lib/api';
import { serverErrors, validate } from '~/lib/validation';
import { m } from '~/paraglide/messages';
import { sessionKey } from './session-key';

export function LoginScreen() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [rememberMe, setRememberMe] = useState(true);
  const login = useMutation({
    mutationFn: (form: LoginForm) => api<LoginReply>('/site/login', { method: 'POST', body: { LoginForm: form } }),
    onSuccess: (reply) => {
      queryClient.setQueryData(sessionKey, reply.user);
      void navigate({ to: '/dashboard' });
    },
    onError: (error) =>
      setErrors(
        serverErrors(error, {
          401: { field: 'password', text: m.login_wrong_credentials },
          403: { field: 'username', text: m.login_not_active },
        }),
      ),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const result = validate(LoginForm, { username: form.get('username'), password: form.get('password'), rememberMe });
    if ('errors' in result) return setErrors(result.errors);
    setErrors({});
    login.mutate(result.data);
  };

  return (
    <form method="post" noValidate onSubmit={submit} className="grid gap-4">
      <FormErrors errors={errors} fields={['username', 'password']} />
      <TextField name="username" type="email" autoComplete="username" label={m.field_email()} errors={errors} />
      <div className="grid gap-2">
        <TextField name="password" type="password" autoComplete="current-password" label={m.field_password()} errors={errors} />
        <Link to="/forgot-password" className="justify-self-end text-sm text-primary hover:underline">
          {m.login_forgot_link()}
        </Link>
      </div>
      <div className="flex items-center gap-2">
        <Checkbox id="remember-me" checked={rememberMe} onCheckedChange={(v) => setRememberMe(v === true)} />
        <Label htmlFor="remember-me">{m.login_remember_me()}</Label>
      </div>
      <SubmitButton pending={login.isPending}>
        {login.isPending ? m.action_working() : m.login_submit()}
      </SubmitButton>
      <p className="text-center text-sm text-muted-foreground">
        {m.login_no_account()}{' '}
        <Link to="/register" className="text-primary hover:underline">
          {m.login_register_link()}
        </Link>
      </p>
    </form>
  );
}
