import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { groupCalls, type GroupEdit } from '../../../worker/contracts/groups';
import { FormErrors, TextField } from '~/components/form';
import { RecordEditScreen } from '~/components/record-edit-screen';
import { SaveButton } from '~/components/save-button';
import { groupQueries } from '~/features/groups/queries';
import { useContractForm } from '~/lib/use-contract-form';
import { m } from '~/paraglide/messages';

/** `/edit-group` and `/edit-group/$id`. */
export function GroupEditScreen({ id }: { id?: number }) {
  const { data } = useSuspenseQuery(groupQueries.detail(id));
  return (
    <RecordEditScreen
      title={id ? m.admin_group_edit_title() : m.admin_group_new_title()}
      backTo="/groups"
      id={data.group?.id}
      form={<GroupForm group={data.group} />}
      data={data}
      links={{ items: { label: m.admin_tab_group_items(), empty: m.admin_no_items(), call: groupCalls.setItems } }}
    />
  );
}

function GroupForm({ group }: { group: GroupEdit['group'] }) {
  const navigate = useNavigate();
  const { errors, form, pending } = useContractForm({
    call: () => import('../../../worker/contracts/groups').then((c) => c.groupCalls.save),
    read: (form) => ({ id: group?.id, name: form.get('name') }),
    toasts: { success: m.admin_toast_saved, failure: m.admin_group_save_failed },
    invalidates: 'groups',
    // SPEC §4: a new group goes back to the list once saved.
    onSuccess: () => !group && navigate({ to: '/groups' }),
  });
  return (
    <form method="post" noValidate {...form} className="grid max-w-2xl gap-4">
      <FormErrors errors={errors} fields={['name']} />
      {!group && <p className="text-sm text-muted-foreground">{m.admin_save_first()}</p>}
      <TextField name="name" label={m.admin_group_name()} defaultValue={group?.name} errors={errors} />
      <SaveButton pending={pending} />
    </form>
  );
}
