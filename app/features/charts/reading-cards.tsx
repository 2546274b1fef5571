import { ClientOnly } from '@tanstack/react-router';
import { TagIcon } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { periodOf } from '../../../shared/station-time';
import type { StationFace } from '../../../worker/contracts/items';
import type { ChartColumns } from '../../../worker/contracts/telemetry';
import { EmptyState } from '~/components/states';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import { Skeleton } from '~/components/ui/skeleton';
import type { Threshold } from '~/features/alarms/thresholds';
import { usePresentation } from '~/features/stations/presentation';
import { readingsPresent, type Reading } from '~/features/stations/readings';
import { TotalFigures } from '~/features/stations/total-figures';
import { m } from '~/paraglide/messages';
import type { MeasurementPoint } from '~/features/levels/measurement-points';
import { approvalBands, type ApprovalBand } from './approvals';
import { LazyReadingChart } from './lazy-chart';

import { alignTo, flagCounts, localInput, toBars, toFlagMarks, toLine, toMeasuredMarks } from './series';

// The marking form, with its date and contract code, loads when someone starts marking.
const FlagForm = lazy(() => import('~/features/quality/flag-form').then((f) => ({ default: f.FlagForm })));

/**
 * What the reading cards draw: a station's readings as columns, whoever may see them (a signed-in page or a share
 * link), with their flagged points and approvals where the page has them.
 */
export type ChartData = Pick<ChartColumns, 'data' | 'totals' | 'min' | 'max' | 'flags' | 'approved' | 'approvals' | 'approval_levels'> & {
  item: Pick<StationFace, 'unique_id' | 'name_for_api' | 'timezone' | 'datum'>;
};

/** What a signed-in chart page lets a card do with quality: hide rejected markers, and mark readings (with the right). */
export interface QualityView {
  itemId: number;
  hideRejected: boolean;
  mayEdit: boolean;
  /** Manual measurements per reading, drawn as points beside the logger series. */
  measurements?: Record<string, MeasurementPoint[]>;
  /** Another version of the series (the corrected one while the raw is shown), drawn beside each line. */
  beside?: ChartColumns['data'];
}

const chartSkeleton = <Skeleton className="h-56 w-full sm:h-64" />;

const periodTitles = { hour: m.charts_totals_hour, day: m.charts_totals_day, month: m.charts_totals_month, year: m.charts_totals_year };

/** A line reading's extremes, or a summed reading's total and wettest day, over the range. */
function Figures({ chart, code }: { chart: ChartData; code: string }) {
  const format = usePresentation().value(code);
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
        <TotalFigures code={code} sum={totals.sum} peak={totals.peak_day} />
      ) : (
        <>
          {figure(m.stations_min(), 'min', format(chart.min[code]))} · {figure(m.stations_max(), 'max', format(chart.max[code]))}
        </>
      )}
    </p>
  );
}

/** The approval levels a reading's chart shows, each with its colour: the bands' legend. */
function ApprovalLegend({ bands }: { bands: ApprovalBand[] }) {
  const shown = [...new Map(bands.map((b) => [b.name, b.colour])).entries()];
  if (!shown.length) return null;
  return (
    <p className="flex flex-wrap items-center gap-x-3 text-xs text-muted-foreground" data-testid="approval-legend">
      <span>{m.quality_approval_legend()}</span>
      {shown.map(([name, colour]) => (
        <span key={name} className="inline-flex items-center gap-1">
          <span aria-hidden className="inline-block size-2 rounded-sm" style={{ backgroundColor: colour }} />
          {name}
        </span>
      ))}
    </p>
  );
}

/** How many of a reading's readings in the range are suspect and rejected, when any are. */
function FlagCounts({ counts }: { counts: { suspect: number; rejected: number } }) {
  if (!counts.suspect && !counts.rejected) return null;
  return (
    <p className="flex flex-wrap gap-x-3 text-xs text-muted-foreground" data-testid="flag-counts">
      {counts.suspect > 0 && (
        <span className="inline-flex items-center gap-1">
          <span aria-hidden className="inline-block size-2 rounded-full bg-amber-500" />
          {m.quality_count_suspect({ count: counts.suspect })}
        </span>
      )}
      {counts.rejected > 0 && (
        <span className="inline-flex items-center gap-1">
          <span aria-hidden className="inline-block size-2 bg-red-600 dark:bg-red-400" />
          {m.quality_count_rejected({ count: counts.rejected })}
        </span>
      )}
    </p>
  );
}

/**
 * One reading's chart with its figures; `thresholds` are its alarm rules' lines (signed-in pages only). With `quality`,
 * flagged readings are marked, the approved stretch shaded, and a subject with the right can mark a stretch: by a
 * drag across the chart or by the form's from–to fields.
 */
