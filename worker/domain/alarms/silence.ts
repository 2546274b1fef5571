import { stationOf } from '../../station/directory';
import { inPool, type PoolRun } from '../fan-out';
import { runnerOf, type MarkedStation } from '../telemetry/rollup';

export interface SilenceRun extends PoolRun {
  /** No-data alarms that fired. */
  fired: number;
}

/** Stations one runner object checks, most listed per run, and checks in flight in one runner. */
const perRunner = 1000;
const maxStations = 20_000;
const concurrency = 32;
const budgetMs = 20_000;

// D1's last_update lags a station's newest reading by at most a roll-up period and is never ahead of it, so this
// lists every station whose silence may have run out (a few that reported meanwhile too; their object knows).
// Rules whose alarm is already open are left alone, so a silent station is called once, not every five minutes.
const silentStations = `SELECT DISTINCT i.id, i.timezone FROM alarm_rules r JOIN items i ON i.id = r.item_id
  WHERE r.kind = 'no_data' AND r.deleted_at IS NULL
    AND coalesce(i.last_update, r.created_at) + r.silence_minutes * 60000 < ?1
    AND NOT EXISTS (SELECT 1 FROM alarms a WHERE a.rule_id = r.id AND a.state <> 'cleared')
  ORDER BY i.id LIMIT ?2`;

/** Asks each listed station's object to fire the no-data rules whose silence ran out before `now`. */
export async function checkStations(env: Cloudflare.Env, stations: MarkedStation[], now: number): Promise<SilenceRun> {
  let fired = 0;
  const run = await inPool(stations, { concurrency, budgetMs }, 'no-data check of station failed', async ({ id, timezone }) => {
    fired += await stationOf(env, id).checkSilence(id, timezone, now);
  });
  return { ...run, fired };
}

/**
 * The cron's no-data check, at the cron's time `now`: one D1 query lists the stations that may have gone
 * silent past a rule's limit, and runner objects fan the list out to the stations' objects, which own the rules'
 * state and fire. A no-data alarm fires within one cron period (five minutes) of its deadline.
 */
export async function checkSilentStations(env: Cloudflare.Env, now: number): Promise<SilenceRun> {
  const { results } = await env.DB.prepare(silentStations).bind(now, maxStations).all<MarkedStation>();
  const slices = Array.from({ length: Math.ceil(results.length / perRunner) }, (_, i) => results.slice(i * perRunner, (i + 1) * perRunner));
  const runs = await Promise.all(slices.map((slice, i) => runnerOf(env, `silence:${i}`).checkSilence(slice, now)));
  return runs.reduce((sum, r) => ({ done: sum.done + r.done, failed: sum.failed + r.failed, left: sum.left + r.left, fired: sum.fired + r.fired }), {
    done: 0,
    failed: 0,
    left: 0,
    fired: 0,
  });
}
