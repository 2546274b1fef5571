/**
 * A station's corrections as its object keeps them (docs/corrections.md): one row per correction in `corrections`,
 * never deleted (removal stamps `removed_at`), so the stack of any past moment can be replayed. Adding and removing
 * are one transaction with their audit log entry.
 */
import { localDay, addDays } from '../../../shared/station-time';
import type { Editor, StationQuality } from '../quality';
import { openEnd } from '../../contracts/quality';
import type { BorrowedPressure, PressureCopy } from './borrowed';
import { spansOf, stackAsOf, type Correction, type CorrectionParams } from './stack';

/** A correction with who made it (and removed it) and why. */
export interface KeptCorrection extends Correction {
  note: string;
  createdBy: Editor | null;
  removedBy: Editor | null;
  removalNote: string | null;
}

interface Row extends Record<string, SqlStorageValue> {
  id: number;
  code: string;
  from_ts: number;
  to_ts: number | null;
  position: number;
  params: string;
  note: string;
  created_at: number;
  created_by: number | null;
  created_by_name: string | null;
  removed_at: number | null;
  removed_by: number | null;
  removed_by_name: string | null;
  removal_note: string | null;
}

const editor = (id: number | null, name: string | null): Editor | null => (id === null ? null : { id, name: name ?? '' });

const toKept = (r: Row): KeptCorrection => ({
  id: r.id,
  code: r.code,
  from: r.from_ts,
  to: r.to_ts,
  order: r.position,
  params: JSON.parse(r.params) as CorrectionParams,
  createdAt: r.created_at,
  removedAt: r.removed_at,
  note: r.note,
  createdBy: editor(r.created_by, r.created_by_name),
  removedBy: editor(r.removed_by, r.removed_by_name),
  removalNote: r.removal_note,
});

/** Every correction the station holds (removed ones too), or those of one code. */
export function keptCorrections(sql: SqlStorage, code?: string): KeptCorrection[] {
  const rows =
    code === undefined
      ? sql.exec<Row>('SELECT * FROM corrections ORDER BY id')
      : sql.exec<Row>('SELECT * FROM corrections WHERE code = ? ORDER BY id', code);
  return rows.toArray().map(toKept);
}

/**
 * Each object's stacks in force now, read and parsed once: every batch, flush and rule reads them, and they change
 * only through `StationCorrections`, which forgets them. Read-only for callers.
 */
const inForce = new WeakMap<SqlStorage, Map<string, KeptCorrection[]>>();

/** Per code, its corrections in force now (or at `at`) in processing order. */
export function stacksOf(sql: SqlStorage, at?: number): Map<string, KeptCorrection[]> {
  const known = at === undefined ? inForce.get(sql) : undefined;
  if (known) return known;
  const rows =
    at === undefined ? sql.exec<Row>('SELECT * FROM corrections WHERE removed_at IS NULL') : sql.exec<Row>('SELECT * FROM corrections');
  const byCode = new Map<string, KeptCorrection[]>();
  for (const c of stackAsOf(rows.toArray().map(toKept), at)) {
    const list = byCode.get(c.code);
    if (list) list.push(c);
    else byCode.set(c.code, [c]);
  }
  if (at === undefined) inForce.set(sql, byCode);
  return byCode;
}

/** Forgets the stacks kept for `sql` (after its corrections changed, or were emptied by a test). */
export const forgetStacks = (sql: SqlStorage) => inForce.delete(sql);

export interface NewCorrection {
  code: string;
  from: number;
  to: number | null;
  order?: number;
  params: CorrectionParams;
  note: string;
}

export type CorrectionOutcome =
  | { ok: true; correction: KeptCorrection; days: string[] }
  | { ok: false; reason: 'approved'; approvedUntil: number }
  | { ok: false; reason: 'missing' | 'removed' };

/** The station-local days with readings that spans (ends included; null: open) cover: what to roll up again. */
export function daysWithin(sql: SqlStorage, spans: readonly (readonly [number, number | null])[], timeZone: string): string[] {
  const { first, last } = sql
    .exec<{ first: number | null; last: number | null }>('SELECT min(ts) AS first, max(ts) AS last FROM readings')
    .one();
  if (first === null || last === null) return [];
  const days = new Set<string>();
  for (const [from, to] of spans) {
    const start = Math.max(from, first);
    const end = Math.min(to ?? last, last);
    if (end < start) continue;
    for (let day = localDay(start, timeZone), final = localDay(end, timeZone); day <= final; day = addDays(day, 1)) days.add(day);
  }
  return [...days].sort();
}

