import { DurableObject } from 'cloudflare:workers';
import { checkStations, type SilenceRun } from '../domain/alarms/silence';
import { flushStations, type MarkedStation, type RollupLimits, type RollupRun } from '../domain/telemetry/rollup';

/**
 * Works through a slice of the cron's stations: flushes marked ones for the roll-up, or checks silent ones for
 * no-data alarms. Each call is an invocation of its own, so a run that must reach thousands of station objects
 * stays within every invocation's subrequest limit. It keeps no state.
 */
export class RollupRunner extends DurableObject<Cloudflare.Env> {
  run(stations: MarkedStation[], limits: RollupLimits): Promise<RollupRun> {
    return flushStations(this.env, stations, limits);
  }

  checkSilence(stations: MarkedStation[], now: number): Promise<SilenceRun> {
    return checkStations(this.env, stations, now);
  }
}
