import { createFileRoute } from '@tanstack/react-router';
import { shareQueries } from '~/features/share/queries';
import { ShareError, ShareNotFound } from '~/features/share/share-frame';
import { shareHead } from '~/features/share/head';
import { SharePage, ShareSkeleton } from '~/features/share/share-page';

/** A share link's page: its data comes from the link alone (no session is read), for anyone with the address. */
export const Route = createFileRoute('/s/$secret/')({
  loader: async ({ context: { queryClient }, params }) => ({
    title: (await queryClient.ensureQueryData(shareQueries.view(params.secret))).title,
  }),
  head: shareHead,
  pendingComponent: ShareSkeleton,
  errorComponent: ShareError,
  notFoundComponent: ShareNotFound,
  component: function ShareRoute() {
    const { secret } = Route.useParams();
    return <SharePage secret={secret} />;
  },
});
