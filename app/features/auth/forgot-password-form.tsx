import { FormErrors, TextField } from '~/components/form';
import { Alert } from '~/components/ui/alert';
import { useContractForm } from '~/lib/use-contract-form';
import { m } from '~/paraglide/messages';
import { AuthFormEnd } from './auth-page';

export function ForgotPasswordScreen() {
  const { errors, form, pending, succeeded } = useContractForm({
    call: () => import('../../../worker/contracts/site').then((c) => c.siteCalls.resetPassword),
    read: (form) => ({ email: form.get('email') }),
    toasts: { success: m.forgot_sent_toast },
  });

  return (
    <form method="post" noValidate {...form} className="grid gap-4">
      {succeeded ? <Alert>{m.forgot_sent()}</Alert> : <p className="text-sm text-muted-foreground">{m.forgot_intro()}</p>}
      <FormErrors errors={errors} fields={['email']} />
      <TextField name="email" type="email" autoComplete="email" label={m.field_email()} errors={errors} />
      <AuthFormEnd pending={pending} submit={m.forgot_submit()} to="/login" link={m.register_back_to_login()} />
    </form>
  );
}
