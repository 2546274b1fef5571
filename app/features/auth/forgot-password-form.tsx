import { Link } from '@tanstack/react-router';
import { FormErrors, SubmitButton, TextField } from '~/components/form';
import { Alert } from '~/components/ui/alert';
import { postModel } from '~/lib/api';
import { useContractForm } from '~/lib/use-contract-form';
import { m } from '~/paraglide/messages';

export function ForgotPasswordScreen() {
  const { errors, form, pending, succeeded } = useContractForm({
    contract: () => import('../../../worker/contracts/site').then((c) => c.PasswordResetRequestForm),
    read: (form) => ({ email: form.get('email') }),
    send: (values) => postModel('/site/reset-password', 'PasswordResetRequestForm', values),
    toasts: { success: m.forgot_sent_toast },
  });

  return (
    <form method="post" noValidate {...form} className="grid gap-4">
      {succeeded ? <Alert>{m.forgot_sent()}</Alert> : <p className="text-sm text-muted-foreground">{m.forgot_intro()}</p>}
      <FormErrors errors={errors} fields={['email']} />
      <TextField name="email" type="email" autoComplete="email" label={m.field_email()} errors={errors} />
      <SubmitButton pending={pending}>{pending ? m.action_working() : m.forgot_submit()}</SubmitButton>
      <Link to="/login" className="text-center text-sm text-primary hover:underline">
        {m.register_back_to_login()}
      </Link>
    </form>
  );
}
