/**
 * A station's rating versions, their shifts and its gaugings, kept in the object beside the corrections
 * (docs/ratings.md). Every change is one transaction with its audit log entry; a change that would leave a code's
 * ratings unusable is refused with field errors and stores nothing.
 */
import type { FieldErrors } from '../../contracts/envelope';
import type { GaugingQuality } from '../../contracts/ratings';
import { editor } from '../corrections/levels';
import type { Editor, StationQuality } from '../quality';
import type { OutOfRange, RatingPoint } from './curve';
import { Rater, type RatingVersion } from './rater';
import type { Shift, ShiftPoint } from './shifts';
import { curveErrors, periodErrors, shiftErrors } from './validate';

interface Made {
  note: string;
  createdAt: number;
  createdBy: Editor | null;
}

export interface KeptShift extends Shift, Made {
  versionId: number;
}

export interface KeptVersion extends RatingVersion, Made {
  code: string;
  shifts: KeptShift[];
}

export interface Gauging extends Made {
  id: number;
  code: string;
  ts: number;
  stage: number;
  discharge: number;
  method: string;
  quality: GaugingQuality;
  measuredBy: string;
}

export interface NewVersion {
  code: string;
  from: number;
  to: number | null;
  transitionFrom: number | null;
  outOfRange: OutOfRange;
  points: RatingPoint[];
  note: string;
}

export type NewShift = Pick<KeptShift, 'versionId' | 'ts' | 'points' | 'prorate' | 'note'>;
export type NewGauging = Omit<Gauging, 'id' | 'createdAt' | 'createdBy'>;

/** A change refused: what was asked for is gone, or the field errors it would cause. */
export type Refused = { ok: false; missing: true } | { ok: false; missing?: false; errors: FieldErrors };
export type Outcome<T> = { ok: true; value: T } | Refused;

interface VersionRow extends Record<string, SqlStorageValue> {
  id: number;
  code: string;
  from_ts: number;
  to_ts: number | null;
  transition_from: number | null;
  out_of_range: string;
  points: string;
  note: string;
  created_at: number;
  created_by: number | null;
  created_by_name: string | null;
}

interface ShiftRow extends Record<string, SqlStorageValue> {
  id: number;
  version_id: number;
  ts: number;
  points: string;
  prorate: number;
  note: string;
  created_at: number;
  created_by: number | null;
  created_by_name: string | null;
}

interface GaugingRow extends Record<string, SqlStorageValue> {
  id: number;
  code: string;
  ts: number;
  stage: number;
  discharge: number;
  method: string;
  quality: string;
  measured_by: string;
  note: string;
  created_at: number;
  created_by: number | null;
  created_by_name: string | null;
}

const toShift = (r: ShiftRow): KeptShift => ({
  id: r.id,
  versionId: r.version_id,
  ts: r.ts,
  points: JSON.parse(r.points) as ShiftPoint[],
  prorate: r.prorate === 1,
  note: r.note,
  createdAt: r.created_at,
  createdBy: editor(r.created_by, r.created_by_name),
});

const toVersion = (r: VersionRow, shifts: KeptShift[]): KeptVersion => ({
  id: r.id,
  code: r.code,
  from: r.from_ts,
  to: r.to_ts,
  transitionFrom: r.transition_from,
  curve: { points: JSON.parse(r.points) as RatingPoint[], outOfRange: r.out_of_range as OutOfRange },
  shifts: shifts.filter((s) => s.versionId === r.id).sort((a, b) => a.ts - b.ts || a.id - b.id),
  note: r.note,
  createdAt: r.created_at,
  createdBy: editor(r.created_by, r.created_by_name),
});

const toGauging = (r: GaugingRow): Gauging => ({
  id: r.id,
  code: r.code,
  ts: r.ts,
  stage: r.stage,
  discharge: r.discharge,
  method: r.method,
  quality: r.quality as GaugingQuality,
  measuredBy: r.measured_by,
  note: r.note,
  createdAt: r.created_at,
  createdBy: editor(r.created_by, r.created_by_name),
});

/** A station's rating versions (of one code, or all) with their shifts, in time order per code. */
function versionsIn(sql: SqlStorage, code?: string): KeptVersion[] {
  const rows =
    code === undefined
      ? sql.exec<VersionRow>('SELECT * FROM rating_versions ORDER BY code, from_ts')
      : sql.exec<VersionRow>('SELECT * FROM rating_versions WHERE code = ? ORDER BY from_ts', code);
  const versions = rows.toArray();
  if (!versions.length) return [];
  const shifts = sql.exec<ShiftRow>('SELECT * FROM rating_shifts').toArray().map(toShift);
  return versions.map((r) => toVersion(r, shifts));
}

