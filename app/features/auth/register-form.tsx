import { Link } from '@tanstack/react-router';
import { CircleCheckIcon } from 'lucide-react';
import { FormErrors, TextField } from '~/components/form';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { useContractForm } from '~/lib/use-contract-form';
import { m } from '~/paraglide/messages';
import { AuthFormEnd } from './auth-page';

const fields = ['firstName', 'secondName', 'email', 'password'];

export function RegisterScreen() {
  const { errors, form, pending, succeeded } = useContractForm({
    call: () => import('../../../worker/contracts/site').then((c) => c.siteCalls.signup),
    read: (form) => Object.fromEntries(fields.map((f) => [f, form.get(f)])),
    known: { 409: { field: 'email', text: m.register_email_taken } },
  });

  // The account waits for an administrator, so there is nothing to sign in to yet: say so and stay here.
  if (succeeded) {
    return (
      <div className="grid gap-4">
        <Alert className="flex gap-3">
          <CircleCheckIcon className="mt-0.5 size-5 shrink-0 text-green-600 dark:text-green-400" />
          <div className="grid gap-1">
            <p className="font-semibold">{m.register_success()}</p>
            <p className="text-muted-foreground">{m.register_pending()}</p>
          </div>
        </Alert>
        <Button asChild variant="outline">
          <Link to="/login">{m.register_back_to_login()}</Link>
        </Button>
      </div>
    );
  }

  return (
    <form method="post" noValidate {...form} className="grid gap-4">
      <Alert>{m.register_approval_notice()}</Alert>
      <FormErrors errors={errors} fields={fields} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="firstName" autoComplete="given-name" label={m.field_first_name()} errors={errors} />
        <TextField name="secondName" autoComplete="family-name" label={m.field_second_name()} errors={errors} />
      </div>
      <TextField name="email" type="email" autoComplete="email" label={m.field_email()} errors={errors} />
      <TextField name="password" type="password" autoComplete="new-password" label={m.field_password()} errors={errors} />
      <AuthFormEnd
        pending={pending}
        submit={m.register_submit()}
        question={m.register_have_account()}
        to="/login"
        link={m.register_back_to_login()}
      />
    </form>
  );
}
