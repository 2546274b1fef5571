import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { subjectCalls, type SubjectEdit } from '../../../worker/contracts/subjects';
import { FormErrors } from '~/components/form';
import { RecordEditScreen } from '~/components/record-edit-screen';
import { SaveButton } from '~/components/save-button';
import { Label } from '~/components/ui/label';
import { Switch } from '~/components/ui/switch';
import { subjectQueries } from '~/features/subjects/queries';
import { SubjectFields, subjectFieldNames, subjectFieldValues } from '~/features/subjects/subject-fields';
import { useContractForm } from '~/lib/use-contract-form';
import { m } from '~/paraglide/messages';

/** `/edit-subject` and `/edit-subject/$id`. */
export function SubjectEditScreen({ id }: { id?: number }) {
  const { data } = useSuspenseQuery(subjectQueries.detail(id));
  return (
    <RecordEditScreen
      title={id ? m.admin_subject_edit_title() : m.admin_subject_new_title()}
      backTo="/subjects"
      id={data.subject?.id}
      form={<SubjectForm subject={data.subject} />}
      data={data}
      links={{
        groups: { label: m.admin_tab_subject_groups(), empty: m.admin_no_groups(), call: subjectCalls.setGroups },
        items: { label: m.admin_tab_subject_items(), hint: m.admin_subject_items_hint(), empty: m.admin_no_items(), call: subjectCalls.setItems },
      }}
    />
  );
}

function SubjectForm({ subject }: { subject: SubjectEdit['subject'] }) {
  const navigate = useNavigate();
  const [isAdmin, setIsAdmin] = useState(subject?.isAdmin ?? false);
  const { errors, form, pending } = useContractForm({
    call: () => import('../../../worker/contracts/subjects').then((c) => c.subjectCalls.save),
    read: (form) => ({ ...subjectFieldValues(form), id: subject?.id, isAdmin }),
    known: { 409: { field: 'username', text: m.admin_subject_username_taken } },
    toasts: { success: m.admin_toast_saved, failure: m.admin_subject_save_failed },
    invalidates: 'subjects',
    // SPEC §4: a new subject goes back to the list once saved.
    onSuccess: () => !subject && navigate({ to: '/subjects' }),
  });
  return (
    <form method="post" noValidate {...form} className="grid max-w-2xl gap-4">
      <FormErrors errors={errors} fields={[...subjectFieldNames, 'isAdmin']} />
      {!subject && <p className="text-sm text-muted-foreground">{m.admin_save_first()}</p>}
      <SubjectFields subject={subject} errors={errors} />
      <div className="flex items-center gap-3">
        <Switch id="field-isAdmin" checked={isAdmin} onCheckedChange={setIsAdmin} />
        <Label htmlFor="field-isAdmin">{m.admin_subject_is_admin()}</Label>
        <span className="text-sm text-muted-foreground" aria-hidden>
          {isAdmin ? m.admin_yes() : m.admin_no()}
        </span>
      </div>
      {errors.isAdmin && <p className="text-sm text-destructive">{errors.isAdmin.join(' ')}</p>}
      <SaveButton pending={pending} />
    </form>
  );
}
