import { createFileRoute } from '@tanstack/react-router';
import { Skeleton } from '~/components/ui/skeleton';
import { EmbedCard } from '~/features/share/embeds';
import { shareQueries } from '~/features/share/queries';
import { embedHead } from '~/features/share/head';
import { ShareError, ShareNotFound } from '~/features/share/share-frame';

/** One station's card for an <iframe>: only the link's listed origins may frame it. */
export const Route = createFileRoute('/s/$secret/embed/card/$station')({
  loader: async ({ context: { queryClient }, params }) => {
    await queryClient.ensureQueryData(shareQueries.view(params.secret, true));
  },
  head: embedHead,
  pendingComponent: () => <Skeleton className="h-72 w-full" />,
  errorComponent: ShareError,
  notFoundComponent: ShareNotFound,
  component: function EmbedCardRoute() {
    const { secret, station } = Route.useParams();
    return <EmbedCard secret={secret} station={station} />;
  },
});
