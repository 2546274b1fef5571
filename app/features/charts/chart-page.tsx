import { useSuspenseQuery } from '@tanstack/react-query';
import { ClientOnly, Link } from '@tanstack/react-router';
import { ArrowLeftIcon, DownloadIcon } from 'lucide-react';
import { Suspense, useMemo } from 'react';
import { defaultRangeDays } from '../../../worker/contracts/station-time';
import type { Chart } from '../../../worker/contracts/telemetry';
import { PageHeader } from '~/components/page-header';
import { EmptyState } from '~/components/states';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import { Skeleton } from '~/components/ui/skeleton';
import { StationAlarms, useThresholds } from '~/features/alarms/station-alarms';
import { LiveIndicator } from '~/features/live/live-indicator';
import { mergeIntoChart } from '~/features/live/merge';
import { useLiveQuery } from '~/features/live/use-live-query';
import { formatValue, readingsPresent } from '~/features/stations/readings';
import { m } from '~/paraglide/messages';
import { LazyReadingChart } from './lazy-chart';
import { chartQuery } from './queries';
import type { RangeChoice } from './range';
import { RangePicker } from './range-picker';
import { byReading, pointsOf, toSeries } from './series';

const chartSkeleton = <Skeleton className="h-56 w-full sm:h-64" />;

function Readings({ chart }: { chart: Chart }) {
  const points = useMemo(() => pointsOf(chart.data), [chart.data]);
  const groups = useMemo(() => byReading(points), [points]);
  const series = useMemo(() => new Map([...groups].map(([code, group]) => [code, toSeries(group)])), [groups]);
  const readings = readingsPresent(chart.item.name_for_api, groups.keys());
  const thresholds = useThresholds(chart.item.unique_id);
  if (readings.length === 0) return <EmptyState title={m.charts_empty_title()}>{m.charts_empty_body()}</EmptyState>;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {readings.map((r) => (
        <Card key={r.code} data-reading={r.code} className="min-w-0 gap-3">
          <CardHeader>
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <CardTitle className="text-base">
                {r.name} <span className="font-normal text-muted-foreground">({r.unit})</span>
              </CardTitle>
              <p className="text-sm tabular-nums text-muted-foreground">
                {m.stations_min()} <span className="font-medium text-foreground" data-testid="min">{formatValue(chart.min[r.code])}</span> · {m.stations_max()}{' '}
                <span className="font-medium text-foreground" data-testid="max">{formatValue(chart.max[r.code])}</span>
              </p>
            </div>
          </CardHeader>
          <CardContent className="px-2 sm:px-5">
            {/* The canvas exists only in the browser; server and hydration both show the placeholder. */}
            <ClientOnly fallback={chartSkeleton}>
              <Suspense fallback={chartSkeleton}>
                <LazyReadingChart series={series.get(r.code) ?? []} timeZone={chart.item.timezone} label={r.code} thresholds={thresholds.get(r.code)} />
              </Suspense>
            </ClientOnly>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

/** A station's readings over a range: presets or custom days, one chart per reading, CSV of what is shown. */
export function ChartPage({ id, choice, onRangeChange }: { id: string; choice: RangeChoice; onRangeChange: (choice: RangeChoice) => void }) {
  const query = chartQuery(id, choice);
  const { data: chart } = useSuspenseQuery(query);
  const { item, range } = chart;
  const live = useLiveQuery([id], query.queryKey, (data, message) => mergeIntoChart(data, message, data.range));
  // The CSV code (and its date library) loads only when someone asks for a file.
  const exportCsv = () => void import('./export').then(({ exportCsv }) => exportCsv(chart));
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
            <Button size="sm" onClick={exportCsv} disabled={chart.data.length === 0}>
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
        <Readings chart={chart} />
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
