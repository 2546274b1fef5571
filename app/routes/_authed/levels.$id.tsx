import { createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { EditSkeleton } from '~/components/edit-screen';
import { RouteNotFound } from '~/components/route-states';
import { LevelsPanel } from '~/features/levels/levels-panel';
import { qualityQueries } from '~/features/quality/queries';
import { StationPageHeader } from '~/features/stations/station-page-header';
import { loadRecord, recordIdParams } from '~/lib/record-route';
import { m } from '~/paraglide/messages';

/**
 * `/levels/{item id}`: a well's Levels tab beside its Quality tab (the same rights): vertical references, manual
 * measurements and the correction stack. The quality state brings the station and its readings.
 */
export const Route = createFileRoute('/_authed/levels/$id')({
  params: recordIdParams,
  loader: ({ context, params }) => loadRecord(context.queryClient, (id) => qualityQueries.state(id!), params.id),
  pendingComponent: EditSkeleton,
  notFoundComponent: RouteNotFound,
  component: function LevelsRoute() {
    const { id } = Route.useParams();
    const { data } = useQuery(qualityQueries.state(id));
    const item = data?.item;
    return (
      <>
        <StationPageHeader item={item} title={item ? m.levels_page_title({ name: item.name }) : m.levels_tab()} />
        {data && <LevelsPanel key={id} itemId={id} timeZone={data.item.timezone} readings={data.approvals.map((a) => a.reading)} />}
      </>
    );
  },
});
