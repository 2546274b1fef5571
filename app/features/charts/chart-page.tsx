import { useSuspenseQuery } from '@tanstack/react-query';
import { ClientOnly, Link } from '@tanstack/react-router';
import { ArrowLeftIcon, DownloadIcon } from 'lucide-react';
import { Suspense, useMemo } from 'react';
import { addDays, defaultRangeDays, type DayRange } from '../../../worker/contracts/station-time';
import { maxExportDays, type ChartColumns } from '../../../worker/contracts/telemetry';
import { PageHeader } from '~/components/page-header';
import { EmptyState } from '~/components/states';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import { Skeleton } from '~/components/ui/skeleton';
import { StationAlarms, useThresholds } from '~/features/alarms/station-alarms';
import type { Threshold } from '~/features/alarms/thresholds';
import { LiveIndicator } from '~/features/live/live-indicator';
import { mergeIntoChart } from '~/features/live/merge';
import { useLiveQuery } from '~/features/live/use-live-query';
import { formatValue, readingsPresent, type Reading } from '~/features/stations/readings';
import { TotalFigures } from '~/features/stations/total-figures';
import { toast } from '~/lib/toast';
import { m } from '~/paraglide/messages';
import { LazyReadingChart } from './lazy-chart';
import type { PointBudget } from './point-budget';
import { chartQuery } from './queries';
import type { RangeChoice } from './range';
import { RangePicker } from './range-picker';
import { toBars, toLine } from './series';

const chartSkeleton = <Skeleton className="h-56 w-full sm:h-64" />;

const periodTitles = { hour: m.charts_totals_hour, day: m.charts_totals_day, month: m.charts_totals_month, year: m.charts_totals_year };

/** A line reading's extremes, or a summed reading's total and wettest day, over the range. */
function Figures({ chart, code }: { chart: ChartColumns; code: string }) {
  const totals = chart.totals[code];
  const figure = (label: string, testId: string, value: string) => (
    <>
      {label}{' '}
      <span className="font-medium text-foreground" data-testid={testId}>
        {value}
      </span>
    </>
  );
  return (
    <p className="text-sm tabular-nums text-muted-foreground">
      {totals ? (
        <TotalFigures sum={totals.sum} peak={totals.peak_day} />
      ) : (
        <>
          {figure(m.stations_min(), 'min', formatValue(chart.min[code]))} · {figure(m.stations_max(), 'max', formatValue(chart.max[code]))}
        </>
      )}
    </p>
  );
}

function ReadingCard({ chart, reading, thresholds }: { chart: ChartColumns; reading: Reading; thresholds?: Threshold[] }) {
  const { code } = reading;
  const timeZone = chart.item.timezone;
  const totals = chart.totals[code];
  const line = chart.data[code];
  const drawing = useMemo(() => (totals ? toBars(totals, timeZone) : toLine(line, timeZone)), [totals, line, timeZone]);
  return (
    <Card data-reading={code} className="min-w-0 gap-3">
      <CardHeader>
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <CardTitle className="text-base">
            {reading.name} <span className="font-normal text-muted-foreground">({reading.unit})</span>
            {totals && <span className="font-normal text-muted-foreground"> · {periodTitles[totals.period]()}</span>}
          </CardTitle>
          <Figures chart={chart} code={code} />
        </div>
      </CardHeader>
      <CardContent className="px-2 sm:px-5">
        {/* The canvas exists only in the browser; server and hydration both show the placeholder. */}
        <ClientOnly fallback={chartSkeleton}>
          <Suspense fallback={chartSkeleton}>
            <LazyReadingChart drawing={drawing} timeZone={timeZone} axisLabel={`${reading.name} (${reading.unit})`} thresholds={thresholds} />
          </Suspense>
        </ClientOnly>
      </CardContent>
    </Card>
  );
}

function Readings({ chart }: { chart: ChartColumns }) {
  const readings = readingsPresent(chart.item.name_for_api, [...Object.keys(chart.data), ...Object.keys(chart.totals)]);
  const thresholds = useThresholds(chart.item.unique_id);
  if (readings.length === 0) return <EmptyState title={m.charts_empty_title()}>{m.charts_empty_body()}</EmptyState>;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {readings.map((r) => (
        <ReadingCard key={r.code} chart={chart} reading={r} thresholds={thresholds.get(r.code)} />
      ))}
    </div>
  );
}

/** The library's licence asks for its notice and a link to TradingView once on the page, not on every chart. */
function ChartCredit() {
  const link = 'underline underline-offset-2 hover:text-foreground';
  return (
    <p className="text-xs text-muted-foreground" data-testid="chart-credit">
      {m.charts_credit()}{' '}
      <a className={link} href="https://www.tradingview.com/lightweight-charts/" target="_blank" rel="noopener noreferrer">
        TradingView Lightweight Charts™
      </a>
      , Copyright © TradingView, Inc.,{' '}
      <a className={link} href="https://www.tradingview.com/" target="_blank" rel="noopener noreferrer">
        tradingview.com
      </a>
    </p>
  );
}

const exportable = (range: DayRange) => addDays(range.from, maxExportDays - 1) >= range.to;

/** A station's readings over a range: presets or custom days, one chart per reading, CSV of the raw readings. */
export function ChartPage({ id, choice, points, onRangeChange }: { id: string; choice: RangeChoice; points: PointBudget; onRangeChange: (choice: RangeChoice) => void }) {
  const query = chartQuery(id, choice, points);
  const { data: chart } = useSuspenseQuery(query);
  const { item, range } = chart;
  const live = useLiveQuery([id], query.queryKey, mergeIntoChart);
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
        <Readings chart={chart} />
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
