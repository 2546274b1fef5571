import { api } from '~/lib/api';
import { useSuspenseQuery } from '@tanstack/react-query';
import { EditScreen } from '~/components/edit-screen';
import { RecordTabs } from '~/components/record-tabs';
import { RulesPanel } from '~/features/alarm-rules/rules-panel';
import { ItemForm } from '~/features/items/item-form';
import { itemQueries } from '~/features/items/queries';
import { TokenPanel } from '~/features/items/token-panel';
import { m } from '~/paraglide/messages';

/** `/edit-item` and `/edit-item/$id`; links and the token need a saved station, so a new one has only its form. */
export function ItemEditScreen({ id }: { id?: number }) {
  const { data } = useSuspenseQuery(itemQueries.detail(id));
  const { item } = data;
  return (
    <EditScreen title={id ? m.admin_item_edit_title() : m.admin_item_new_title()} backTo="/all-items">
      <RecordTabs
        saved={!!item}
        form={<ItemForm item={item} />}
        links={[
          {
            value: 'groups',
            label: m.admin_tab_item_groups(),
            options: data.allGroups,
            selected: data.groups,
            save: (ids) => api(`/items/groups?id=${item?.id}`, { method: 'POST', body: { ItemGroups: ids } }),
            empty: m.admin_no_groups(),
          },
          {
            value: 'subjects',
            label: m.admin_tab_item_subjects(),
            options: data.allSubjects,
            selected: data.subjects,
            save: (ids) => api(`/items/subjects?id=${item?.id}`, { method: 'POST', body: { ItemSubjects: ids } }),
            empty: m.admin_no_subjects(),
          },
        ]}
        more={[
          { value: 'token', label: m.admin_tab_token(), content: item && <TokenPanel itemId={item.id} /> },
          { value: 'rules', label: m.alarm_rules_tab(), content: item && <RulesPanel item={item} /> },
        ]}
      />
    </EditScreen>
  );
}
