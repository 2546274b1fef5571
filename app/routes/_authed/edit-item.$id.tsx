import { createFileRoute } from '@tanstack/react-router';
import { EditSkeleton } from '~/components/edit-screen';
import { RouteNotFound } from '~/components/route-states';
import { alarmRuleQueries } from '~/features/alarm-rules/queries';
import { requireAdmin } from '~/features/auth/require-admin';
import { ItemEditScreen } from '~/features/items/item-edit-screen';
import { itemQueries } from '~/features/items/queries';
import { loadRecord, recordIdParams } from '~/lib/record-route';

export const Route = createFileRoute('/_authed/edit-item/$id')({
  beforeLoad: requireAdmin,
  params: recordIdParams,
  loader: async ({ context, params }) => {
    // The rules tab shows its own error and retry, so its data failing does not take the station's form with it.
    await Promise.all([
      loadRecord(context.queryClient, itemQueries.detail, params.id),
      context.queryClient.prefetchQuery(alarmRuleQueries.station(params.id)),
    ]);
  },
  pendingComponent: EditSkeleton,
  notFoundComponent: RouteNotFound,
  component: function EditItem() {
    const { id } = Route.useParams();
    // Keyed by id so moving between records starts each form afresh.
    return <ItemEditScreen key={id} id={id} />;
  },
});
