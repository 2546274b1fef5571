/**
 * A well's vertical references (effective-dated) and the manual measurements taken at field visits, kept in the
 * station's object beside the readings (docs/corrections.md). A measurement becomes a value in the level code's own
 * terms through the reference in effect at its time, so it can be set against the logger.
 */
import type { LevelMode } from '../../contracts/levels';
import type { Editor, StationQuality } from '../quality';

export interface ReferencePeriod {
  id: number;
  code: string;
  from: number;
  /** Excluded; null: until further notice. */
  to: number | null;
  groundElevation: number;
  mpElevation: number;
  datum: string;
  mode: LevelMode;
  sensorDepth: number | null;
  note: string;
  createdAt: number;
  createdBy: Editor | null;
}

export interface FieldMeasurement {
  id: number;
  code: string;
  ts: number;
  depth: number | null;
  gauge: number | null;
  measuredBy: string;
  method: string;
  note: string;
  createdAt: number;
  createdBy: Editor | null;
}

export type NewReference = Omit<ReferencePeriod, 'id' | 'createdAt' | 'createdBy'>;
export type NewMeasurement = Omit<FieldMeasurement, 'id' | 'createdAt' | 'createdBy'>;

interface ReferenceRow extends Record<string, SqlStorageValue> {
  id: number;
  code: string;
  from_ts: number;
  to_ts: number | null;
  ground: number;
  mp: number;
  datum: string;
  mode: string;
  sensor_depth: number | null;
  note: string;
  created_at: number;
  created_by: number | null;
  created_by_name: string | null;
}

interface MeasurementRow extends Record<string, SqlStorageValue> {
  id: number;
  code: string;
  ts: number;
  depth: number | null;
  gauge: number | null;
  measured_by: string;
  method: string;
  note: string;
  created_at: number;
  created_by: number | null;
  created_by_name: string | null;
}

export const editor = (id: number | null, name: string | null): Editor | null => (id === null ? null : { id, name: name ?? '' });

const toReference = (r: ReferenceRow): ReferencePeriod => ({
  id: r.id,
  code: r.code,
  from: r.from_ts,
  to: r.to_ts,
  groundElevation: r.ground,
  mpElevation: r.mp,
  datum: r.datum,
  mode: r.mode as LevelMode,
  sensorDepth: r.sensor_depth,
  note: r.note,
  createdAt: r.created_at,
  createdBy: editor(r.created_by, r.created_by_name),
});

const toMeasurement = (r: MeasurementRow): FieldMeasurement => ({
  id: r.id,
  code: r.code,
  ts: r.ts,
  depth: r.depth,
  gauge: r.gauge,
  measuredBy: r.measured_by,
  method: r.method,
  note: r.note,
  createdAt: r.created_at,
  createdBy: editor(r.created_by, r.created_by_name),
});

/** A code's reference periods (every code's when left out), in time order. */
export function referencesIn(sql: SqlStorage, code?: string): ReferencePeriod[] {
  const rows =
    code === undefined
      ? sql.exec<ReferenceRow>('SELECT * FROM level_references ORDER BY code, from_ts')
      : sql.exec<ReferenceRow>('SELECT * FROM level_references WHERE code = ? ORDER BY from_ts', code);
  return rows.toArray().map(toReference);
}

/** The reference in effect at `ts` among one code's periods. */
export const referenceAt = (periods: readonly ReferencePeriod[], ts: number) =>
  periods.find((p) => p.from <= ts && (p.to === null || ts < p.to));

/**
 * A measurement in the level code's terms through the reference in effect: a depth below the measuring point is
 * the code itself (depth mode), the sensor's depth less it (water column above the sensor), or the measuring point's
 * elevation less it (elevation). A gauge reading is in the code's terms already. Null without a reference for a depth.
 */
export function measuredValue(m: Pick<FieldMeasurement, 'depth' | 'gauge'>, reference: ReferencePeriod | undefined): number | null {
  if (m.gauge !== null) return m.gauge;
  if (m.depth === null || !reference) return null;
  switch (reference.mode) {
    case 'depth_below_mp':
      return m.depth;
    case 'water_column':
      return reference.sensorDepth === null ? null : reference.sensorDepth - m.depth;
    case 'elevation':
      return reference.mpElevation - m.depth;
  }
}

export type ReferenceOutcome = { ok: true; reference: ReferencePeriod } | { ok: false; overlaps: ReferencePeriod };

/** Why a change of a kept period or measurement was refused: no such one, or the change names another reading. */
export type Refusal = { ok: false; reason: 'missing' | 'reading' };

export type ReferenceChange =
  { ok: true; before: ReferencePeriod; after: ReferencePeriod | null } | Refusal | { ok: false; overlaps: ReferencePeriod };
export type MeasurementChange = { ok: true; before: FieldMeasurement; after: FieldMeasurement | null } | Refusal;

const overlapping = (periods: readonly ReferencePeriod[], from: number, to: number | null) =>
  periods.find((p) => p.from < (to ?? Infinity) && from < (p.to ?? Infinity));

