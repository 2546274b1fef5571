import type { SessionUser } from '../../../worker/contracts/site';
import type { FieldErrors } from '../../../worker/contracts/envelope';
import { TextField } from '~/components/form';
import { m } from '~/paraglide/messages';

export const subjectFieldNames = ['username', 'firstName', 'secondName', 'subject', 'phone', 'password'];

/** Reads the shared fields out of a submitted form, as the Users and Profile contracts name them. */
export const subjectFieldValues = (form: FormData) => Object.fromEntries(subjectFieldNames.map((f) => [f, form.get(f) ?? '']));

/**
 * The fields the administrator's subject form and the own profile share; the password is never prefilled.
 * `ownPassword`: the profile's field is the subject's new password, next to its current one.
 */
export function SubjectFields({
  subject,
  errors,
  ownPassword = false,
}: {
  subject: SessionUser | null;
  errors: FieldErrors;
  ownPassword?: boolean;
}) {
  return (
    <>
      <TextField name="username" type="email" autoComplete="off" label={m.field_email()} defaultValue={subject?.username} errors={errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="firstName" label={m.field_first_name()} defaultValue={subject?.firstName} errors={errors} />
        <TextField name="secondName" label={m.field_second_name()} defaultValue={subject?.secondName} errors={errors} />
        <TextField name="subject" label={m.admin_subject_org()} defaultValue={subject?.subject ?? ''} errors={errors} />
        <TextField name="phone" type="tel" label={m.admin_subject_phone()} defaultValue={subject?.phone ?? ''} errors={errors} />
      </div>
      <TextField
        name="password"
        type="password"
        autoComplete="new-password"
        label={ownPassword ? m.field_new_password() : m.field_password()}
        hint={subject ? m.admin_password_keep() : undefined}
        errors={errors}
      />
    </>
  );
}
