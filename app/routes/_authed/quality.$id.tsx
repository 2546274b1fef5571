import { createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { EditSkeleton } from '~/components/edit-screen';
import { RouteNotFound } from '~/components/route-states';
import { QualityPanel } from '~/features/quality/quality-panel';
import { qualityQueries } from '~/features/quality/queries';
import { StationPageHeader } from '~/features/stations/station-page-header';
import { loadRecord, recordIdParams } from '~/lib/record-route';
import { m } from '~/paraglide/messages';

/**
 * `/quality/{item id}`: a station's Quality tab for anyone who may see the station (its charts link here for subjects
 * with the quality control right; administrators also find it on the station's edit screen).
 */
export const Route = createFileRoute('/_authed/quality/$id')({
  params: recordIdParams,
  loader: ({ context, params }) => loadRecord(context.queryClient, (id) => qualityQueries.state(id!), params.id),
  pendingComponent: EditSkeleton,
  notFoundComponent: RouteNotFound,
  component: function QualityRoute() {
    const { id } = Route.useParams();
    const { data } = useQuery(qualityQueries.state(id));
    const item = data?.item;
    return (
      <>
        <StationPageHeader item={item} title={item ? m.quality_page_title({ name: item.name }) : m.quality_tab()} />
        <QualityPanel key={id} itemId={id} />
      </>
    );
  },
});
