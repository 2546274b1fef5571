import { createFileRoute } from '@tanstack/react-router';
import { EditSkeleton } from '~/components/edit-screen';
import { shareLinkQueries } from '~/features/share-links/queries';
import { ShareLinkEditScreen } from '~/features/share-links/share-link-edit-screen';

export const Route = createFileRoute('/_authed/edit-share-link/')({
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(shareLinkQueries.detail());
  },
  pendingComponent: EditSkeleton,
  component: () => <ShareLinkEditScreen />,
});
