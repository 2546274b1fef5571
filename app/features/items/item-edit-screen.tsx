import { useQuery } from '@tanstack/react-query';
import { EditScreen } from '~/components/edit-screen';
import { LinkChecklist } from '~/components/link-checklist';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs';
import { ItemForm } from '~/features/items/item-form';
import { itemQueries } from '~/features/items/queries';
import { TokenPanel } from '~/features/items/token-panel';
import { m } from '~/paraglide/messages';

/** `/edit-item` and `/edit-item/$id`; links and the token need a saved station, so a new one has only its form. */
export function ItemEditScreen({ id }: { id?: number }) {
  const query = useQuery(itemQueries.detail(id));
  return (
    <EditScreen title={id ? m.admin_item_edit_title() : m.admin_item_new_title()} backTo="/all-items" query={query}>
      {(data) => (
        <Tabs defaultValue="basic">
          <TabsList>
            <TabsTrigger value="basic">{m.admin_tab_basic()}</TabsTrigger>
            <TabsTrigger value="groups" disabled={!data.item}>
              {m.admin_tab_item_groups()}
            </TabsTrigger>
            <TabsTrigger value="subjects" disabled={!data.item}>
              {m.admin_tab_item_subjects()}
            </TabsTrigger>
            <TabsTrigger value="token" disabled={!data.item}>
              {m.admin_tab_token()}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="basic">
            <ItemForm item={data.item} />
          </TabsContent>
          {data.item && (
            <>
              <TabsContent value="groups">
                <LinkChecklist
                  key={data.groups.join()}
                  options={data.allGroups}
                  selected={data.groups}
                  path={`/items/groups?id=${data.item.id}`}
                  model="ItemGroups"
                  empty={m.admin_no_groups()}
                />
              </TabsContent>
              <TabsContent value="subjects">
                <LinkChecklist
                  key={data.subjects.join()}
                  options={data.allSubjects}
                  selected={data.subjects}
                  path={`/items/subjects?id=${data.item.id}`}
                  model="ItemSubjects"
                  empty={m.admin_no_subjects()}
                />
              </TabsContent>
              <TabsContent value="token">
                <TokenPanel itemId={data.item.id} />
              </TabsContent>
            </>
          )}
        </Tabs>
      )}
    </EditScreen>
  );
}
