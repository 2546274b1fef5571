import { createFileRoute } from '@tanstack/react-router';
import { EditSkeleton } from '~/components/edit-screen';
import { requireAdmin } from '~/features/auth/require-admin';
import { GroupEditScreen } from '~/features/groups/group-edit-screen';
import { groupQueries } from '~/features/groups/queries';

export const Route = createFileRoute('/_authed/edit-group/')({
  beforeLoad: requireAdmin,
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(groupQueries.detail());
  },
  pendingComponent: EditSkeleton,
  component: () => <GroupEditScreen />,
});