export class StationLevels {
  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly quality: StationQuality,
  ) {}

  private get sql() {
    return this.storage.sql;
  }

  /** A code's reference periods (every code's when left out), in time order. */
  references(code?: string): ReferencePeriod[] {
    return referencesIn(this.sql, code);
  }

  /** A code's manual measurements (every code's when left out), in time order. */
  measurements(code?: string): FieldMeasurement[] {
    const rows =
      code === undefined
        ? this.sql.exec<MeasurementRow>('SELECT * FROM measurements ORDER BY ts, id')
        : this.sql.exec<MeasurementRow>('SELECT * FROM measurements WHERE code = ? ORDER BY ts, id', code);
    return rows.toArray().map(toMeasurement);
  }

  /** Adds a reference period with its audit entry in one transaction; refused when it overlaps another of its code. */
  addReference(input: NewReference, who: Editor, now: number): ReferenceOutcome {
    return this.storage.transactionSync((): ReferenceOutcome => {
      const overlaps = overlapping(this.references(input.code), input.from, input.to);
      if (overlaps) return { ok: false, overlaps };
      const { id } = this.sql
        .exec<{ id: number }>(
          `INSERT INTO level_references (code, from_ts, to_ts, ground, mp, datum, mode, sensor_depth, note, created_at, created_by, created_by_name)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
          input.code,
          input.from,
          input.to,
          input.groundElevation,
          input.mpElevation,
          input.datum,
          input.mode,
          input.sensorDepth,
          input.note,
          now,
          who.id,
          who.name,
        )
        .one();
      const { note, ...detail } = input;
      this.quality.logChange({
        action: 'reference',
        code: input.code,
        from: input.from,
        to: input.to,
        who,
        note,
        now,
        detail: { id, ...detail },
      });
      return { ok: true, reference: { ...input, id, createdAt: now, createdBy: who } };
    });
  }

  /** Records measurements all or none, with one audit entry per code, in one transaction. */
  addMeasurements(inputs: readonly NewMeasurement[], who: Editor, now: number): FieldMeasurement[] {
    return this.storage.transactionSync(() => {
      const added = inputs.map((m): FieldMeasurement => {
        const { id } = this.sql
          .exec<{ id: number }>(
            `INSERT INTO measurements (code, ts, depth, gauge, measured_by, method, note, created_at, created_by, created_by_name)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
            m.code,
            m.ts,
            m.depth,
            m.gauge,
            m.measuredBy,
            m.method,
            m.note,
            now,
            who.id,
            who.name,
          )
          .one();
        return { ...m, id, createdAt: now, createdBy: who };
      });
      for (const code of new Set(added.map((m) => m.code))) {
        const mine = added.filter((m) => m.code === code);
        this.quality.logChange({
          action: 'measure',
          code,
          from: Math.min(...mine.map((m) => m.ts)),
          to: Math.max(...mine.map((m) => m.ts)),
          who,
          note: `${mine.length} manual measurement(s)`,
          now,
          detail: { id: mine[0].id, ids: mine.map((m) => m.id) },
        });
      }
      return added;
    });
  }

  /**
   * Changes a reference period, or removes it (`input` null), with its audit entry (`reference`, the detail keeping
   * the period before and after) in one transaction; a change may not make it overlap another of its code.
   */
  changeReference(id: number, input: NewReference | null, note: string, who: Editor, now: number): ReferenceChange {
    return this.storage.transactionSync((): ReferenceChange => {
      const before = this.references().find((p) => p.id === id);
      if (!before) return { ok: false, reason: 'missing' };
      if (input && input.code !== before.code) return { ok: false, reason: 'reading' };
      const { code } = before;
      if (input) {
        const overlaps = overlapping(
          this.references(code).filter((p) => p.id !== id),
          input.from,
          input.to,
        );
        if (overlaps) return { ok: false, overlaps };
        this.sql.exec(
          `UPDATE level_references SET from_ts = ?, to_ts = ?, ground = ?, mp = ?, datum = ?, mode = ?, sensor_depth = ?, note = ? WHERE id = ?`,
          input.from,
          input.to,
          input.groundElevation,
          input.mpElevation,
          input.datum,
          input.mode,
          input.sensorDepth,
          input.note,
          id,
        );
      } else this.sql.exec('DELETE FROM level_references WHERE id = ?', id);
      const after = input && { ...before, ...input };
      const ends = after ? [before, after] : [before];
      this.quality.logChange({
        action: 'reference',
        code,
        from: Math.min(...ends.map((p) => p.from)),
        to: ends.some((p) => p.to === null) ? null : Math.max(...ends.map((p) => p.to!)),
        who,
        note,
        now,
        detail: { id, change: after ? 'edit' : 'remove', before, after },
      });
      return { ok: true, before, after };
    });
  }

  /** Changes a measurement, or removes it (`input` null), with its audit entry (`measure`) in one transaction. */
  changeMeasurement(id: number, input: NewMeasurement | null, note: string, who: Editor, now: number): MeasurementChange {
    return this.storage.transactionSync((): MeasurementChange => {
      const before = this.measurements().find((m) => m.id === id);
      if (!before) return { ok: false, reason: 'missing' };
      if (input && input.code !== before.code) return { ok: false, reason: 'reading' };
      const { code } = before;
      if (input)
        this.sql.exec(
          'UPDATE measurements SET ts = ?, depth = ?, gauge = ?, measured_by = ?, method = ?, note = ? WHERE id = ?',
          input.ts,
          input.depth,
          input.gauge,
          input.measuredBy,
          input.method,
          input.note,
          id,
        );
      else this.sql.exec('DELETE FROM measurements WHERE id = ?', id);
      const after = input && { ...before, ...input };
      const times = after ? [before.ts, after.ts] : [before.ts];
      this.quality.logChange({
        action: 'measure',
        code,
        from: Math.min(...times),
        to: Math.max(...times),
        who,
        note,
        now,
        detail: { id, change: after ? 'edit' : 'remove', before, after },
      });
      return { ok: true, before, after };
    });
  }
}
