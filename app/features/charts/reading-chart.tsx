import type { ApprovalBand } from './approvals';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import {
  ColorType,
  createChart,
  createSeriesMarkers,
  HistogramSeries,
  LineSeries,
  LineStyle,
  TickMarkType,
  type AutoscaleInfoProvider,
  type IChartApi,
  type SeriesMarker,
  type Time,
} from 'lightweight-charts';
import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import type { Period } from '../../../shared/station-time';
import type { Threshold } from '~/features/alarms/thresholds';
import { formatValue as fourDecimals } from '~/features/stations/readings';
import { rememberPlotWidth } from './point-budget';
import { m } from '~/paraglide/messages';
import type { Drawing, FlagMark, SeriesPoint } from './series';

const palettes = {
  light: {
    text: '#52525b',
    grid: '#e4e4e7',
    line: '#2563eb',
    bar: '#0891b2',
    critical: '#dc2626',
    warning: '#d97706',
    suspect: '#d97706',
    rejected: '#dc2626',
    measured: '#7c3aed',
  },
  dark: {
    text: '#a1a1aa',
    grid: '#27272a',
    line: '#60a5fa',
    bar: '#22d3ee',
    critical: '#f87171',
    warning: '#fbbf24',
    suspect: '#fbbf24',
    rejected: '#f87171',
    measured: '#a78bfa',
  },
};
type Palette = (typeof palettes)['light'];

const noFlags: FlagMark[] = [];
const noMeasurements: { time: number; value: number }[] = [];
const noBeside: SeriesPoint[] = [];

/**
 * Markers of flagged readings, on a series of their own that neither draws a line nor moves the value scale: suspect
 * ones as circles where they are, rejected ones as squares, or as arrows at the edge of the plot when their value lies
 * off the scale the good readings set (a -999 from a loose probe is shown, not allowed to squash the line).
 */
function flagMarkers(flags: FlagMark[], range: { lo: number; hi: number }, colors: Palette) {
  const points: { time: Time; value: number }[] = [];
  const markers: SeriesMarker<Time>[] = [];
  for (const f of flags) {
    const price = Math.min(range.hi, Math.max(range.lo, f.value));
    const off = price !== f.value;
    points.push({ time: f.time as Time, value: price });
    markers.push({
      time: f.time as Time,
      position: 'atPriceMiddle',
      price,
      shape: f.flag === 1 ? 'circle' : off ? (f.value > price ? 'arrowUp' : 'arrowDown') : 'square',
      color: f.flag === 1 ? colors.suspect : colors.rejected,
      size: f.flag === 1 ? 0.6 : 0.8,
    });
  }
  return { points, markers };
}

/** Where an instant falls on the plot: the x of the last drawn point not after it (null before the first). */
function xOf(chart: IChartApi, drawing: Drawing, instant: number): number | null {
  const { instants, points } = drawing;
  let lo = 0;
  let hi = instants.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (instants[mid] <= instant) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (found < 0) return null;
  return chart.timeScale().timeToCoordinate(points[found].time as Time);
}

/** The index of the drawn point nearest a plot x. */
function indexAt(chart: IChartApi, drawing: Drawing, x: number): number {
  const logical = chart.timeScale().coordinateToLogical(x) ?? 0;
  return Math.min(drawing.points.length - 1, Math.max(0, Math.round(logical)));
}

const noThresholds: Threshold[] = [];
const noMaintenance: { from: number; to: number }[] = [];
const noApprovals: ApprovalBand[] = [];

/**
 * Where a stretch of time lies on the plot, from its first drawn point to its last (the plot's edge when it runs past
 * the drawn range), or null when it misses the drawn range.
 */
function spanOf(chart: IChartApi, drawing: Drawing, { from, to }: { from: number; to: number }, plotWidth: number) {
  const { instants, points } = drawing;
  if (!instants.length || to <= instants[0] || from > instants.at(-1)!) return null;
  const first = instants.findIndex((t) => t >= from);
  const left = first <= 0 ? 0 : (chart.timeScale().timeToCoordinate(points[first].time as Time) ?? 0);
  const right = to > instants.at(-1)! ? plotWidth : (xOf(chart, drawing, to - 1) ?? 0);
  return { left, width: Math.max(2, Math.min(right, plotWidth) - left) };
}

/** Widens the value scale to take in the alarm lines, so a threshold far from the readings is still seen. */
const withThresholds =
  (levels: number[], scale?: AutoscaleInfoProvider): AutoscaleInfoProvider =>
  (original) => {
    const info = scale ? scale(original) : original();
    if (!info?.priceRange || !levels.length) return info;
    const { minValue, maxValue } = info.priceRange;
    return { ...info, priceRange: { minValue: Math.min(minValue, ...levels), maxValue: Math.max(maxValue, ...levels) } };
  };

