import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeftIcon, DownloadIcon } from 'lucide-react';
import { addDays, defaultRangeDays, type DayRange } from '../../../worker/contracts/station-time';
import { maxExportDays } from '../../../worker/contracts/telemetry';
import { PageHeader } from '~/components/page-header';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Skeleton } from '~/components/ui/skeleton';
import { StationAlarms, useThresholds } from '~/features/alarms/station-alarms';
import { LiveIndicator } from '~/features/live/live-indicator';
import { mergeIntoChart } from '~/features/live/merge';
import { useLiveQuery } from '~/features/live/use-live-query';
import { toast } from '~/lib/toast';
import { m } from '~/paraglide/messages';
import type { PointBudget } from './point-budget';
import { chartQuery } from './queries';
import type { RangeChoice } from './range';
import { RangePicker } from './range-picker';
import { ChartCredit, Readings } from './reading-cards';

const exportable = (range: DayRange) => addDays(range.from, maxExportDays - 1) >= range.to;

/** A station's readings over a range: presets or custom days, one chart per reading, CSV of the raw readings. */
export function ChartPage({ id, choice, points, onRangeChange }: { id: string; choice: RangeChoice; points: PointBudget; onRangeChange: (choice: RangeChoice) => void }) {
  const query = chartQuery(id, choice, points);
  const { data: chart } = useSuspenseQuery(query);
  const { item, range } = chart;
  const live = useLiveQuery([id], query.queryKey, mergeIntoChart);
  const thresholds = useThresholds(item.unique_id);
  const empty = Object.keys(chart.data).length + Object.keys(chart.totals).length === 0;
  // The raw readings (and the CSV code with its date library) load only when someone asks for a file.
  const exportCsv = () => {
    if (!exportable(range)) return toast.warning(m.charts_export_too_long({ days: maxExportDays }));
    import('./export')
      .then(({ exportCsv }) => exportCsv(chart))
      .catch(() => toast.error(m.charts_export_failed()));
  };
  return (
    <>
      <PageHeader
        title={item.name}
        description={[item.unique_id, item.location_name, m.charts_time_zone({ zone: item.timezone })].filter(Boolean).join(' · ')}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <LiveIndicator state={live} />
            <Button asChild variant="ghost" size="sm">
              <Link to="/dashboard">
                <ArrowLeftIcon />
                {m.charts_back()}
              </Link>
            </Button>
            <Button size="sm" onClick={exportCsv} disabled={empty}>
              <DownloadIcon />
              {m.charts_export()}
            </Button>
          </div>
        }
      />
      <div className="grid gap-4">
        <RangePicker days={'from' in choice ? undefined : (choice.days ?? defaultRangeDays)} range={range} onChange={onRangeChange} />
        <StationAlarms item={item} />
        {chart.downsampled && <Alert data-testid="downsampled">{m.charts_downsampled()}</Alert>}
        <Readings chart={chart} thresholds={thresholds} />
        <ChartCredit />
      </div>
    </>
  );
}

/** What shows while a client-side navigation loads a station's charts. */
export function ChartSkeleton() {
  return (
    <div className="grid gap-4">
      <Skeleton className="h-9 w-64 max-w-full" />
      <Skeleton className="h-10 w-full max-w-xl" />
      <div className="grid gap-4 lg:grid-cols-2" data-testid="charts-skeleton">
        {[0, 1].map((i) => (
          <Skeleton key={i} className="h-80 w-full" />
        ))}
      </div>
    </div>
  );
}
