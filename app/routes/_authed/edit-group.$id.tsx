import { createFileRoute } from '@tanstack/react-router';
import { requireAdmin } from '~/features/auth/require-admin';
import { GroupEditScreen } from '~/features/groups/group-edit-screen';

export const Route = createFileRoute('/_authed/edit-group/$id')({
  beforeLoad: requireAdmin,
  component: function EditGroup() {
    const { id } = Route.useParams();
    // Keyed by id so moving between records starts each form afresh.
    return <GroupEditScreen key={id} id={Number(id)} />;
  },
});
