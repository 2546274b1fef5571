import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { ColorType, createChart, LineSeries, LineStyle, TickMarkType, type AutoscaleInfo, type Time, type UTCTimestamp, type WhitespaceData, type LineData } from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import type { Severity } from '../../../worker/contracts/alarms';
import { formatValue } from '~/features/stations/readings';
import type { SeriesPoint } from './series';

const palettes = {
  light: { text: '#52525b', grid: '#e4e4e7', line: '#2563eb', critical: '#dc2626', warning: '#d97706' },
  dark: { text: '#a1a1aa', grid: '#27272a', line: '#60a5fa', critical: '#f87171', warning: '#fbbf24' },
};

/** A horizontal line on a reading's chart: where an alarm rule fires, or (dashed) where it clears again. */
export interface Threshold {
  price: number;
  title: string;
  severity: Severity;
  clears: boolean;
}

const noThresholds: Threshold[] = [];

/** Widens the price scale to take in the alarm lines, so a threshold far from the readings is still seen. */
const withThresholds = (levels: number[]) => (original: () => AutoscaleInfo | null) => {
  const info = original();
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

/**
 * One reading's line over time, labelled DD.MM (and HH:mm within a day) in the station's time zone, with its alarm
 * rules' thresholds as lines (the clear levels dashed) in their severity's colour.
 */
export default function ReadingChart({ series, timeZone, label, thresholds = noThresholds }: { series: SeriesPoint[]; timeZone: string; label: string; thresholds?: Threshold[] }) {
  const container = useRef<HTMLDivElement>(null);
  const dark = useIsDark();

  useEffect(() => {
    if (!container.current) return;
    const colors = dark ? palettes.dark : palettes.light;
    const intraday = series.length > 1 && series[series.length - 1].time - series[0].time <= 3 * 86_400;
    const at = (time: Time, pattern: string) => format(new TZDate((time as number) * 1000, timeZone), pattern);
    const chart = createChart(container.current, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: colors.text, fontFamily: 'inherit' },
      grid: { vertLines: { color: colors.grid }, horzLines: { color: colors.grid } },
      rightPriceScale: { borderColor: colors.grid },
      timeScale: {
        borderColor: colors.grid,
        timeVisible: true,
        // The default (0.5 px) keeps fitContent from fitting a long range into a phone-wide chart: it would
        // silently show only the range's last days.
        minBarSpacing: 0.01,
        // Days as DD.MM (SPEC §9); hours only where a short range has room for them.
        tickMarkFormatter: (time: Time, type: TickMarkType) => at(time, intraday && (type === TickMarkType.Time || type === TickMarkType.TimeWithSeconds) ? 'HH:mm' : 'dd.MM'),
      },
      localization: { timeFormatter: (time: Time) => at(time, 'dd.MM HH:mm'), priceFormatter: formatValue },
    });
    const line = chart.addSeries(LineSeries, {
      color: colors.line,
      lineWidth: 2,
      title: label,
      priceFormat: { type: 'price', precision: 4, minMove: 0.0001 },
      autoscaleInfoProvider: withThresholds(thresholds.map((t) => t.price)),
    });
    for (const t of thresholds) {
      line.createPriceLine({ price: t.price, color: colors[t.severity], lineWidth: 1, lineStyle: t.clears ? LineStyle.Dashed : LineStyle.Solid, axisLabelVisible: true, title: t.title });
    }
    line.setData(series as (LineData<UTCTimestamp> | WhitespaceData<UTCTimestamp>)[]);
    chart.timeScale().fitContent();
    const node = container.current;
    // Lets tests and the measuring script know the canvas has been painted.
    const frame = requestAnimationFrame(() => node.setAttribute('data-ready', 'true'));
    return () => {
      cancelAnimationFrame(frame);
      node.removeAttribute('data-ready');
      chart.remove();
    };
  }, [series, timeZone, label, dark, thresholds]);

  // The first and last plotted times (seconds) tell tests which range is drawn.
  return (
    <div
      ref={container}
      data-testid="reading-chart"
      data-first={series[0]?.time}
      data-last={series.at(-1)?.time}
      data-thresholds={thresholds.map((t) => t.price).join(' ') || undefined}
      className="h-56 w-full sm:h-64"
    />
  );
}
