/**
 * The faces a station object shows over RPC (docs/decisions/0020): each a small `RpcTarget` handed out by a method of
 * the object (`StationCore`), so a caller writes `stationOf(env, id).quality().flagRange(…)` and the call is one round
 * trip (promise pipelining). Only their methods are reachable: the parts they call stay inside the object. Where a
 * method only passes a call on, the part's method says what it does.
 */
import { RpcTarget } from 'cloudflare:workers';
import type { RollupSettings } from '../config';
import type { LiveMessage } from '../contracts/live';
import type { Approval, ApprovalSpan, FlaggedReading, LogEntry } from '../contracts/quality';
import type { Painting } from './approvals';
import { allReadingCodes, type CheckSettings } from '../../shared/readings';
import type { Reading } from '../contracts/telemetry';
import { firstMonthOfDays, type Figures } from '../db/rollup-layout';
import type { StationAlarms } from './alarms';
import { batchOf, type ReadingBatch, type Refusal } from './batch';
import type { AlarmDelivery } from './delivery';
import type { RuleSpec } from './evaluate';
import type { Correction as CorrectionReply } from '../contracts/corrections';
import { daysWithin, keptCorrections, type NewCorrection, type StationCorrections } from './corrections/kept';
import { correctedPoints } from './corrections/reports';
import { ratingTraces } from './ratings/traces';
import { stackAsOf } from './corrections/stack';
import type { BorrowedPressure, PressureRows } from './corrections/borrowed';
import { loggerReachMs, suggestDrift, type DriftSuggestion } from './corrections/suggest';
import {
  measuredValue,
  referenceAt,
  type FieldMeasurement,
  type NewMeasurement,
  type NewReference,
  type ReferencePeriod,
  type StationLevels,
} from './corrections/levels';
import { correctionReply, measurementReply, referenceReply } from './corrections/replies';
import { derivedReportsIn } from './corrections/derived';
import type { LevelReference, Measurement } from '../contracts/levels';
import { FlagCursor, pointsUpTo, reportsIn, suspectFlag } from './flags';
import {
  answered,
  observationCount,
  observationPage,
  observationSeries,
  Origins,
  pendingCounts,
  type CountQuery,
  type ObservationAnswer,
  type ObservationRow,
  type ObservationSeries,
  type PendingCounts,
  type StreamQuery,
} from './observations';
import { previewRule, type RulePreviewOutcome } from './preview';
import type { Editor, FlagEdit, FlagEditOutcome, StationQuality } from './quality';
import { approvalRefusals, refusal, transaction } from './refusal';
import type { FlushOutcome, RollupRef, StationRollup } from './rollup';
import { figuresOf, selectRange, type StationRef, type StorageFigures } from './schema';
import { rawSeries, SeriesBuilder, type ChartSeries, type SeriesOptions } from './series';
import { storeReadings } from './store';
import type { StationWatchers } from './watchers';
import type { ScaleSpec } from './levels';
import type { StationForecasts } from './forecasts';
import type { StationWarning } from './warning';
import type { StationRatings } from './ratings/kept';
import type { StationEscalations } from './escalation-clock';
import type { StationMaintenance, WindowSpec } from './maintenance';

/** What a station object is made of: its storage and the parts that run inside it, shared by its facets. */
export interface StationParts {
  storage: DurableObjectStorage;
  settings: RollupSettings;
  rollup: StationRollup;
  alarms: StationAlarms;
  delivery: AlarmDelivery;
  quality: StationQuality;
  corrections: StationCorrections;
  borrowed: BorrowedPressure;
  levels: StationLevels;
  ratings: StationRatings;
  watchers: StationWatchers;
  warning: StationWarning;
  forecasts: StationForecasts;
  escalations: StationEscalations;
  maintenance: StationMaintenance;
}

// RPC reaches every method on a facet's prototype, whatever TypeScript calls it, and no instance field: the parts stay here.
export class Facet extends RpcTarget {
  constructor(protected readonly parts: StationParts) {
    super();
  }
}

