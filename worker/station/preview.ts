import { isRateKind } from '../contracts/alarm-kinds';
import { episodesOf, idleState, runRule, silencesOf, stepForecastRule, type Episode, type RuleSpec, type Transition } from './evaluate';
import { pointsUpTo } from './flags';
import { levelAfter, type ScaleSpec } from './levels';
import { defaultForecastMethod, forecastLevel } from './time-to-level';
import { readsCorrected, rulePoints } from './alarms';
import { stacksOf } from './corrections/kept';
import type { Columns } from '../contracts/telemetry';
import { SeriesBuilder } from './series';

export interface RulePreviewOutcome {
  episodes: Episode[];
  /** The rule's reading over the range (downsampled like a chart); null for no-data rules. */
  series: Columns | null;
  downsampled: boolean;
}

const minute = 60_000;

/** The rule's reading over the range as a chart draws it. */
function previewSeries(code: string, points: readonly { ts: number; value: number }[], from: number, to: number) {
  const builder = new SeriesBuilder([code], from, to);
  for (const p of points) builder.add([p.ts, p.value]);
  const chart = builder.result();
  return { series: chart.data[code] ?? { t: [], v: [] }, downsampled: chart.downsampled };
}

/**
 * A forecast rule over [from, to): the level walked from level 0 at the fit's window before `from` and the forecast
 * made again at every unflagged reading (ingest makes it once per batch), as `scale` stands now.
 */
function previewForecastRule(sql: SqlStorage, spec: RuleSpec, from: number, to: number, scale: ScaleSpec | undefined): RulePreviewOutcome {
  const history = pointsUpTo(sql, spec.reading!, from - defaultForecastMethod.windowMs, to, 0);
  const transitions: Transition[] = [];
  if (scale) {
    let state = idleState;
    let level = 0;
    let first = 0;
    let counter = 0;
    history.forEach((point, i) => {
      level = levelAfter(scale, level, point.value);
      while (history[first].ts < point.ts - defaultForecastMethod.windowMs) first++;
      if (point.ts < from) return;
      const forecast = forecastLevel(scale, level, history.slice(first, i + 1));
      const step = stepForecastRule(spec, state, { level, forecast, ts: point.ts, value: point.value }, () => `preview-${counter++}`);
      state = step.state;
      if (step.transition) transitions.push(step.transition);
    });
  }
  const shown = history.filter((p) => p.ts >= from);
  return { episodes: episodesOf(transitions), ...previewSeries(spec.reading!, shown, from, to) };
}

/**
 * Runs a rule over [from, to) of a station's readings with the evaluator ingest uses, from a quiet start, and
 * returns each time it would have fired. Rate rules read two windows before `from` so the first rates exist; forecast
 * rules need the reading's warning levels (`scale`).
 */
export function previewRule(sql: SqlStorage, spec: RuleSpec, from: number, to: number, scale?: ScaleSpec): RulePreviewOutcome {
  if (spec.kind === 'forecast') return previewForecastRule(sql, spec, from, to, scale);
  if (spec.kind === 'no_data') {
    const before = sql.exec<{ ts: number | null }>('SELECT max(ts) AS ts FROM readings WHERE ts < ?', from).one().ts;
    const times = sql
      .exec<{ ts: number }>('SELECT ts FROM readings WHERE ts >= ? AND ts < ? ORDER BY ts', from, to)
      .toArray()
      .map((r) => r.ts);
    return { episodes: silencesOf(spec, before, times, to).filter((e) => e.firedAt >= from), series: null, downsampled: false };
  }
  const lookback = isRateKind(spec.kind) ? 2 * spec.windowMinutes! * minute : 0;
  const history = rulePoints(
    sql,
    spec,
    from - lookback,
    to,
    readsCorrected(spec, () => stacksOf(sql)),
  );
  const points = history.filter((p) => p.ts >= from);
  let counter = 0;
  const { transitions } = runRule(spec, idleState, points, history, () => `preview-${counter++}`);
  return { episodes: episodesOf(transitions), ...previewSeries(spec.reading!, points, from, to) };
}
