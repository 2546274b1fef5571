import { createFileRoute } from '@tanstack/react-router';
import { EditSkeleton } from '~/components/edit-screen';
import { requireAdmin } from '~/features/auth/require-admin';
import { ItemEditScreen } from '~/features/items/item-edit-screen';
import { itemQueries } from '~/features/items/queries';
import { loadRecord } from '~/lib/record-route';

export const Route = createFileRoute('/_authed/edit-item/')({
  beforeLoad: requireAdmin,
  loader: ({ context }) => loadRecord(context.queryClient, itemQueries.detail),
  pendingComponent: EditSkeleton,
  component: () => <ItemEditScreen />,
});
