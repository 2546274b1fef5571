import { DurableObject } from 'cloudflare:workers';
import { contextOf } from '../context';
import { checkStations, type SilenceRun } from '../domain/alarms/silence';
import { flushStations, reconcileStations, type ReconcileRun, type ReconcileStation, type RetryRun } from '../rollup/cron';
import type { RollupRef } from '../station/rollup';

/**
 * Works through a slice of one of the cron's duties that reach station objects: retrying failing stations' roll-ups,
 * reconciling every station's roll-up (daily), or checking silent ones for no-data alarms. Each call is an invocation of its own, so a run that must reach
 * thousands of station objects stays within every invocation's subrequest limit. It keeps no state.
 */
export class CronRunner extends DurableObject<Cloudflare.Env> {
  private readonly context = contextOf(this.env, (work) => this.ctx.waitUntil(work));

  /** Flushes each station's roll-up now (stations whose own retries have not brought them back). */
  flushStations(stations: RollupRef[], budgetMs?: number): Promise<RetryRun> {
    return flushStations(this.context, { stations, budgetMs });
  }

  /** Tells each station's object what D1 holds of its newest day; those that find D1 behind flush. */
  reconcileStations(stations: ReconcileStation[]): Promise<ReconcileRun> {
    return reconcileStations(this.context, { stations });
  }

  /** Fires each station's no-data rules whose silence ran out before `now`. */
  checkSilence(stations: RollupRef[], now: number): Promise<SilenceRun> {
    return checkStations(this.context, { stations, now });
  }
}
