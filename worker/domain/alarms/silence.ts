import type { Ctx } from '../../context';
import { selectSilentStations } from '../../db/alarms';
import type { RollupRef } from '../../station/rollup';
import { stationOf } from '../../station/directory';
import { acrossRunners, inPool, type Run } from '../fan-out';

/** `fired`: no-data alarms that fired. */
export type SilenceRun = Run<{ fired: number }>;

/** Stations one runner object checks, most listed per run, and checks in flight in one runner. */
const perRunner = 1000;
const maxStations = 20_000;
const concurrency = 32;
const budgetMs = 20_000;

/** Asks each listed station's object to fire the no-data rules whose silence ran out before `now`. */
export const checkStations = ({ env }: Ctx, { stations, now }: { stations: RollupRef[]; now: number }): Promise<SilenceRun> =>
  inPool(stations, { concurrency, budgetMs, label: 'no-data check of station failed', counters: { fired: 0 } }, async (station) => ({
    fired: await stationOf(env, station.id).alarms().checkSilence(station, now),
  }));

/**
 * The cron's no-data check, at the cron's time `now`: one D1 query lists the stations that may have gone silent past
 * a rule's limit, and runner objects fan the list out to the stations' objects, which own the rules' state and fire.
 * A no-data alarm fires within one cron period (five minutes) of its deadline.
 */
export async function checkSilentStations(ctx: Ctx, { now }: { now: number }): Promise<SilenceRun> {
  const stations = await selectSilentStations(ctx.db, { now, limit: maxStations });
  return acrossRunners(ctx, { name: 'silence', stations, perRunner, counters: { fired: 0 } }, (runner, slice) =>
    runner.checkSilence(slice, now),
  );
}