/** Per code with an approval at the highest level, the instant (ISO) its last such range ends; and every code's ranges. */
const approvedOf = (quality: StationQuality, codes: readonly string[]) => ({
  approved: Object.fromEntries(
    quality.approvals.approvals(codes).flatMap((a) => (a.approved_until ? [[a.reading, a.approved_until]] : [])),
  ),
  approvals: quality.approvals.spans(codes),
});

/** The station's readings as the charts, the export, legacy copies and the SensorThings API read them; no writes. */
export class ReadsFacet extends Facet {
  /**
   * The station's readings in [start, end), read in one pass with their flags: downsampled here when a reading has more
   * points than asked, readings that add up totalled per period when asked, rejected readings left out (and, when
   * asked, the flagged ones sent apart with how far each reading is approved).
   */
  series(
    start: number,
    end: number,
    options: SeriesOptions = {},
  ): ChartSeries & { approved?: Record<string, string>; approvals?: Record<string, ApprovalSpan[]> } {
    const { sql } = this.parts.storage;
    const { codes, reports } = options.raw
      ? { codes: allReadingCodes, reports: reportsIn(sql, start, end) }
      : derivedReportsIn(sql, start, end, options.asOf);
    const builder = new SeriesBuilder(codes, start, end, options);
    for (const { row, flags } of reports) builder.add(row, flags);
    const result = builder.result();
    return options.flagged ? { ...result, ...approvedOf(this.parts.quality, options.codes ?? allReadingCodes) } : result;
  }

  /**
   * Every raw reading in [start, end) per code with its flag (rejected ones left out if asked), and with `corrected`
   * every value as corrected, derived codes included; null when either has more than `limit`.
   */
  readings(start: number, end: number, limit: number, { withoutRejected = false, corrected = false } = {}) {
    const { sql } = this.parts.storage;
    const cursor = new FlagCursor(sql, start, end);
    const data = rawSeries(allReadingCodes, sql.exec(selectRange, start, end).raw<(number | null)[]>(), limit, {
      flagsAt: cursor.empty ? undefined : (ts) => cursor.at(ts),
      withoutRejected,
    });
    if (!data) return null;
    const approved = approvedOf(this.parts.quality, allReadingCodes);
    if (!corrected) return { data, ...approved };
    const { codes, reports } = derivedReportsIn(sql, start, end);
    // rawSeries asks for a row's flags right after taking the row.
    let flags: readonly number[] = [];
    const rows = (function* () {
      for (const report of reports) {
        flags = report.flags;
        yield report.row;
      }
    })();
    const values = rawSeries(codes, rows, limit, { flagsAt: () => flags, withoutRejected: true });
    return values && { data, ...approved, corrected: values, ...ratingTraces(sql, values) };
  }

  /** How much the station holds: reports, readings, bytes on disk and its time span. */
  figures(): StorageFigures {
    return figuresOf(this.parts.storage.sql);
  }

  /** A page of observations per query, each continuing from its cursor (keyset), so a deep page costs what the first does. */
  observationPages(queries: StreamQuery[]): ObservationAnswer<ObservationRow[][]> {
    const { sql } = this.parts.storage;
    const origins = new Origins(sql);
    return answered(() => queries.map((query) => observationPage(sql, query, origins)));
  }

  /** One code's readings as columns (a long series read whole). */
  observationSeries(query: StreamQuery): ObservationAnswer<ObservationSeries> {
    return answered(() => observationSeries(this.parts.storage.sql, query));
  }

  /** How many observations match each query's filter. */
  observationCounts(queries: CountQuery[]): ObservationAnswer<number[]> {
    const { sql } = this.parts.storage;
    const origins = new Origins(sql);
    return answered(() => queries.map((query) => observationCount(sql, query, origins)));
  }

  /** The readings per code of the days (and folded months) D1's roll-up may not hold yet, so a count can be exact. */
  pendingObservations(): PendingCounts {
    const { kv } = this.parts.storage;
    const monthsBefore = firstMonthOfDays(Date.now(), this.parts.settings.foldAfterDays);
    return pendingCounts(this.parts.storage.sql, kv.get<string>('zone'), kv.get<boolean>('replace-all') === true, monthsBefore);
  }
}

