import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { ColorType, createChart, HistogramSeries, LineSeries, LineStyle, TickMarkType, type AutoscaleInfoProvider, type Time } from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import type { Period } from '../../../worker/contracts/station-time';
import type { Threshold } from '~/features/alarms/thresholds';
import { formatValue } from '~/features/stations/readings';
import { rememberPlotWidth } from './point-budget';
import type { Drawing } from './series';

const palettes = {
  light: { text: '#52525b', grid: '#e4e4e7', line: '#2563eb', bar: '#0891b2', critical: '#dc2626', warning: '#d97706' },
  dark: { text: '#a1a1aa', grid: '#27272a', line: '#60a5fa', bar: '#22d3ee', critical: '#f87171', warning: '#fbbf24' },
};

const noThresholds: Threshold[] = [];

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
  /** The station's alarm rules on this reading: lines at their thresholds (clear levels dashed), in their severity's colour. */
  thresholds?: Threshold[];
}

/**
 * One reading over time, as a line or as bars of totals, fitted to the whole range at any width. The first and last
 * instants drawn are kept in `data-drawn-from` / `data-drawn-to` (epoch ms), read from the chart itself.
 */
export default function ReadingChart({ drawing, timeZone, axisLabel, thresholds = noThresholds }: ReadingChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const dark = useIsDark();

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
      layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: colors.text, fontFamily: 'inherit', attributionLogo: false },
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
    const style = { priceFormat: { type: 'price', precision: 4, minMove: 0.0001 }, lastValueVisible: false, priceLineVisible: false } as const;
    const series =
      drawing.kind === 'bars'
        ? chart.addSeries(HistogramSeries, { ...style, color: colors.bar, baseLineVisible: false, autoscaleInfoProvider: withThresholds(levels, fromZero) })
        : chart.addSeries(LineSeries, { ...style, color: colors.line, lineWidth: 2, autoscaleInfoProvider: withThresholds(levels) });
    for (const t of thresholds) {
      series.createPriceLine({ price: t.price, color: colors[t.severity], lineWidth: 1, lineStyle: t.clears ? LineStyle.Dashed : LineStyle.Solid, axisLabelVisible: true, title: t.title });
    }
    series.setData(points as Parameters<typeof series.setData>[0]);
    const timeScale = chart.timeScale();
    timeScale.fitContent();
    const showDrawn = () => {
      const range = timeScale.getVisibleLogicalRange();
      if (!range || !points.length) return;
      const last = points.length - 1;
      node.dataset.drawnFrom = String(instants[Math.min(last, Math.max(0, Math.ceil(range.from)))]);
      node.dataset.drawnTo = String(instants[Math.max(0, Math.min(last, Math.floor(range.to)))]);
    };
    timeScale.subscribeVisibleLogicalRangeChange(showDrawn);
    // Once painted: tests and the measuring script may look, and the next chart asks for this plot's point budget.
    const frame = requestAnimationFrame(() => {
      showDrawn();
      rememberPlotWidth(timeScale.width());
      node.dataset.ready = 'true';
    });
    return () => {
      cancelAnimationFrame(frame);
      timeScale.unsubscribeVisibleLogicalRangeChange(showDrawn);
      delete node.dataset.ready;
      chart.remove();
    };
  }, [drawing, timeZone, dark, thresholds]);

  return (
    <div className="flex items-stretch gap-1">
      <div ref={container} data-testid="reading-chart" data-kind={drawing.kind}
        data-thresholds={thresholds.map((t) => t.price).join(' ') || undefined}
        className="h-56 min-w-0 flex-1 sm:h-64" />
      {/* Beside the value axis rather than on it, so no tick label is covered; a long name is cut, not the chart. */}
      <span data-testid="axis-label" title={axisLabel} className="h-56 shrink-0 truncate text-center text-xs text-muted-foreground [writing-mode:vertical-rl] sm:h-64">
        {axisLabel}
      </span>
    </div>
  );
}