/** Per code with versions, the rater of its versions (what the derived discharge is rated with). */
export function ratersIn(sql: SqlStorage): Map<string, Rater> {
  const byCode = new Map<string, KeptVersion[]>();
  for (const v of versionsIn(sql)) byCode.set(v.code, [...(byCode.get(v.code) ?? []), v]);
  return new Map([...byCode].map(([code, versions]) => [code, new Rater(versions)]));
}

const hasErrors = (errors: FieldErrors) => Object.keys(errors).length > 0;

export class StationRatings {
  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly quality: StationQuality,
  ) {}

  private get sql() {
    return this.storage.sql;
  }

  /** A code's versions (every code's when left out) in time order, each with its shifts: two small queries, no readings. */
  versions(code?: string): KeptVersion[] {
    return versionsIn(this.sql, code);
  }

  /** Per code with versions, the rater of its versions. */
  raters(): Map<string, Rater> {
    return ratersIn(this.sql);
  }

  gaugings(code?: string): Gauging[] {
    const rows =
      code === undefined
        ? this.sql.exec<GaugingRow>('SELECT * FROM gaugings ORDER BY ts, id')
        : this.sql.exec<GaugingRow>('SELECT * FROM gaugings WHERE code = ? ORDER BY ts, id', code);
    return rows.toArray().map(toGauging);
  }

  #version(id: number): KeptVersion | undefined {
    return this.versions().find((v) => v.id === id);
  }

  #refusal(input: NewVersion, id: number): FieldErrors {
    const errors = curveErrors(input.points);
    return hasErrors(errors) ? errors : periodErrors(this.versions(input.code), { ...input, id });
  }

  #log(
    action: 'rating' | 'gauging',
    code: string,
    from: number,
    to: number | null,
    who: Editor,
    note: string,
    now: number,
    detail: unknown,
  ) {
    this.quality.logChange({ action, code, from, to, who, note, now, detail });
  }

  /** Adds a version; refused with field errors for a bad table or a period that clashes with another. */
  addVersion(input: NewVersion, who: Editor, now: number): Outcome<KeptVersion> {
    return this.storage.transactionSync((): Outcome<KeptVersion> => {
      const errors = this.#refusal(input, 0);
      if (hasErrors(errors)) return { ok: false, errors };
      const { id } = this.sql
        .exec<{ id: number }>(
          `INSERT INTO rating_versions (code, from_ts, to_ts, transition_from, out_of_range, points, note, created_at, created_by, created_by_name)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
          input.code,
          input.from,
          input.to,
          input.transitionFrom,
          input.outOfRange,
          JSON.stringify(input.points),
          input.note,
          now,
          who.id,
          who.name,
        )
        .one();
      this.#log('rating', input.code, input.transitionFrom ?? input.from, input.to, who, input.note, now, { id, change: 'add', ...input });
      return { ok: true, value: this.#version(id)! };
    });
  }

  /** Replaces a version's table, period and policy (its shifts stay), under the same checks as adding. */
  replaceVersion(id: number, input: NewVersion, who: Editor, now: number): Outcome<KeptVersion> {
    return this.storage.transactionSync((): Outcome<KeptVersion> => {
      const old = this.#version(id);
      if (!old) return { ok: false, missing: true };
      if (old.code !== input.code) return { ok: false, errors: { reading: [`Version ${id} rates ${old.code}, not ${input.code}.`] } };
      const errors = this.#refusal(input, id);
      if (hasErrors(errors)) return { ok: false, errors };
      this.sql.exec(
        'UPDATE rating_versions SET from_ts = ?, to_ts = ?, transition_from = ?, out_of_range = ?, points = ?, note = ? WHERE id = ?',
        input.from,
        input.to,
        input.transitionFrom,
        input.outOfRange,
        JSON.stringify(input.points),
        input.note,
        id,
      );
      const from = Math.min(old.transitionFrom ?? old.from, input.transitionFrom ?? input.from);
      this.#log('rating', input.code, from, null, who, input.note, now, { id, change: 'replace', before: old, ...input });
      return { ok: true, value: this.#version(id)! };
    });
  }

  /** Removes a version and its shifts; the audit entry keeps what they were. */
  removeVersion(id: number, note: string, who: Editor, now: number): Outcome<number> {
    return this.storage.transactionSync((): Outcome<number> => {
      const old = this.#version(id);
      if (!old) return { ok: false, missing: true };
      const next = this.versions(old.code).find((v) => v.from > old.from);
      if (next?.transitionFrom != null)
        return { ok: false, errors: { id: [`Version ${next.id} blends in from this one: remove its transition first.`] } };
      this.sql.exec('DELETE FROM rating_shifts WHERE version_id = ?', id);
      this.sql.exec('DELETE FROM rating_versions WHERE id = ?', id);
      this.#log('rating', old.code, old.transitionFrom ?? old.from, old.to, who, note, now, { id, change: 'remove', before: old });
      return { ok: true, value: id };
    });
  }

  addShift(input: NewShift, who: Editor, now: number): Outcome<KeptShift> {
    return this.storage.transactionSync((): Outcome<KeptShift> => {
      const version = this.#version(input.versionId);
      if (!version) return { ok: false, errors: { version: [`There is no rating version ${input.versionId} at this station.`] } };
      const errors = shiftErrors(input.points);
      if (version.shifts.some((s) => s.ts === input.ts)) errors.at = ['Another shift of this version takes effect at the same instant.'];
      if (hasErrors(errors)) return { ok: false, errors };
      const { id } = this.sql
        .exec<{ id: number }>(
          `INSERT INTO rating_shifts (version_id, ts, points, prorate, note, created_at, created_by, created_by_name)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
          input.versionId,
          input.ts,
          JSON.stringify(input.points),
          input.prorate ? 1 : 0,
          input.note,
          now,
          who.id,
          who.name,
        )
        .one();
      this.#log('rating', version.code, input.ts, null, who, input.note, now, { id, change: 'shift', ...input });
      return { ok: true, value: { ...input, id, createdAt: now, createdBy: who } };
    });
  }

  removeShift(id: number, note: string, who: Editor, now: number): Outcome<number> {
    return this.storage.transactionSync((): Outcome<number> => {
      const row = this.sql.exec<ShiftRow>('SELECT * FROM rating_shifts WHERE id = ?', id).toArray()[0];
      if (!row) return { ok: false, missing: true };
      const old = toShift(row);
      const code = this.#version(old.versionId)!.code;
      this.sql.exec('DELETE FROM rating_shifts WHERE id = ?', id);
      this.#log('rating', code, old.ts, null, who, note, now, { id, change: 'unshift', before: old });
      return { ok: true, value: id };
    });
  }

  /** Records gaugings all or none, with one audit entry per code. */
  addGaugings(inputs: readonly NewGauging[], who: Editor, now: number): Gauging[] {
    return this.storage.transactionSync(() => {
      const added = inputs.map((g): Gauging => {
        const { id } = this.sql
          .exec<{ id: number }>(
            `INSERT INTO gaugings (code, ts, stage, discharge, method, quality, measured_by, note, created_at, created_by, created_by_name)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
            g.code,
            g.ts,
            g.stage,
            g.discharge,
            g.method,
            g.quality,
            g.measuredBy,
            g.note,
            now,
            who.id,
            who.name,
          )
          .one();
        return { ...g, id, createdAt: now, createdBy: who };
      });
      for (const code of new Set(added.map((g) => g.code))) {
        const mine = added.filter((g) => g.code === code);
        const times = mine.map((g) => g.ts);
        this.#log('gauging', code, Math.min(...times), Math.max(...times), who, `${mine.length} gauging(s)`, now, {
          ids: mine.map((g) => g.id),
        });
      }
      return added;
    });
  }

  removeGauging(id: number, note: string, who: Editor, now: number): Outcome<number> {
    return this.storage.transactionSync((): Outcome<number> => {
      const row = this.sql.exec<GaugingRow>('SELECT * FROM gaugings WHERE id = ?', id).toArray()[0];
      if (!row) return { ok: false, missing: true };
      const old = toGauging(row);
      this.sql.exec('DELETE FROM gaugings WHERE id = ?', id);
      this.#log('gauging', old.code, old.ts, old.ts, who, note, now, { id, change: 'remove', before: old });
      return { ok: true, value: id };
    });
  }
}
