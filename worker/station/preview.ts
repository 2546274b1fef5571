import { isRateKind } from '../contracts/alarm-kinds';
import { episodesOf, idleState, runRule, silencesOf, type Episode, type RuleSpec } from './evaluate';
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

/**
 * Runs a rule over [from, to) of a station's readings with the evaluator ingest uses, from a quiet start, and
 * returns each time it would have fired. Rate rules read two windows before `from` so the first rates exist.
 */
export function previewRule(sql: SqlStorage, spec: RuleSpec, from: number, to: number): RulePreviewOutcome {
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
  const builder = new SeriesBuilder([spec.reading!], from, to);
  for (const p of points) builder.add([p.ts, p.value]);
  const chart = builder.result();
  return { episodes: episodesOf(transitions), series: chart.data[spec.reading!] ?? { t: [], v: [] }, downsampled: chart.downsampled };
}