/** The roll-up of the station's days into D1 (worker/station/rollup.ts): the cron's and the station edits' calls. */
export class RollupFacet extends Facet {
  /** Flushes the changed days now (the cron's retry of a failing station); null when it failed (recorded, retried). */
  flush(station: RollupRef): Promise<FlushOutcome | null> {
    return this.parts.rollup.flushSafely(station, true);
  }

  touch(days: string[]): Promise<void> {
    return this.parts.rollup.touch(days);
  }

  /** Tells the object of a station edit (a new zone or source reckons every day anew at the next flush). */
  async rezone(station: RollupRef) {
    this.parts.rollup.remember(station, true);
    await this.parts.rollup.schedule();
  }

  reconcile(station: RollupRef, known: { day: string | null; count: number }): Promise<FlushOutcome | null> {
    return this.parts.rollup.reconcile(station, known);
  }

  rangeFigures(from: string, to: string): Figures {
    return this.parts.rollup.rangeFigures(from, to);
  }
}

/** Data quality (worker/station/quality.ts, decision 0016). */
export class QualityFacet extends Facet {
  setChecks(revision: number, overrides: Record<string, CheckSettings>): number {
    return this.parts.quality.replaceChecks(revision, overrides);
  }

  /** A person's flag edit of one code over a range; the days whose statistics it changed are re-rolled. */
  async flagRange(ref: StationRef, edit: FlagEdit, who: Editor): Promise<FlagEditOutcome> {
    const station = this.parts.rollup.remember(ref);
    const outcome = this.parts.quality.flagRange(edit, who, Date.now(), station.timezone);
    if (outcome.ok) await this.parts.rollup.touch(outcome.days);
    return outcome;
  }

  /**
   * Paints an approval level (or, with null, a withdrawal) over [from, to) of `codes` (decision 0033); answers the
   * codes painted and the levels the station's ranges stand at afterwards.
   */
  setApproval(change: Omit<Painting, 'now'>) {
    const { quality, storage } = this.parts;
    const painted = storage.transactionSync(() => quality.setApproval({ ...change, now: Date.now() }));
    return { painted, levels: quality.approvals.levelsInUse() };
  }

  approvals(codes: readonly string[]): Approval[] {
    return this.parts.quality.approvals.approvals(codes);
  }

  /**
   * Which readings of a batch `ingest` would refuse now (new ones in an approved stretch), storing nothing: a write
   * for several stations asks each station first and stores only if none refuses (docs/decisions/0023).
   */
  approvalConflicts(ref: StationRef, batch: ReadingBatch): Refusal[] {
    const { storage, quality } = this.parts;
    const locked = (i: number) => quality.approvals.lockIn(batch.codes[batch.code[i]], batch.ts[i], batch.ts[i]) !== null;
    if (!batch.ts.some((_, i) => locked(i))) return [];
    let conflicts: Refusal[] = [];
    // Stored and undone: the same rule as `ingest`, duplicates and all.
    transaction(storage, () => {
      conflicts = approvalRefusals(quality, batch, storeReadings(storage.sql, batch, ref.timezone).stored);
      throw refusal;
    });
    return conflicts;
  }

  log(before: number | undefined, limit: number): LogEntry[] {
    return this.parts.quality.log(before, limit);
  }

  /** A code's readings in [from, to] that are not good, now or as they stood at `at` (replayed from the audit log). */
  flags(code: string, from: number, to: number, at?: number): FlaggedReading[] {
    const { quality } = this.parts;
    return (at === undefined ? quality.flagsNow(code, from, to) : quality.flagsAt(code, from, to, at)).filter(
      (f): f is FlaggedReading => f.flag !== 'good',
    );
  }
}

