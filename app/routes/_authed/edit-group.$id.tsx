import { createFileRoute, notFound } from '@tanstack/react-router';
import { EditSkeleton } from '~/components/edit-screen';
import { RouteNotFound } from '~/components/route-states';
import { requireAdmin } from '~/features/auth/require-admin';
import { GroupEditScreen } from '~/features/groups/group-edit-screen';
import { groupQueries } from '~/features/groups/queries';

export const Route = createFileRoute('/_authed/edit-group/$id')({
  beforeLoad: requireAdmin,
  params: { parse: ({ id }) => ({ id: /^\d+$/.test(id) ? Number(id) : 0 }), stringify: ({ id }) => ({ id: String(id) }) },
  loader: async ({ context, params }) => {
    // A malformed id is no record at all.
    if (!params.id) throw notFound();
    await context.queryClient.ensureQueryData(groupQueries.detail(params.id));
  },
  pendingComponent: EditSkeleton,
  notFoundComponent: RouteNotFound,
  component: function EditGroup() {
    const { id } = Route.useParams();
    // Keyed by id so moving between records starts each form afresh.
    return <GroupEditScreen key={id} id={id} />;
  },
});
