import { createFileRoute } from '@tanstack/react-router';
import { EditSkeleton } from '~/components/edit-screen';
import { requireAdmin } from '~/features/auth/require-admin';
import { GroupEditScreen } from '~/features/groups/group-edit-screen';
import { groupQueries } from '~/features/groups/queries';
import { loadRecord } from '~/lib/record-route';

export const Route = createFileRoute('/_authed/edit-group/')({
  beforeLoad: requireAdmin,
  loader: ({ context }) => loadRecord(context.queryClient, groupQueries.detail),
  pendingComponent: EditSkeleton,
  component: () => <GroupEditScreen />,
});
