import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { Groups, type GroupEdit } from '../../../worker/contracts/groups';
import { EditScreen } from '~/components/edit-screen';
import { FormErrors, TextField } from '~/components/form';
import { LinkChecklist } from '~/components/link-checklist';
import { SaveButton } from '~/components/save-button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs';
import { groupQueries } from '~/features/groups/queries';
import { useSaveForm } from '~/lib/use-save-form';
import { m } from '~/paraglide/messages';

/** `/edit-group` and `/edit-group/$id`. */
export function GroupEditScreen({ id }: { id?: number }) {
  const query = useQuery(groupQueries.detail(id));
  return (
    <EditScreen title={id ? m.admin_group_edit_title() : m.admin_group_new_title()} backTo="/groups" query={query}>
      {(data) => (
        <Tabs defaultValue="basic">
          <TabsList>
            <TabsTrigger value="basic">{m.admin_tab_basic()}</TabsTrigger>
            <TabsTrigger value="items" disabled={!data.group}>
              {m.admin_tab_group_items()}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="basic">
            <GroupForm group={data.group} />
          </TabsContent>
          {data.group && (
            <TabsContent value="items">
              <LinkChecklist
                key={data.items.join()}
                options={data.allItems}
                selected={data.items}
                path={`/groups/items?id=${data.group.id}`}
                model="GroupItems"
                empty={m.admin_no_items()}
              />
            </TabsContent>
          )}
        </Tabs>
      )}
    </EditScreen>
  );
}

function GroupForm({ group }: { group: GroupEdit['group'] }) {
  const navigate = useNavigate();
  const { errors, submit, pending } = useSaveForm({
    schema: Groups,
    path: '/groups/edit',
    model: 'Groups',
    resource: 'groups',
    failure: m.admin_group_save_failed,
    onSaved: () => {
      if (!group) return navigate({ to: '/groups' });
    },
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit({
      id: group?.id,
      name: new FormData(event.currentTarget).get('name'),
    });
  };
  return (
    <form method="post" noValidate onSubmit={onSubmit} className="grid max-w-2xl gap-4">
      <FormErrors errors={errors} fields={['name']} />
      {!group && <p className="text-sm text-muted-foreground">{m.admin_save_first()}</p>}
      <TextField name="name" label={m.admin_group_name()} defaultValue={group?.name} errors={errors} />
      <SaveButton pending={pending} />
    </form>
  );
}
