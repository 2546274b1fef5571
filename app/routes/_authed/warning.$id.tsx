import { createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { EditSkeleton } from '~/components/edit-screen';
import { RouteNotFound } from '~/components/route-states';
import { StationPageHeader } from '~/features/stations/station-page-header';
import { MaintenancePanel } from '~/features/warning/maintenance-panel';
import { warningQueries } from '~/features/warning/queries';
import { WarningLevelsPanel } from '~/features/warning/warning-levels-panel';
import { loadRecord, recordIdParams } from '~/lib/record-route';
import { m } from '~/paraglide/messages';

/**
 * `/warning/{item id}`: a station's warning levels per reading and its maintenance windows, for anyone who may see the
 * station; administrators change them (and start maintenance on site with one button).
 */
export const Route = createFileRoute('/_authed/warning/$id')({
  params: recordIdParams,
  loader: ({ context, params }) => loadRecord(context.queryClient, (id) => warningQueries.station(id!), params.id),
  pendingComponent: EditSkeleton,
  notFoundComponent: RouteNotFound,
  component: function WarningRoute() {
    const { id } = Route.useParams();
    const { data } = useQuery(warningQueries.station(id));
    const item = data?.item;
    return (
      <>
        <StationPageHeader item={item} title={item ? m.warning_page_title({ name: item.name }) : m.warning_tab()} />
        {data && (
          <div className="grid min-w-0 gap-4">
            <MaintenancePanel key={`maintenance-${id}`} state={data} />
            <WarningLevelsPanel key={`levels-${id}`} state={data} />
          </div>
        )}
      </>
    );
  },
});
