import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import type { SessionUser } from '../../../worker/contracts/site';
import { Profile } from '../../../worker/contracts/subjects';
import { FormErrors } from '~/components/form';
import { SaveButton } from '~/components/save-button';
import { Card, CardContent } from '~/components/ui/card';
import { sessionKey } from '~/features/auth/session-key';
import { SubjectFields, subjectFieldNames, subjectFieldValues } from '~/features/subjects/subject-fields';
import { useSaveForm } from '~/lib/use-save-form';
import { m } from '~/paraglide/messages';

/** The signed-in subject's own details; the reply is the new session user, which replaces the stored one. */
export function ProfileForm({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const navigate = useNavigate();
  const { errors, submit, pending } = useSaveForm({
    schema: Profile,
    path: '/subjects/profile',
    model: 'Users',
    resource: 'subjects',
    failure: m.admin_subject_save_failed,
    conflict: { field: 'username', text: m.admin_subject_username_taken },
    onSaved: async (saved: SessionUser) => {
      queryClient.setQueryData(sessionKey, saved);
      // The shell reads the user from the route context, which is built from the session query.
      await router.invalidate();
      await navigate({ to: '/dashboard' });
    },
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(subjectFieldValues(new FormData(event.currentTarget)));
  };
  return (
    <Card className="max-w-2xl">
      <CardContent>
        <form method="post" noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormErrors errors={errors} fields={subjectFieldNames} />
          <SubjectFields subject={user} errors={errors} />
          <SaveButton pending={pending} />
        </form>
      </CardContent>
    </Card>
  );
}
