import { ClientOnly } from '@tanstack/react-router';
import { Suspense, useMemo } from 'react';
import type { StationFace } from '../../../worker/contracts/items';
import type { ChartColumns } from '../../../worker/contracts/telemetry';
import { EmptyState } from '~/components/states';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import { Skeleton } from '~/components/ui/skeleton';
import type { Threshold } from '~/features/alarms/thresholds';
import { formatValue, readingsPresent, type Reading } from '~/features/stations/readings';
import { TotalFigures } from '~/features/stations/total-figures';
import { m } from '~/paraglide/messages';
import { LazyReadingChart } from './lazy-chart';
import { toBars, toLine } from './series';

/** What the reading cards draw: a station's readings as columns, whoever may see them (a signed-in page or a share link). */
export type ChartData = Pick<ChartColumns, 'data' | 'totals' | 'min' | 'max'> & { item: Pick<StationFace, 'unique_id' | 'name_for_api' | 'timezone'> };

const chartSkeleton = <Skeleton className="h-56 w-full sm:h-64" />;

const periodTitles = { hour: m.charts_totals_hour, day: m.charts_totals_day, month: m.charts_totals_month, year: m.charts_totals_year };

/** A line reading's extremes, or a summed reading's total and wettest day, over the range. */
function Figures({ chart, code }: { chart: ChartData; code: string }) {
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

/** One reading's chart with its figures; `thresholds` are its alarm rules' lines (signed-in pages only). */
export function ReadingCard({ chart, reading, thresholds }: { chart: ChartData; reading: Reading; thresholds?: Threshold[] }) {
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

/** The readings a chart has, in the catalogue's order. */
export const chartReadings = (chart: ChartData) => readingsPresent(chart.item.name_for_api, [...Object.keys(chart.data), ...Object.keys(chart.totals)]);

/** One card per reading the chart has, two columns on wide screens. */
export function Readings({ chart, thresholds }: { chart: ChartData; thresholds?: ReadonlyMap<string, Threshold[]> }) {
  const readings = chartReadings(chart);
  if (readings.length === 0) return <EmptyState title={m.charts_empty_title()}>{m.charts_empty_body()}</EmptyState>;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {readings.map((r) => (
        <ReadingCard key={r.code} chart={chart} reading={r} thresholds={thresholds?.get(r.code)} />
      ))}
    </div>
  );
}

/** The library's licence asks for its notice and a link to TradingView once on the page, not on every chart. */
export function ChartCredit() {
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