/** The station's alarm rules (worker/station/alarms.ts, decision 0008). */
export class AlarmsFacet extends Facet {
  setRules(revision: number, specs: RuleSpec[]): number {
    return this.parts.alarms.replace(revision, specs);
  }

  /**
   * The cron's no-data check: fires the no-data rules whose silence passed before `now` and delivers what fired.
   * Returns how many fired.
   */
  async checkSilence(station: RollupRef, now: number): Promise<number> {
    this.parts.rollup.remember(station, true);
    const fired = this.parts.alarms.checkSilence(now);
    await this.parts.delivery.deliver(station.id);
    return fired;
  }

  /** How a rule would have fired over [from, to) of this station's readings (the rules tab's preview). */
  preview(spec: RuleSpec, from: number, to: number): RulePreviewOutcome {
    return previewRule(
      this.parts.storage.sql,
      spec,
      from,
      to,
      spec.reading === null ? undefined : this.parts.warning.standing(spec.reading)?.spec,
    );
  }
}

/** The station's warning levels (worker/station/warning.ts, decision 0028). */
export class WarningFacet extends Facet {
  /**
   * Takes a newer revision of the station's warning levels; readings that lost theirs lose their forecast, and their
   * firing forecast rules clear (delivered to D1 before it answers).
   */
  async setLevels(station: { id: number }, revision: number, specs: ScaleSpec[]): Promise<number> {
    const held = this.parts.warning.replace(revision, specs);
    if (held !== revision) return held;
    const leveled = specs.map((s) => s.reading);
    this.parts.forecasts.keepOnly(leveled);
    if (this.parts.alarms.clearUnleveled(leveled, Date.now())) await this.parts.delivery.deliver(station.id);
    return held;
  }

  current() {
    return this.parts.warning.current();
  }

  /** Takes the station's maintenance windows (worker/station/maintenance.ts). */
  setMaintenance(revision: number, windows: WindowSpec[]): Promise<number> {
    return this.parts.maintenance.replace(revision, windows);
  }

  /** Sets when an escalation of the station takes its next step (worker/station/escalation-clock.ts). */
  escalateAt(id: number, at: number): Promise<void> {
    return this.parts.escalations.schedule(id, at);
  }
}

/** Who listens to the station's new rows (worker/station/watchers.ts). */
export class WatchersFacet extends Facet {
  watch(subjectId: number) {
    this.parts.watchers.watch(subjectId);
  }

  watchLink(link: string) {
    this.parts.watchers.watchLink(link);
  }

  /** Tells the station's live watchers of an alarm change made elsewhere (an acknowledgement, a deleted rule). */
  announce(itemId: number, message: LiveMessage) {
    this.parts.watchers.tell(itemId, () => message);
  }
}

/** How far the copy of an older database's D1 readings got: the last (time, code) copied, and the counts. */
export interface LegacyCursor {
  ts: number;
  reading: string;
  accepted: number;
  duplicates: number;
  done: boolean;
}

/** The copy of an older database's D1 readings into the object (worker/domain/telemetry/legacy.ts). */
export class LegacyFacet extends Facet {
  /** Where the copy stands (see `copyLegacyStep`). */
  cursor(): LegacyCursor {
    return this.parts.storage.kv.get<LegacyCursor>('legacy') ?? { ts: -1, reading: '', accepted: 0, duplicates: 0, done: false };
  }

  /**
   * Stores a slice of legacy readings (in (time, code) order) and moves the copy's cursor in the same
   * transaction, so repeating a step stores nothing twice and skipping one is impossible.
   */
  async import(ref: StationRef, readings: Reading[], last: boolean) {
    const { storage, rollup, alarms, quality } = this.parts;
    const station = { ...ref, ...rollup.remember(ref) };
    const outcome = storage.transactionSync(() => {
      const cursor = this.cursor();
      const stored = storeReadings(storage.sql, batchOf(readings), station.timezone);
      const end = readings.at(-1);
      storage.kv.put('legacy', {
        ts: end?.ts ?? cursor.ts,
        reading: end?.reading ?? cursor.reading,
        accepted: cursor.accepted + stored.accepted,
        duplicates: cursor.duplicates + stored.duplicates,
        done: last,
      } satisfies LegacyCursor);
      return stored;
    });
    alarms.forgetNewest();
    this.parts.warning.forgetNewest();
    quality.forget();
    rollup.changed(outcome.days);
    await rollup.schedule();
  }
}

