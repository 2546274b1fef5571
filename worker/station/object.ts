import { DurableObject } from 'cloudflare:workers';
import { rollupSettings } from '../config';
import { contextOf } from '../context';
import { isoInstant } from '../../shared/station-time';
import { sourceRow, type Reading } from '../contracts/telemetry';
import { recordRollupFailure, writeRollup } from '../db/daily-stats';
import { applyTransition, notifyAfterMaintenance, sendNotice } from '../domain/alarms/transitions';
import { applyCrossing, recordStationForecast } from '../domain/warning/crossings';
import { runEscalationStep } from '../domain/escalations/run';
import { AlarmClock } from './alarm-clock';
import type { ReadingBatch, Refusal } from './batch';
import { StationAlarms } from './alarms';
import { AlarmDelivery } from './delivery';
import { BorrowedPressure } from './corrections/borrowed';
import { daysWithin, StationCorrections, stacksOf } from './corrections/kept';
import { StationLevels } from './corrections/levels';
import { StationRatings } from './ratings/kept';
import { RatingsFacet } from './ratings/facet';
import { correctedArrivals } from './corrections/reports';
import { derivedArrivals } from './corrections/derived';
import {
  AlarmsFacet,
  CorrectionsFacet,
  LegacyFacet,
  QualityFacet,
  RollupFacet,
  ReadsFacet,
  WarningFacet,
  WatchersFacet,
  type StationParts,
} from './facets';
import { StationQuality } from './quality';
import { approvalRefusals, refusal, transaction } from './refusal';
import { StationRollup } from './rollup';
import { migrate, newestTs, type StationRef } from './schema';
import { storeReadings } from './store';
import { StationTesting } from './testing';
import { StationEscalations } from './escalation-clock';
import { StationMaintenance } from './maintenance';
import { StationForecasts } from './forecasts';
import { StationWarning, type LevelChanges } from './warning';
import type { MovedForecast } from './forecasts';
import { forecastReply } from '../contracts/warning';
import { StationWatchers } from './watchers';
import { stationOf } from './directory';

export interface IngestOutcome {
  accepted: number;
  duplicates: number;
  /** Set when the batch was refused, stored nothing: its new readings in an approved stretch. */
  refused?: Refusal[];
  /** Rows the batch wrote to the object's storage (D1 is not written on ingest: the roll-up flushes later). */
  rowsWritten: number;
  /** Where the object's time went (ms): the store's transaction with the rules' evaluation, publishing, the rest. */
  timings: { store: number; publish: number; schedule: number };
}

/**
 * One station (found by its D1 id, `stationOf`), so stations write in parallel and none passes through a shared
 * object. A thin shell over what runs inside it (worker/station/): the store (raw readings, duplicate check), the
 * roll-up (changed days to D1), quality, the alarm rules and the delivery of their transitions, and the live watchers.
 * Its one Durable Object alarm serves the roll-up and the deliveries alike (`AlarmClock`).
 *
 * Over RPC it shows `ingest` and a few facets (worker/station/facets.ts, docs/decisions/0020); its own state is in
 * private fields (#), which RPC cannot reach. It is the one module here that imports from above: it hands its parts
 * the roll-up's D1 writes and the alarm transitions' delivery.
 */
