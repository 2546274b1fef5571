import { DurableObject } from 'cloudflare:workers';
import { contextOf } from '../context';
import { checkStations, type SilenceRun } from '../domain/alarms/silence';
import type { CronStation } from '../domain/fan-out';
import { flushStations, type RollupLimits, type RollupRun } from '../domain/telemetry/rollup';

/**
 * Works through a slice of the cron's stations: flushes marked ones for the roll-up, or checks silent ones for
 * no-data alarms. Each call is an invocation of its own, so a run that must reach thousands of station objects
 * stays within every invocation's subrequest limit. It keeps no state.
 */
export class RollupRunner extends DurableObject<Cloudflare.Env> {
  private readonly context = contextOf(this.env, (work) => this.ctx.waitUntil(work));

  flush(stations: CronStation[], limits: RollupLimits): Promise<RollupRun> {
    return flushStations(this.context, { stations, limits });
  }

  checkSilence(stations: CronStation[], now: number): Promise<SilenceRun> {
    return checkStations(this.context, { stations, now });
  }
}
