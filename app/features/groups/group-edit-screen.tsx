import { useSuspenseQuery } from '@tanstack/react-query';
import { groupCalls, type GroupEdit } from '../../../worker/contracts/groups';
import { TextField } from '~/components/form';
import { RecordEditScreen, RecordForm, useRecordSaved } from '~/components/record-edit-screen';
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
  const saving = useContractForm({
    call: () => import('../../../worker/contracts/groups').then((c) => c.groupCalls.save),
    read: (form) => ({ id: group?.id, name: form.get('name') }),
    ...useRecordSaved({ resource: 'groups', list: '/groups', failed: m.admin_group_save_failed, isNew: !group }),
  });
  return (
    <RecordForm {...saving} fields={['name']} isNew={!group}>
      <TextField name="name" label={m.admin_group_name()} defaultValue={group?.name} errors={saving.errors} />
    </RecordForm>
  );
}