export class StationCore extends DurableObject<Cloudflare.Env> {
  readonly #parts: StationParts;
  readonly #clock: AlarmClock;
  readonly #testing: boolean;

  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env);
    migrate(ctx.storage);
    const context = contextOf(env, (work) => this.ctx.waitUntil(work));
    const { db, defer, config } = context;
    const clock = new AlarmClock(ctx.storage);
    const settings = rollupSettings(config);
    const d1 = { write: writeRollup.bind(null, db), recordFailure: recordRollupFailure.bind(null, db) };
    const alarms = new StationAlarms(ctx.storage);
    const watchers = new StationWatchers(ctx.storage, env, defer);
    const delivery = new AlarmDelivery(
      alarms,
      clock,
      (itemId, message) => watchers.tell(itemId, () => message),
      defer,
      async (itemId, transition) => {
        const notice = await applyTransition(context, { itemId, transition });
        return notice && { alarm: notice.alarm, notify: () => sendNotice(context, notice) };
      },
    );
    const rollup = new StationRollup(ctx.storage, d1, clock, settings, defer);
    const quality = new StationQuality(ctx.storage);
    const borrowed = new BorrowedPressure(ctx.storage, (source, from) => stationOf(env, source).corrections().lendPressure(from));
    const corrections = new StationCorrections(ctx.storage, quality, borrowed);
    const levels = new StationLevels(ctx.storage, quality);
    const ratings = new StationRatings(ctx.storage, quality);
    const warning = new StationWarning(ctx.storage, clock, (itemId, crossing) => applyCrossing(context, { itemId, crossing }));
    const forecasts = new StationForecasts(ctx.storage, (itemId, reading, forecast, issuedAt) =>
      recordStationForecast(context, { itemId, reading, forecast, issuedAt }),
    );
    const escalations = new StationEscalations(ctx.storage, clock, (id) => runEscalationStep(context, id));
    const maintenance = new StationMaintenance(ctx.storage, clock, (w) => notifyAfterMaintenance(context, { windowId: w.id }));
    this.#parts = {
      storage: ctx.storage,
      settings,
      rollup,
      alarms,
      delivery,
      quality,
      corrections,
      borrowed,
      levels,
      ratings,
      watchers,
      warning,
      forecasts,
      escalations,
      maintenance,
    };
    this.#clock = clock;
    this.#testing = config.STATION_TESTING === 'on';
  }

  /**
   * Stores a checked batch all-or-nothing in one transaction with the automatic quality checks and the alarm rules'
   * evaluation of its new readings, tells the station's watchers of the new rows, delivers alarm transitions (if any)
   * to D1, and schedules the roll-up's flush (after the reply, or by the alarm when the last flush is less than a
   * period old). A batch with a new reading in an approved stretch is refused whole (approved data are locked).
   */
  async ingest(ref: StationRef, batch: ReadingBatch): Promise<IngestOutcome> {
    const { storage, rollup, alarms, quality, delivery, warning, forecasts, maintenance, borrowed } = this.#parts;
    const now = Date.now();
    const station = { ...ref, ...rollup.remember(ref) };
    // Other stations' pressure first, so the batch's readings are compensated with what their sources have stored.
    const recompensated = await borrowed.update(now, stacksOf(storage.sql));
    let refused: IngestOutcome['refused'];
    const done = transaction(storage, () => {
      alarms.prime(now);
      warning.prime(now);
      const outcome = storeReadings(storage.sql, batch, station.timezone);
      const locked = approvalRefusals(quality, batch, outcome.stored);
      if (locked.length) {
        refused = locked;
        throw refusal;
      }
      const arrival = outcome.stored.length
        ? quality.arrive(outcome.stored, now, { maintained: maintenance.covers, appended: outcome.appended })
        : null;
      const levels = warning.evaluate(outcome.stored, now, arrival?.suspect);
      const standing = (code: string) => warning.standing(code, levels);
      // Forecast once here, so forecast rules evaluate the forecasts pages are told and D1 gets.
      const forecast = forecasts.moved(levels?.newest, standing);
      const standings = forecasts.standings(levels?.newest, forecast, standing, outcome.stored);
      return { outcome, arrival, changes: alarms.evaluate(outcome.stored, now, arrival?.suspect, standings), levels, forecast };
    });
    if (!done)
      return { accepted: 0, duplicates: 0, rowsWritten: 0, refused, timings: { store: Date.now() - now, publish: 0, schedule: 0 } };
    const { outcome, arrival, changes, levels, forecast } = done;
    quality.commit(arrival);
    alarms.commit(changes);
    warning.commit(levels);
    // Days whose compensation a newly copied pressure changed are rolled up again with the batch's.
    const recomputed = recompensated.length ? daysWithin(storage.sql, recompensated, station.timezone) : [];
    rollup.changed(outcome.days);
    const retouched = rollup.touch(recomputed);
    const stored = Date.now();
    if (outcome.stored.length) this.#publish(station, outcome.stored, { suspect: arrival?.suspect, levels: levels?.levels, forecast });
    const published = Date.now();
    await Promise.all([
      // The forecast first, so a rule the batch fired notifies with the forecast the batch made.
      forecasts.write(station.id, forecast).then(() => delivery.deliver(station.id)),
      warning.deliver(station.id),
      rollup.schedule(now),
      retouched,
    ]);
    const { accepted, duplicates } = outcome;
    const rowsWritten = outcome.rowsWritten + (arrival?.rowsWritten ?? 0);
    return {
      accepted,
      duplicates,
      rowsWritten,
      timings: { store: stored - now, publish: published - stored, schedule: Date.now() - published },
    };
  }

  /** The object's one alarm: every duty that waits for it (a flush, alarm transitions to deliver) runs. */
  async alarm() {
    const { delivery, rollup, warning, escalations, maintenance } = this.#parts;
    this.#clock.rang();
    await Promise.all([
      delivery.deliver(rollup.ref?.id),
      warning.deliver(rollup.ref?.id),
      escalations.onAlarm(),
      maintenance.onAlarm(),
      rollup.onAlarm(),
    ]);
  }

  #publish(
    station: StationRef,
    stored: Reading[],
    { suspect, levels, forecast }: { suspect?: ReadonlySet<string>; levels?: LevelChanges['levels']; forecast: readonly MovedForecast[] },
  ) {
    const { sql } = this.#parts.storage;
    this.#parts.watchers.tell(station.id, () => {
      // Rows as the chart's: corrected, with the derived codes they give, a suspect one marked with `flag` (the page
      // draws it apart).
      const corrected = correctedArrivals(sql, stored);
      const shown = [
        ...corrected.map((reading) => ({ reading, suspect: !!suspect?.has(`${reading.reading}|${reading.ts}`) })),
        ...derivedArrivals(sql, corrected, suspect),
      ];
      return {
        type: 'readings',
        unique_id: station.uniqueId,
        source: station.source,
        last_update: isoInstant(newestTs(sql)!),
        rows: shown.map(({ reading, suspect }): Record<string, string | number> => {
          const row = sourceRow(station.source, reading);
          return suspect ? { ...row, flag: 'suspect' } : row;
        }),
        ...(levels?.size
          ? {
              levels: [...levels].map(([reading, { level, since }]) => ({
                reading,
                level,
                since: isoInstant(since),
                value: stored.find((r) => r.reading === reading && r.ts === since)!.value,
              })),
            }
          : {}),
        ...(forecast.length
          ? { forecasts: forecast.map(({ code, forecast }) => ({ reading: code, forecast: forecast && forecastReply(forecast) })) }
          : {}),
      };
    });
  }

  // The facets (worker/station/facets.ts, testing.ts).

  reads() {
    return new ReadsFacet(this.#parts);
  }

  rollup() {
    return new RollupFacet(this.#parts);
  }

  quality() {
    return new QualityFacet(this.#parts);
  }

  alarms() {
    return new AlarmsFacet(this.#parts);
  }

  corrections() {
    return new CorrectionsFacet(this.#parts);
  }

  ratings() {
    return new RatingsFacet(this.#parts);
  }

  watchers() {
    return new WatchersFacet(this.#parts);
  }

  warning() {
    return new WarningFacet(this.#parts);
  }

  legacy() {
    return new LegacyFacet(this.#parts);
  }

  // Refused unless the Worker runs with STATION_TESTING=on (the tests' and benchmarks' Workers; never production).
  testing() {
    if (!this.#testing) throw new Error('no testing facet: STATION_TESTING is not on');
    return new StationTesting(this.#parts, () => this.alarm());
  }
}
