import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import type { SessionUser } from '../../../worker/contracts/site';
import { FormErrors, TextField } from '~/components/form';
import { SaveButton } from '~/components/save-button';
import { Card, CardContent } from '~/components/ui/card';
import { sessionKey } from '~/features/auth/session-key';
import { SubjectFields, subjectFieldNames, subjectFieldValues } from '~/features/subjects/subject-fields';
import { useContractForm } from '~/lib/use-contract-form';
import { m } from '~/paraglide/messages';

/**
 * The signed-in subject's own details; the reply is the new session user, which replaces the stored one.
 * Changing the e-mail or the password also asks for the current password, so a borrowed session cannot
 * take the account over.
 */
export function ProfileForm({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const navigate = useNavigate();
  const { errors, form, pending } = useContractForm({
    call: () => import('../../../worker/contracts/subjects').then((c) => c.subjectCalls.profile),
    read: (form) => ({ ...subjectFieldValues(form), currentPassword: form.get('currentPassword') || undefined }),
    known: { 409: { field: 'username', text: m.admin_subject_username_taken } },
    toasts: { success: m.admin_toast_saved, failure: m.admin_subject_save_failed },
    invalidates: 'subjects',
    onSuccess: async (saved) => {
      queryClient.setQueryData(sessionKey, saved);
      // The shell reads the user from the route context, which is built from the session query.
      await router.invalidate();
      await navigate({ to: '/dashboard' });
    },
  });
  return (
    <Card className="max-w-2xl">
      <CardContent>
        <form method="post" noValidate {...form} className="grid gap-4">
          <FormErrors errors={errors} fields={[...subjectFieldNames, 'currentPassword']} />
          <SubjectFields subject={user} errors={errors} ownPassword />
          <TextField
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            label={m.admin_current_password()}
            hint={m.admin_current_password_hint()}
            errors={errors}
          />
          <SaveButton pending={pending} />
        </form>
      </CardContent>
    </Card>
  );
}
