import { useSuspenseQuery } from '@tanstack/react-query';
import { itemCalls } from '../../../worker/contracts/items';
import { RecordEditScreen } from '~/components/record-edit-screen';
import { RulesPanel } from '~/features/alarm-rules/rules-panel';
import { ItemForm } from '~/features/items/item-form';
import { itemQueries } from '~/features/items/queries';
import { LineFieldsPanel } from '~/features/items/line-fields-panel';
import { TokenPanel } from '~/features/items/token-panel';
import { QualityPanel } from '~/features/quality/quality-panel';
import { m } from '~/paraglide/messages';

/** `/edit-item` and `/edit-item/$id`; links and the token need a saved station, so a new one has only its form. */
export function ItemEditScreen({ id }: { id?: number }) {
  const { data } = useSuspenseQuery(itemQueries.detail(id));
  const { item } = data;
  return (
    <RecordEditScreen
      title={id ? m.admin_item_edit_title() : m.admin_item_new_title()}
      backTo="/all-items"
      id={item?.id}
      form={<ItemForm item={item} />}
      data={data}
      links={{
        groups: { label: m.admin_tab_item_groups(), empty: m.admin_no_groups(), call: itemCalls.setGroups },
        subjects: { label: m.admin_tab_item_subjects(), empty: m.admin_no_subjects(), call: itemCalls.setSubjects },
      }}
      more={[
        { value: 'token', label: m.admin_tab_token(), content: item && <TokenPanel itemId={item.id} /> },
        { value: 'line', label: m.line_fields_tab(), content: item && <LineFieldsPanel itemId={item.id} uniqueId={item.unique_id} /> },
        { value: 'rules', label: m.alarm_rules_tab(), content: item && <RulesPanel item={item} /> },
        { value: 'quality', label: m.quality_tab(), content: item && <QualityPanel itemId={item.id} /> },
      ]}
    />
  );
}