export function ReadingCard({
  chart,
  reading,
  thresholds,
  maintenance,
  quality,
}: {
  chart: ChartData;
  reading: Reading;
  thresholds?: Threshold[];
  /** The station's maintenance windows, as bands (signed-in pages only). */
  maintenance?: { from: number; to: number }[];
  quality?: QualityView;
}) {
  const { code } = reading;
  const presentation = usePresentation();
  const formatValue = useMemo(() => presentation.value(code), [presentation, code]);
  const timeZone = chart.item.timezone;
  const totals = chart.totals[code];
  const line = chart.data[code];
  const drawing = useMemo(() => (totals ? toBars(totals, timeZone) : toLine(line, timeZone)), [totals, line, timeZone]);
  const flags = chart.flags?.[code];
  const hideRejected = quality?.hideRejected ?? false;
  const marks = useMemo(
    () => (totals ? [] : toFlagMarks(flags, drawing, timeZone, hideRejected)),
    [totals, flags, drawing, timeZone, hideRejected],
  );
  const counts = useMemo(() => flagCounts(flags), [flags]);
  const measured = quality?.measurements?.[code];
  const besideLine = quality?.beside?.[code];
  const besidePoints = useMemo(() => (totals || !besideLine ? [] : alignTo(besideLine, drawing)), [totals, besideLine, drawing]);
  const measuredMarks = useMemo(() => (totals ? [] : toMeasuredMarks(measured, drawing)), [totals, measured, drawing]);
  const approvals = useMemo(() => approvalBands(chart, code), [chart, code]);
  const [marking, setMarking] = useState(false);
  const [range, setRange] = useState({ from: '', to: '' });
  const [selection, setSelection] = useState<{ from: number; to: number } | null>(null);
  // A drag chooses drawn points: a bar stands for its whole period.
  const select = ({ from, to }: { from: number; to: number }) => {
    setSelection({ from, to });
    const last = drawing.period ? periodOf(drawing.instants[to], drawing.period, timeZone).end - 60_000 : drawing.instants[to];
    setRange({ from: localInput(drawing.instants[from], timeZone), to: localInput(last, timeZone) });
  };
  const close = () => {
    setMarking(false);
    setSelection(null);
  };
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
        <FlagCounts counts={counts} />
        <ApprovalLegend bands={approvals} />
      </CardHeader>
      <CardContent className="grid gap-3 px-2 sm:px-5">
        {/* The canvas exists only in the browser; server and hydration both show the placeholder. */}
        <ClientOnly fallback={chartSkeleton}>
          <Suspense fallback={chartSkeleton}>
            <LazyReadingChart
              drawing={drawing}
              timeZone={timeZone}
              axisLabel={`${reading.name} (${reading.unit})`}
              formatValue={formatValue}
              thresholds={thresholds}
              flags={marks}
              measurements={measuredMarks}
              beside={besidePoints}
              approvals={approvals}
              maintenance={maintenance}
              selection={marking ? selection : null}
              onSelect={marking ? select : undefined}
            />
          </Suspense>
        </ClientOnly>
        {quality?.mayEdit && !marking && (
          <div>
            <Button variant="outline" size="sm" onClick={() => setMarking(true)} disabled={!drawing.points.length}>
              <TagIcon />
              {m.quality_mark()}
            </Button>
          </div>
        )}
        {quality && marking && (
          <Suspense fallback={<Skeleton className="h-40 w-full" />}>
            <FlagForm
              itemId={quality.itemId}
              reading={code}
              readingName={reading.name}
              timeZone={timeZone}
              range={range}
              onRangeChange={(next) => {
                setSelection(null);
                setRange(next);
              }}
              onClose={close}
            />
          </Suspense>
        )}
      </CardContent>
    </Card>
  );
}

/** The readings a chart has, in the catalogue's order. */
export const chartReadings = (chart: ChartData) =>
  readingsPresent(chart.item.name_for_api, [...Object.keys(chart.data), ...Object.keys(chart.totals)], chart.item.datum);

/** One card per reading the chart has, two columns on wide screens. */
export function Readings({
  chart,
  thresholds,
  maintenance,
  quality,
}: {
  chart: ChartData;
  thresholds?: ReadonlyMap<string, Threshold[]>;
  maintenance?: { from: number; to: number }[];
  quality?: QualityView;
}) {
  const readings = chartReadings(chart);
  if (readings.length === 0) return <EmptyState title={m.charts_empty_title()}>{m.charts_empty_body()}</EmptyState>;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {readings.map((r) => (
        <ReadingCard
          key={r.code}
          chart={chart}
          reading={r}
          thresholds={thresholds?.get(r.code)}
          maintenance={maintenance}
          quality={quality}
        />
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
