import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { ColorType, createChart, LineSeries, LineStyle, TickMarkType, type AutoscaleInfo, type Time, type UTCTimestamp, type WhitespaceData, type LineData } from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { formatValue } from '~/features/stations/readings';
import type { SeriesPoint } from './series';

const palettes = {
  light: { text: '#52525b', grid: '#e4e4e7', line: '#2563eb', threshold: '#dc2626', clear: '#d97706' },
  dark: { text: '#a1a1aa', grid: '#27272a', line: '#60a5fa', threshold: '#f87171', clear: '#fbbf24' },
};

/** A horizontal level across the chart, e.g. an alarm rule's threshold and the level where it clears. */
export interface LevelLine {
  value: number;
  label: string;
  tone: 'threshold' | 'clear';
}

/** The price range widened to take in the levels, so a threshold above or below every reading still shows. */
function withLevels(info: AutoscaleInfo | null, levels: LevelLine[]): AutoscaleInfo | null {
  if (!info?.priceRange || !levels.length) return info;
  const values = levels.map((l) => l.value);
  return { ...info, priceRange: { minValue: Math.min(info.priceRange.minValue, ...values), maxValue: Math.max(info.priceRange.maxValue, ...values) } };
}

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

const noLevels: LevelLine[] = [];

/** One reading's line over time, labelled DD.MM (and HH:mm within a day) in the station's time zone; `levels` (stable) as dashed lines. */
export default function ReadingChart({ series, timeZone, label, levels = noLevels }: { series: SeriesPoint[]; timeZone: string; label: string; levels?: LevelLine[] }) {
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
      autoscaleInfoProvider: (original: () => AutoscaleInfo | null) => withLevels(original(), levels),
    });
    for (const level of levels) {
      line.createPriceLine({ price: level.value, color: colors[level.tone], lineWidth: 1, lineStyle: level.tone === 'threshold' ? LineStyle.Dashed : LineStyle.Dotted, title: level.label });
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
  }, [series, timeZone, label, levels, dark]);

  // The first and last plotted times (seconds) tell tests which range is drawn.
  return <div ref={container} data-testid="reading-chart" data-first={series[0]?.time} data-last={series.at(-1)?.time} className="h-56 w-full sm:h-64" />;
}
