import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { groupCalls, type GroupEdit } from '../../../worker/contracts/groups';
import { EditScreen } from '~/components/edit-screen';
import { FormErrors, TextField } from '~/components/form';
import { RecordTabs } from '~/components/record-tabs';
import { SaveButton } from '~/components/save-button';
import { groupQueries } from '~/features/groups/queries';
import { send } from '~/lib/api';
import { useContractForm } from '~/lib/use-contract-form';
import { m } from '~/paraglide/messages';

/** `/edit-group` and `/edit-group/$id`. */
export function GroupEditScreen({ id }: { id?: number }) {
  const { data } = useSuspenseQuery(groupQueries.detail(id));
  const { group } = data;
  return (
    <EditScreen title={id ? m.admin_group_edit_title() : m.admin_group_new_title()} backTo="/groups">
      <RecordTabs
        saved={!!group}
        form={<GroupForm group={group} />}
        links={[
          {
            value: 'items',
            label: m.admin_tab_group_items(),
            options: data.allItems,
            selected: data.items,
            save: (ids) => send(groupCalls.setItems, { query: { id: group!.id }, body: ids }),
            empty: m.admin_no_items(),
          },
        ]}
      />
    </EditScreen>
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
