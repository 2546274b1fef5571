import type { z } from 'zod';
import { maxStatisticsDays, type AlarmStatistics, type AlarmStatisticsQuery } from '../../contracts/alarm-statistics';
import { isoInstant } from '../../../shared/station-time';
import type { SubjectCtx } from '../../context';
import { badRequest } from '../errors';
import { selectAlarmStatistics, type HandlingRow } from '../../db/alarm-statistics';

const dayMs = 24 * 3600_000;

/** The range asked for: `[from, to)`, `to` now unless given, `from` `days` before `to` unless given. */
function statisticsRange(query: z.output<typeof AlarmStatisticsQuery>, now: number) {
  const to = query.to ? Date.parse(query.to) : now;
  const from = query.from ? Date.parse(query.from) : to - query.days * dayMs;
  return { from, to };
}

const seconds = (ms: number | null) => (ms === null ? null : Math.round(ms / 1000));

/** A row with its delays in whole seconds. */
const inSeconds = <T extends HandlingRow>({ median_ms, worst_ms, ...row }: T) => ({
  ...row,
  ack_median_seconds: seconds(median_ms),
  ack_worst_seconds: seconds(worst_ms),
});

/** How the alarms and level crossings of the stations the subject may see were handled over the range. */
export async function alarmStatistics(ctx: SubjectCtx, query: z.output<typeof AlarmStatisticsQuery>): Promise<AlarmStatistics> {
  const now = Date.now();
  const range = statisticsRange(query, now);
  // Query parameters that do not fit are a 400 naming the parameter, as the parsing of the rest (worker/http/route.ts).
  if (range.from >= range.to) throw badRequest('Must be before `to`.', 'from');
  if (range.to - range.from > maxStatisticsDays * dayMs) throw badRequest(`The range may span at most ${maxStatisticsDays} days.`, 'from');
  const { rules, levels, forecasts } = await selectAlarmStatistics(ctx.db, ctx.subject, { ...range, now });
  return {
    from: isoInstant(range.from),
    to: isoInstant(range.to),
    rules: rules.map(inSeconds),
    levels: levels.map(inSeconds),
    forecasts: forecasts.map(({ warning_median_ms, error_median_ms, ...row }) => ({
      ...row,
      warning_median_seconds: seconds(warning_median_ms),
      error_median_seconds: seconds(error_median_ms),
    })),
  };
}
