import { createFileRoute } from '@tanstack/react-router';
import { EditSkeleton } from '~/components/edit-screen';
import { RouteNotFound } from '~/components/route-states';
import { requireAdmin } from '~/features/auth/require-admin';
import { GroupEditScreen } from '~/features/groups/group-edit-screen';
import { groupQueries } from '~/features/groups/queries';
import { loadRecord, recordIdParams } from '~/lib/record-route';

export const Route = createFileRoute('/_authed/edit-group/$id')({
  beforeLoad: requireAdmin,
  params: recordIdParams,
  loader: ({ context, params }) => loadRecord(context.queryClient, groupQueries.detail, params.id),
  pendingComponent: EditSkeleton,
  notFoundComponent: RouteNotFound,
  component: function EditGroup() {
    const { id } = Route.useParams();
    // Keyed by id so moving between records starts each form afresh.
    return <GroupEditScreen key={id} id={id} />;
  },
});