/** The station-local days a correction changes: its spans, an open end reaching the newest reading. */
const daysOf = (sql: SqlStorage, c: Correction, timeZone: string) => daysWithin(sql, spansOf(c), timeZone);

export class StationCorrections {
  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly quality: StationQuality,
    private readonly borrowed: BorrowedPressure,
  ) {}

  private get sql() {
    return this.storage.sql;
  }

  /** Where the correction would change data of its code at the highest approval level (the end of that stretch), else null. */
  private locked(c: Correction): number | null {
    for (const [from, to] of spansOf(c)) {
      const segment = this.quality.approvals.lockIn(c.code, from, to ?? openEnd);
      if (segment) return segment.to;
    }
    return null;
  }

  /**
   * Adds a correction with its audit log entry (and the copy of another station's pressure it reads) in one
   * transaction; answers it and the days to roll up again.
   */
  add(input: NewCorrection, who: Editor, now: number, timeZone: string, copy?: PressureCopy): CorrectionOutcome {
    forgetStacks(this.sql);
    return this.storage.transactionSync((): CorrectionOutcome => {
      const order =
        input.order ??
        this.sql.exec<{ next: number }>('SELECT coalesce(max(position), 0) + 1 AS next FROM corrections WHERE code = ?', input.code).one()
          .next;
      const draft: Correction = {
        id: 0,
        code: input.code,
        from: input.from,
        to: input.to,
        order,
        createdAt: now,
        removedAt: null,
        params: input.params,
      };
      const approvedUntil = this.locked(draft);
      if (approvedUntil !== null) return { ok: false, reason: 'approved', approvedUntil };
      const { id } = this.sql
        .exec<{ id: number }>(
          `INSERT INTO corrections (code, from_ts, to_ts, position, params, note, created_at, created_by, created_by_name)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
          input.code,
          input.from,
          input.to,
          order,
          JSON.stringify(input.params),
          input.note,
          now,
          who.id,
          who.name,
        )
        .one();
      const copied = copy && this.borrowed.replace(copy.source, copy.from, copy.rows);
      const correction: KeptCorrection = { ...draft, id, note: input.note, createdBy: who, removedBy: null, removalNote: null };
      this.quality.logChange({
        action: 'correct',
        code: input.code,
        from: input.from,
        to: input.to,
        who,
        note: input.note,
        now,
        detail: { id, ...input.params },
      });
      const days = daysWithin(this.sql, copied ? [...spansOf(correction), copied] : spansOf(correction), timeZone);
      return { ok: true, correction, days };
    });
  }

  /** Removes a correction (it stays kept, stamped with who and when) with its audit log entry in one transaction. */
  remove(id: number, note: string, who: Editor, now: number, timeZone: string): CorrectionOutcome {
    forgetStacks(this.sql);
    return this.storage.transactionSync((): CorrectionOutcome => {
      const row = this.sql.exec<Row>('SELECT * FROM corrections WHERE id = ?', id).toArray()[0];
      if (!row) return { ok: false, reason: 'missing' };
      const kept = toKept(row);
      if (kept.removedAt !== null) return { ok: false, reason: 'removed' };
      const approvedUntil = this.locked(kept);
      if (approvedUntil !== null) return { ok: false, reason: 'approved', approvedUntil };
      this.sql.exec(
        'UPDATE corrections SET removed_at = ?, removed_by = ?, removed_by_name = ?, removal_note = ? WHERE id = ?',
        now,
        who.id,
        who.name,
        note,
        id,
      );
      const correction: KeptCorrection = { ...kept, removedAt: now, removedBy: who, removalNote: note };
      this.quality.logChange({ action: 'uncorrect', code: kept.code, from: kept.from, to: kept.to, who, note, now, detail: { id } });
      return { ok: true, correction, days: daysOf(this.sql, correction, timeZone) };
    });
  }
}