export type CorrectionChange =
  | { ok: true; correction: CorrectionReply; days: string[] }
  | { ok: false; reason: 'approved'; approvedUntil: number }
  | { ok: false; reason: 'missing' | 'removed' };

/** Corrections of the station's series (worker/station/corrections/, docs/corrections.md). */
export class CorrectionsFacet extends Facet {
  /** Every correction (of one code), removed ones too; with `at`, those in force then, in processing order. */
  list(code?: string, at?: number): CorrectionReply[] {
    const all = keptCorrections(this.parts.storage.sql, code);
    return (
      at === undefined ? all.sort((a, b) => a.code.localeCompare(b.code) || a.order - b.order || a.id - b.id) : stackAsOf(all, at)
    ).map(correctionReply);
  }

  /** Adds a correction (with a copy of the other station's pressure it reads); the days it changes are rolled up again. */
  async add(ref: StationRef, input: NewCorrection, who: Editor): Promise<CorrectionChange> {
    const station = this.parts.rollup.remember(ref);
    const { params, from } = input;
    const source = params.kind === 'barometric' ? params.source : null;
    const copy = source === null ? undefined : await this.parts.borrowed.copyFor(source, from);
    return this.#changed(this.parts.corrections.add(input, who, Date.now(), station.timezone, copy));
  }

  /** This station's pressure from `from` on, for another station's barometric correction to copy. */
  lendPressure(from: number): PressureRows {
    // Suspect readings count (as for the station's own compensation); rejected ones do not.
    const points = pointsUpTo(this.parts.storage.sql, 'pressure', from, Number.MAX_SAFE_INTEGER, suspectFlag);
    return { ts: points.map((p) => p.ts), values: points.map((p) => p.value) };
  }

  /** Removes a correction (kept for replays); the days it changed are rolled up again. */
  async remove(ref: StationRef, id: number, note: string, who: Editor): Promise<CorrectionChange> {
    const station = this.parts.rollup.remember(ref);
    return this.#changed(this.parts.corrections.remove(id, note, who, Date.now(), station.timezone));
  }

