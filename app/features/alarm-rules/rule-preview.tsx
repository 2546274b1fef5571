import type { UseMutationResult } from '@tanstack/react-query';
import { Suspense, useMemo } from 'react';
import type { AlarmRuleSpec, RulePreview } from '../../../worker/contracts/alarms';
import { isRateKind, type Severity } from '../../../worker/contracts/alarm-kinds';
import { Alert } from '~/components/ui/alert';
import { Skeleton } from '~/components/ui/skeleton';
import { LazyReadingChart } from '~/features/charts/lazy-chart';
import { levelLines } from '~/features/alarms/thresholds';
import { toLine } from '~/features/charts/series';
import { formatValue, type Reading } from '~/features/stations/readings';
import { stationDateTime } from '~/lib/format';
import { serverErrorText } from '~/lib/server-errors';
import { m } from '~/paraglide/messages';

/** Episodes listed under the chart; the count says how many there were in all. */
const listedEpisodes = 5;

const chartSkeleton = <Skeleton className="h-56 w-full sm:h-64" />;

/** The previewed reading as the chart draws it, with the threshold and clear level of a value rule as lines in its severity's colour. */
export function previewChart(preview: RulePreview, severity: Severity, timeZone: string) {
  if (!preview.series || !preview.reading) return null;
  const drawing = toLine(preview.series, timeZone);
  // Value rules have a clear level; a rate rule's threshold is per hour, no level on this axis.
  const thresholds =
    preview.threshold === null || preview.clear_level === null
      ? []
      : levelLines(
          { threshold: preview.threshold, clear_level: preview.clear_level, severity },
          { fires: m.alarm_rules_line_threshold(), clears: m.alarm_rules_line_clear() },
        );
  return { drawing, thresholds };
}

/** The outcome of "Preview": how often the draft would have fired in the last 30 days, drawn on the station's readings. */
export function RulePreviewPanel({
  preview,
  stale,
  readings,
  timeZone,
}: {
  preview: UseMutationResult<RulePreview, Error, AlarmRuleSpec>;
  stale: boolean;
  readings: Reading[];
  timeZone: string;
}) {
  const chart = useMemo(
    () => preview.data && preview.variables && previewChart(preview.data, preview.variables.severity, timeZone),
    [preview.data, preview.variables, timeZone],
  );
  if (preview.isPending) {
    return (
      <div className="grid gap-3" aria-busy="true">
        <p className="text-sm text-muted-foreground">{m.alarm_rules_preview_running()}</p>
        {chartSkeleton}
      </div>
    );
  }
  if (preview.isError) return <Alert variant="destructive">{serverErrorText(preview.error)}</Alert>;
  if (!preview.data) return <p className="text-sm text-muted-foreground">{m.alarm_rules_preview_hint()}</p>;

  const { data } = preview;
  const reading = readings.find((r) => r.code === data.reading);
  // A rate rule fires on a rate per hour.
  const valueUnit = reading
    ? preview.variables && isRateKind(preview.variables.kind)
      ? m.alarm_rules_per_hour({ unit: reading.unit })
      : reading.unit
    : '';
  const newest = data.episodes.slice(-listedEpisodes).reverse();
  const at = (iso: string) => stationDateTime(iso, timeZone);
  return (
    <section className="grid min-w-0 gap-3" aria-label={m.alarm_rules_preview()} data-testid="rule-preview" data-fired={data.fired}>
      <p role="status" className="font-medium">
        {data.fired ? m.alarm_rules_would_fire({ count: data.fired }) : m.alarm_rules_would_not_fire()}
      </p>
      {stale && <Alert>{m.alarm_rules_preview_stale()}</Alert>}
      {chart && chart.drawing.points.length > 0 && (
        <div className="rounded-lg border p-2">
          <Suspense fallback={chartSkeleton}>
            <LazyReadingChart
              drawing={chart.drawing}
              thresholds={chart.thresholds}
              timeZone={timeZone}
              axisLabel={reading ? `${reading.name} (${reading.unit})` : (data.reading ?? '')}
            />
          </Suspense>
        </div>
      )}
      {chart && chart.drawing.points.length === 0 && (
        <p className="text-sm text-muted-foreground">
          {m.alarm_rules_preview_no_readings({ reading: reading?.name ?? data.reading ?? '' })}
        </p>
      )}
      {newest.length > 0 && (
        <ul className="grid gap-1 text-sm" aria-label={m.alarm_rules_preview_episodes()}>
          {newest.map((e) => (
            <li key={e.fired_at} className="text-muted-foreground">
              <span className="text-foreground">{m.alarm_rules_episode_fired({ at: at(e.fired_at) })}</span>
              {e.value !== null && ` (${formatValue(e.value)} ${valueUnit})`}
              {' · '}
              {e.cleared_at ? m.alarm_rules_episode_cleared({ at: at(e.cleared_at) }) : m.alarm_rules_episode_open()}
            </li>
          ))}
          {data.episodes.length > newest.length && (
            <li className="text-muted-foreground">{m.alarm_rules_episodes_more({ count: data.episodes.length - newest.length })}</li>
          )}
        </ul>
      )}
    </section>
  );
}
