import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { subjectCalls, type SubjectEdit } from '../../../worker/contracts/subjects';
import { RecordEditScreen, RecordForm, useRecordSaved } from '~/components/record-edit-screen';
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
        items: {
          label: m.admin_tab_subject_items(),
          hint: m.admin_subject_items_hint(),
          empty: m.admin_no_items(),
          call: subjectCalls.setItems,
        },
      }}
    />
  );
}

function SubjectForm({ subject }: { subject: SubjectEdit['subject'] }) {
  const [isAdmin, setIsAdmin] = useState(subject?.isAdmin ?? false);
  const saving = useContractForm({
    call: () => import('../../../worker/contracts/subjects').then((c) => c.subjectCalls.save),
    read: (form) => ({ ...subjectFieldValues(form), id: subject?.id, isAdmin }),
    known: { 409: { field: 'username', text: m.admin_subject_username_taken } },
    ...useRecordSaved({ resource: 'subjects', list: '/subjects', failed: m.admin_subject_save_failed, isNew: !subject }),
  });
  const { errors } = saving;
  return (
    <RecordForm {...saving} fields={[...subjectFieldNames, 'isAdmin']} isNew={!subject}>
      <SubjectFields subject={subject} errors={errors} />
      <div className="flex items-center gap-3">
        <Switch id="field-isAdmin" checked={isAdmin} onCheckedChange={setIsAdmin} />
        <Label htmlFor="field-isAdmin">{m.admin_subject_is_admin()}</Label>
        <span className="text-sm text-muted-foreground" aria-hidden>
          {isAdmin ? m.admin_yes() : m.admin_no()}
        </span>
      </div>
      {errors.isAdmin && <p className="text-sm text-destructive">{errors.isAdmin.join(' ')}</p>}
    </RecordForm>
  );
}
