import { DurableObject } from 'cloudflare:workers';
import { flushStations, type MarkedStation, type RollupLimits, type RollupRun } from '../domain/telemetry/rollup';

/**
 * Flushes a slice of the marked stations for the cron. Each call is an invocation of its own, so a run that
 * must reach thousands of station objects stays within every invocation's subrequest limit. It keeps no state.
 */
export class RollupRunner extends DurableObject<Cloudflare.Env> {
  run(stations: MarkedStation[], limits: RollupLimits): Promise<RollupRun> {
    return flushStations(this.env, stations, limits);
  }
}
