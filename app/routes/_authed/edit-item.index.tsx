import { createFileRoute } from '@tanstack/react-router';
import { EditSkeleton } from '~/components/edit-screen';
import { requireAdmin } from '~/features/auth/require-admin';
import { ItemEditScreen } from '~/features/items/item-edit-screen';
import { itemQueries } from '~/features/items/queries';

export const Route = createFileRoute('/_authed/edit-item/')({
  beforeLoad: requireAdmin,
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(itemQueries.detail());
  },
  pendingComponent: EditSkeleton,
  component: () => <ItemEditScreen />,
});
