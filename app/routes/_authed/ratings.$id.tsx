import { createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { EditSkeleton } from '~/components/edit-screen';
import { RouteNotFound } from '~/components/route-states';
import { qualityQueries } from '~/features/quality/queries';
import { ratingQueries } from '~/features/ratings/queries';
import { RatingsPanel } from '~/features/ratings/ratings-panel';
import { StationPageHeader } from '~/features/stations/station-page-header';
import { loadRecord, recordIdParams } from '~/lib/record-route';
import { m } from '~/paraglide/messages';

/**
 * `/ratings/{item id}`: a river gauge's Ratings tab beside its Quality and Levels tabs (the same rights): rating
 * versions, shifts and gaugings. The loader fills both queries on the server, so the hydrated page asks for nothing.
 */
export const Route = createFileRoute('/_authed/ratings/$id')({
  params: recordIdParams,
  loader: async ({ context, params }) => {
    await loadRecord(context.queryClient, (id) => qualityQueries.state(id!), params.id);
    await context.queryClient.ensureQueryData(ratingQueries.state(params.id));
  },
  pendingComponent: EditSkeleton,
  notFoundComponent: RouteNotFound,
  component: function RatingsRoute() {
    const { id } = Route.useParams();
    const { data } = useQuery(qualityQueries.state(id));
    const item = data?.item;
    return (
      <>
        <StationPageHeader item={item} title={item ? m.ratings_page_title({ name: item.name }) : m.ratings_tab()} />
        {data && <RatingsPanel key={id} itemId={id} timeZone={data.item.timezone} readings={data.approvals.map((a) => a.reading)} />}
      </>
    );
  },
});