// The app toggles `dark` on <html>; the chart draws on a canvas, so it must be told.
function useIsDark() {
  const [dark, setDark] = useState(() => document.documentElement.classList.contains('dark'));
  useEffect(() => {
    const root = document.documentElement;
    const observer = new MutationObserver(() => setDark(root.classList.contains('dark')));
    observer.observe(root, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, []);
  return dark;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A time-axis label from wall-clock seconds, by the weight the library gave the mark: each day, month or year
 * is marked once by its date (DD.MM, SPEC §9) or year, hours between them by their time, so no label repeats.
 */
function tickLabel(seconds: number, type: TickMarkType) {
  const d = new Date(seconds * 1000);
  if (type === TickMarkType.Year) return String(d.getUTCFullYear());
  if (type === TickMarkType.Month || type === TickMarkType.DayOfMonth) return `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}`;
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  return type === TickMarkType.TimeWithSeconds ? `${time}:${pad(d.getUTCSeconds())}` : time;
}

// What the crosshair says of a point: its instant, or the period a bar totals.
const crosshairPatterns: Record<Period | 'instant', string> = {
  instant: 'dd.MM.yyyy HH:mm',
  hour: 'dd.MM.yyyy HH:mm',
  day: 'dd.MM.yyyy',
  month: 'MM.yyyy',
  year: 'yyyy',
};

// Totals are never negative: their axis starts at zero, and a range without rain still shows a sensible scale.
const fromZero: AutoscaleInfoProvider = (original) => {
  const maxValue = original()?.priceRange?.maxValue ?? 0;
  return { priceRange: { minValue: 0, maxValue: maxValue > 0 ? maxValue : 1 } };
};

interface ReadingChartProps {
  drawing: Drawing;
  /** The station's zone: labels read the station's wall clock. */
  timeZone: string;
  /** The value axis' title: the reading's name in the visitor's language, and its unit. */
  axisLabel: string;
  /** How the axis and crosshair write a value (the page's presentation of this reading): four decimals unless given. */
  formatValue?: (value: number) => string;
  /** The station's alarm rules on this reading: lines at their thresholds (clear levels dashed), in their severity's colour. */
  thresholds?: Threshold[];
  /** Flagged readings to mark (suspect and rejected). */
  flags?: FlagMark[];
  /** Another version of the series at drawn times (the corrected one beside the raw), drawn thin and dashed. */
  beside?: SeriesPoint[];
  /** Manual measurements, at drawn times: points beside the line. */
  measurements?: { time: number; value: number }[];
  /** The reading's approval ranges (epoch ms, end excluded), each shaded in its level's colour and named. */
  approvals?: ApprovalBand[];
  /** The station's maintenance windows (epoch ms, end excluded): bands over the plot. */
  maintenance?: { from: number; to: number }[];
  /** A chosen stretch (indexes of drawn points), shaded. */
  selection?: { from: number; to: number } | null;
  /** Given: dragging across the plot chooses a stretch (indexes of the first and last drawn point) instead of moving it. */
  onSelect?: (range: { from: number; to: number }) => void;
}

/**
 * One reading over time, as a line or as bars of totals, fitted to the whole range at any width. The first and last
 * instants drawn are kept in `data-drawn-from` / `data-drawn-to` (epoch ms), read from the chart itself.
 */
export default function ReadingChart({
  drawing,
  timeZone,
  axisLabel,
  formatValue = fourDecimals,
  thresholds = noThresholds,
  flags = noFlags,
  measurements = noMeasurements,
  beside = noBeside,
  approvals = noApprovals,
  maintenance = noMaintenance,
  selection = null,
  onSelect,
}: ReadingChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const dark = useIsDark();
  // Bumped whenever the plot moves or resizes, so the shaded stretches follow it.
  const [layout, setLayout] = useState(0);
  const [drag, setDrag] = useState<{ start: number; end: number } | null>(null);
  // The drag as the pointer events left it: on a slow device moves and the release come before React renders the
  // state the previous event set, and a handler reading that state would lose them.
  const dragging = useRef<{ start: number; end: number } | null>(null);

  useEffect(() => {
    const node = container.current;
    if (!node) return;
    const colors = dark ? palettes.dark : palettes.light;
    const { points, instants } = drawing;
    const instantOf = new Map(points.map((p, i) => [p.time, instants[i]]));
    const pattern = crosshairPatterns[drawing.period ?? 'instant'];
    const chart = createChart(node, {
      autoSize: true,
      // TradingView is credited once on the page (chart-page.tsx), as the library's licence allows.
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: colors.text,
        fontFamily: 'inherit',
        attributionLogo: false,
      },
      grid: { vertLines: { color: colors.grid }, horzLines: { color: colors.grid } },
      rightPriceScale: { borderColor: colors.grid },
      timeScale: {
        borderColor: colors.grid,
        timeVisible: true,
        secondsVisible: false,
        // With both edges fixed the chart never zooms out past the range and fits all of it at any width (the
        // smallest bar spacing becomes width / points), and the outermost labels are moved inside the plot.
        fixLeftEdge: true,
        fixRightEdge: true,
        tickMarkFormatter: (time: Time, type: TickMarkType) => tickLabel(time as number, type),
      },
      localization: {
        timeFormatter: (time: Time) => format(new TZDate(instantOf.get(time as number) ?? (time as number) * 1000, timeZone), pattern),
        priceFormatter: formatValue,
      },
    });
    const levels = thresholds.map((t) => t.price);
    const style = {
      priceFormat: { type: 'price', precision: 4, minMove: 0.0001 },
      lastValueVisible: false,
      priceLineVisible: false,
    } as const;
    const series =
      drawing.kind === 'bars'
        ? chart.addSeries(HistogramSeries, {
            ...style,
            color: colors.bar,
            baseLineVisible: false,
            autoscaleInfoProvider: withThresholds(levels, fromZero),
          })
        : chart.addSeries(LineSeries, { ...style, color: colors.line, lineWidth: 2, autoscaleInfoProvider: withThresholds(levels) });
    for (const t of thresholds) {
      series.createPriceLine({
        price: t.price,
        color: t.color ?? colors[t.severity],
        lineWidth: 1,
        lineStyle: t.clears ? LineStyle.Dashed : LineStyle.Solid,
        axisLabelVisible: true,
        title: t.title,
      });
    }
    series.setData(points as Parameters<typeof series.setData>[0]);
    if (flags.length) {
      const values = points.flatMap((p) => ('value' in p ? [p.value] : []));
      const lo = Math.min(...values, ...levels);
      const hi = Math.max(...values, ...levels);
      const { points: flagPoints, markers } = flagMarkers(flags, { lo, hi }, colors);
      const flagged = chart.addSeries(LineSeries, {
        lineVisible: false,
        pointMarkersVisible: false,
        crosshairMarkerVisible: false,
        lastValueVisible: false,
        priceLineVisible: false,
        color: 'transparent',
        autoscaleInfoProvider: () => null,
      });
      flagged.setData(flagPoints);
      createSeriesMarkers(flagged, markers);
    }
    if (beside.length) {
      const other = chart.addSeries(LineSeries, { ...style, color: colors.measured, lineWidth: 1, lineStyle: LineStyle.Dashed });
      other.setData(beside as Parameters<typeof other.setData>[0]);
    }
    node.dataset.beside = String(beside.length);
    if (measurements.length) {
      // Points only, on the value scale so that a measurement off the line stays in view.
      const measured = chart.addSeries(LineSeries, {
        lineVisible: false,
        pointMarkersVisible: false,
        crosshairMarkerVisible: false,
        lastValueVisible: false,
        priceLineVisible: false,
        color: 'transparent',
      });
      measured.setData(measurements.map((p) => ({ time: p.time as Time, value: p.value })));
      createSeriesMarkers(
        measured,
        measurements.map((p) => ({
          time: p.time as Time,
          position: 'atPriceMiddle',
          price: p.value,
          shape: 'circle',
          color: colors.measured,
          size: 1,
        })),
      );
    }
    node.dataset.measurements = String(measurements.length);
    const timeScale = chart.timeScale();
    timeScale.fitContent();
    chartRef.current = chart;
    const moved = () => setLayout((n) => n + 1);
    timeScale.subscribeSizeChange(moved);
    const showDrawn = () => {
      const range = timeScale.getVisibleLogicalRange();
      if (!range || !points.length) return;
      const last = points.length - 1;
      node.dataset.drawnFrom = String(instants[Math.min(last, Math.max(0, Math.ceil(range.from)))]);
      node.dataset.drawnTo = String(instants[Math.max(0, Math.min(last, Math.floor(range.to)))]);
    };
    timeScale.subscribeVisibleLogicalRangeChange(showDrawn);
    timeScale.subscribeVisibleLogicalRangeChange(moved);
    // Once painted: tests and the measuring script may look, and the next chart asks for this plot's point budget.
    const frame = requestAnimationFrame(() => {
      showDrawn();
      moved();
      rememberPlotWidth(timeScale.width());
      node.dataset.ready = 'true';
    });
    return () => {
      cancelAnimationFrame(frame);
      timeScale.unsubscribeVisibleLogicalRangeChange(showDrawn);
      timeScale.unsubscribeVisibleLogicalRangeChange(moved);
      timeScale.unsubscribeSizeChange(moved);
      delete node.dataset.ready;
      chartRef.current = null;
      chart.remove();
    };
  }, [drawing, timeZone, dark, thresholds, flags, measurements, beside, formatValue]);

  // While a stretch can be chosen, a drag chooses it rather than moving the plot.
  useEffect(() => {
    chartRef.current?.applyOptions({ handleScroll: !onSelect, handleScale: !onSelect });
  }, [onSelect, layout]);

  const chart = chartRef.current;
  const plotWidth = chart?.timeScale().width() ?? 0;
  const approvalBands = chart
    ? approvals.flatMap((a) => {
        const span = spanOf(chart, drawing, a, plotWidth);
        return span ? [{ ...a, ...span }] : [];
      })
    : [];
  const bands = chart ? maintenance.flatMap((w) => spanOf(chart, drawing, w, plotWidth) ?? []) : [];
  const xOfIndex = useCallback(
    (i: number) => (chart ? (chart.timeScale().timeToCoordinate(drawing.points[i].time as Time) ?? 0) : 0),
    [chart, drawing],
  );
  const chosen = drag ?? (selection && { start: xOfIndex(selection.from), end: xOfIndex(selection.to) });

  const pointer = {
    onPointerDown: (event: PointerEvent<HTMLDivElement>) => {
      if (!chart) return;
      event.currentTarget.setPointerCapture(event.pointerId);
      const x = event.clientX - event.currentTarget.getBoundingClientRect().left;
      dragging.current = { start: x, end: x };
      setDrag(dragging.current);
    },
    onPointerMove: (event: PointerEvent<HTMLDivElement>) => {
      if (!dragging.current) return;
      dragging.current = { ...dragging.current, end: event.clientX - event.currentTarget.getBoundingClientRect().left };
      setDrag(dragging.current);
    },
    onPointerUp: () => {
      const done = dragging.current;
      dragging.current = null;
      setDrag(null);
      if (!done || !chart) return;
      const [a, b] = [indexAt(chart, drawing, Math.min(done.start, done.end)), indexAt(chart, drawing, Math.max(done.start, done.end))];
      onSelect?.({ from: a, to: b });
    },
  };

  return (
    <div className="flex items-stretch gap-1">
      <div className="relative h-56 min-w-0 flex-1 sm:h-64">
        <div
          ref={container}
          data-testid="reading-chart"
          data-kind={drawing.kind}
          data-thresholds={thresholds.map((t) => t.price).join(' ') || undefined}
          data-suspect={flags.filter((f) => f.flag === 1).length || undefined}
          data-rejected={flags.filter((f) => f.flag === 2).length || undefined}
          className="absolute inset-0"
        />
        {approvalBands.map(({ left, width, name, colour, from }) => (
          <div
            key={from}
            data-testid="approval-band"
            data-level={name}
            data-colour={colour}
            aria-hidden
            className="pointer-events-none absolute top-0 bottom-7 z-10 overflow-hidden border-t-4"
            style={{ left, width, borderTopColor: colour, backgroundColor: `${colour}14` }}
          >
            {/* Cut to the band's width when it is narrow; the card's legend names every level shown. */}
            <span
              className="absolute top-1 left-1 rounded px-1 text-[10px] leading-4 whitespace-nowrap text-white"
              style={{ backgroundColor: colour }}
            >
              {name}
            </span>
          </div>
        ))}
        {bands.map(({ left, width }) => (
          <div
            key={left}
            data-testid="maintenance-band"
            aria-hidden
            className="pointer-events-none absolute top-0 bottom-7 z-10 border-x border-amber-600/60 bg-[repeating-linear-gradient(135deg,rgb(245_158_11/0.18)_0_6px,transparent_6px_12px)]"
            style={{ left, width }}
          >
            <span className="absolute top-1 left-1 rounded bg-amber-600/90 px-1 text-[10px] leading-4 text-white">
              {m.maintenance_band()}
            </span>
          </div>
        ))}
        {chosen && (
          <div
            data-testid="selection-band"
            aria-hidden
            className="pointer-events-none absolute top-0 bottom-7 z-10 border-x border-primary bg-primary/15"
            style={{ left: Math.min(chosen.start, chosen.end), width: Math.max(2, Math.abs(chosen.end - chosen.start)) }}
          />
        )}
        {onSelect && (
          <div
            data-testid="selection-surface"
            aria-hidden
            className="absolute top-0 bottom-7 left-0 z-20 cursor-crosshair touch-none"
            style={{ width: plotWidth || '100%' }}
            {...pointer}
          />
        )}
      </div>
      {/* Beside the value axis rather than on it, so no tick label is covered; a long name is cut, not the chart. */}
      <span
        data-testid="axis-label"
        title={axisLabel}
        className="h-56 shrink-0 truncate text-center text-xs text-muted-foreground [writing-mode:vertical-rl] sm:h-64"
      >
        {axisLabel}
      </span>
    </div>
  );
}