  async #changed(outcome: ReturnType<StationCorrections['add']>): Promise<CorrectionChange> {
    if (!outcome.ok) return outcome;
    await this.parts.rollup.touch(outcome.days);
    return { ok: true, correction: correctionReply(outcome.correction), days: outcome.days };
  }

  /**
   * The drift that brings the corrected series onto values measured at `from` and `to`: those given, else the manual
   * measurements nearest each end (in the code's terms through the reference then); null where either is missing.
   */
  suggestDrift(code: string, from: number, to: number, given?: { start: number; end: number }): DriftSuggestion | null {
    const { sql } = this.parts.storage;
    const ends = given ?? this.#measuredEnds(code, from, to);
    if (!ends) return null;
    const points = correctedPoints(sql, code, from - loggerReachMs, to + loggerReachMs + 1);
    return suggestDrift(points, { ts: from, value: ends.start }, { ts: to, value: ends.end });
  }

  #measuredEnds(code: string, from: number, to: number) {
    const { levels } = this.parts;
    const references = levels.references(code);
    const near = (ts: number) => {
      const inRange = levels.measurements(code).filter((m) => Math.abs(m.ts - ts) <= loggerReachMs);
      const nearest = inRange.sort((a, b) => Math.abs(a.ts - ts) - Math.abs(b.ts - ts))[0];
      return nearest ? measuredValue(nearest, referenceAt(references, nearest.ts)) : null;
    };
    const [start, end] = [near(from), near(to)];
    return start === null || end === null ? null : { start, end };
  }

  /** A code's (or every code's) reference periods and manual measurements, each measurement set against the logger. */
  levels(code?: string): { references: LevelReference[]; measurements: Measurement[] } {
    const { levels } = this.parts;
    const references = levels.references(code);
    const measurements = levels.measurements(code).map((m) => this.#measurementReply(m, references));
    return { references: references.map(referenceReply), measurements };
  }

  #measurementReply(m: FieldMeasurement, references: readonly ReferencePeriod[]): Measurement {
    const logger = correctedPoints(this.parts.storage.sql, m.code, m.ts - loggerReachMs, m.ts + loggerReachMs + 1);
    return measurementReply(
      m,
      references.filter((r) => r.code === m.code),
      logger,
    );
  }

  /**
   * Adds a reference period; refused (with the period it overlaps) when another of its code overlaps it. The days it
   * covers are rolled up again (their derived figures change); answers the datum of the newest reference.
   */
  async addReference(
    ref: StationRef,
    input: NewReference,
    who: Editor,
  ): Promise<{ ok: true; reference: LevelReference; datum: string } | { ok: false; overlaps: LevelReference }> {
    const { levels, rollup, storage } = this.parts;
    const station = rollup.remember(ref);
    const outcome = levels.addReference(input, who, Date.now());
    if (!outcome.ok) return { ok: false, overlaps: referenceReply(outcome.overlaps) };
    const { from, to } = outcome.reference;
    await rollup.touch(daysWithin(storage.sql, [[from, to === null ? null : to - 1]], station.timezone));
    return { ok: true, reference: referenceReply(outcome.reference), datum: this.#newestDatum()! };
  }

  /** The datum of the newest reference period, null without any. */
  #newestDatum(): string | null {
    const all = this.parts.levels.references();
    return all.length ? all.reduce((a, b) => (b.from > a.from ? b : a)).datum : null;
  }

  /**
   * Changes a reference period, or removes it (`input` null): the days it covered and covers are rolled up again;
   * answers the period as it now is (as it was, when removed) and the datum of the newest reference then.
   */
  async changeReference(
    ref: StationRef,
    change: { id: number; input: NewReference | null; note: string },
    who: Editor,
  ): Promise<
    | { ok: true; reference: LevelReference; datum: string | null }
    | { ok: false; reason: 'missing' | 'reading' }
    | { ok: false; overlaps: LevelReference }
  > {
    const { levels, rollup, storage } = this.parts;
    const station = rollup.remember(ref);
    const outcome = levels.changeReference(change.id, change.input, change.note, who, Date.now());
    if (!outcome.ok) return 'overlaps' in outcome ? { ok: false, overlaps: referenceReply(outcome.overlaps) } : outcome;
    const spans = [outcome.before, outcome.after].flatMap((p) =>
      p ? [[p.from, p.to === null ? null : p.to - 1] as [number, number | null]] : [],
    );
    await rollup.touch(daysWithin(storage.sql, spans, station.timezone));
    return { ok: true, reference: referenceReply(outcome.after ?? outcome.before), datum: this.#newestDatum() };
  }

  /** Changes a manual measurement, or removes it (`input` null); answers it as it now is (as it was, when removed). */
  changeMeasurement(
    change: { id: number; input: NewMeasurement | null; note: string },
    who: Editor,
  ): { ok: true; measurement: Measurement } | { ok: false; reason: 'missing' | 'reading' } {
    const { levels } = this.parts;
    const outcome = levels.changeMeasurement(change.id, change.input, change.note, who, Date.now());
    if (!outcome.ok) return outcome;
    const measurement = outcome.after ?? outcome.before;
    return { ok: true, measurement: this.#measurementReply(measurement, levels.references(measurement.code)) };
  }

  /** Records manual measurements, all or none. */
  addMeasurements(inputs: NewMeasurement[], who: Editor): Measurement[] {
    const ids = new Set(this.parts.levels.addMeasurements(inputs, who, Date.now()).map((m) => m.id));
    return this.levels().measurements.filter((m) => ids.has(m.id));
  }
}
