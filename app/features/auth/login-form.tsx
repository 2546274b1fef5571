import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormErrors, TextField } from '~/components/form';
import { Checkbox } from '~/components/ui/checkbox';
import { Label } from '~/components/ui/label';
import { useContractForm } from '~/lib/use-contract-form';
import { m } from '~/paraglide/messages';
import { AuthFormEnd } from './auth-page';
import { sessionKey } from './session-key';

export function LoginScreen() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [rememberMe, setRememberMe] = useState(true);
  const { errors, form, pending } = useContractForm({
    call: () => import('../../../worker/contracts/site').then((c) => c.siteCalls.login),
    read: (form) => ({ username: form.get('username'), password: form.get('password'), rememberMe }),
    known: {
      401: { field: 'password', text: m.login_wrong_credentials },
      403: { field: 'username', text: m.login_not_active },
    },
    onSuccess: (reply) => {
      queryClient.setQueryData(sessionKey, reply.user);
      return navigate({ to: '/dashboard' });
    },
  });

  return (
    <form method="post" noValidate {...form} className="grid gap-4">
      <FormErrors errors={errors} fields={['username', 'password']} />
      <TextField name="username" type="email" autoComplete="username" label={m.field_email()} errors={errors} />
      <div className="grid gap-2">
        <TextField name="password" type="password" autoComplete="current-password" label={m.field_password()} errors={errors} />
        <Link to="/forgot-password" className="justify-self-end text-sm text-primary hover:underline">
          {m.login_forgot_link()}
        </Link>
      </div>
      <div className="flex items-center gap-2">
        <Checkbox id="remember-me" checked={rememberMe} onCheckedChange={setRememberMe} />
        <Label htmlFor="remember-me">{m.login_remember_me()}</Label>
      </div>
      <AuthFormEnd
        pending={pending}
        submit={m.login_submit()}
        question={m.login_no_account()}
        to="/register"
        link={m.login_register_link()}
      />
    </form>
  );
}
