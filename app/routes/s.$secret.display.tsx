import { createFileRoute } from '@tanstack/react-router';
import { displaySearch, type DisplaySearch } from '~/features/display/search';
import { shareQueries } from '~/features/share/queries';
import { ShareDisplay } from '~/features/share/share-display';
import { ShareError, ShareNotFound } from '~/features/share/share-frame';
import { shareHead } from '~/features/share/head';
import { ShareSkeleton } from '~/features/share/share-page';

/** A share link on a control-room screen: `?mode=all|cycle&every=15`, for as long as the link lives. */
export const Route = createFileRoute('/s/$secret/display')({
  validateSearch: displaySearch,
  loader: async ({ context: { queryClient }, params }) => ({
    title: (await queryClient.ensureQueryData(shareQueries.view(params.secret))).title,
  }),
  head: shareHead,
  pendingComponent: ShareSkeleton,
  errorComponent: ShareError,
  notFoundComponent: ShareNotFound,
  component: function ShareDisplayRoute() {
    const { secret } = Route.useParams();
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <ShareDisplay secret={secret} search={search} onSearch={(next: DisplaySearch) => void navigate({ search: next, replace: true })} />
    );
  },
});
