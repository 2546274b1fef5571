/**
 * Approval ranges inside a station's object (decision 0033): each approval or withdrawal is a range of one code painted
 * over what was there (a later range wins where ranges overlap; a withdrawal paints "none"), kept append-only with who,
 * when and the note. What the painting leaves, the code's segments, is kept beside it: the readings in a segment of the
 * highest level are locked (no re-flagging, no correction, no new reading), lower levels lock nothing.
 */
import { lockingLevel, openStart, type Approval, type ApprovalSpan } from '../contracts/quality';
import { isoInstant } from '../../shared/station-time';
import type { Reading } from '../contracts/telemetry';
import { newestOf } from './schema';

/** A stretch of one code at one level, and the range (its seq) that set it; `to` excluded. */
export interface Segment {
  code: string;
  from: number;
  to: number;
  level: number;
  entry: number;
}

/** A segment with the range that set it: who, when and why. */
export interface ShownSegment extends Segment {
  at: number;
  by: { id: number; name: string } | null;
  note: string | null;
}

export interface Painting {
  codes: readonly string[];
  from: number;
  to: number;
  /** null: withdraw (paint none). */
  level: number | null;
  who: { id: number; name: string };
  note: string | null;
  now: number;
}

/** `segments` (in order, disjoint) with [from, to) painted `level` (null: cleared) by range `entry`. */
function paint(segments: readonly Segment[], code: string, from: number, to: number, level: number | null, entry: number): Segment[] {
  const out: Segment[] = [];
  for (const s of segments) {
    if (s.to <= from || s.from >= to) out.push(s);
    else {
      if (s.from < from) out.push({ ...s, to: from });
      if (s.to > to) out.push({ ...s, from: to });
    }
  }
  if (level !== null) out.push({ code, from, to, level, entry });
  out.sort((a, b) => a.from - b.from);
  // Neighbours of one level from one range stay one segment.
  return out.reduce<Segment[]>((merged, s) => {
    const last = merged.at(-1);
    if (last && last.to === s.from && last.level === s.level && last.entry === s.entry) last.to = s.to;
    else merged.push({ ...s });
    return merged;
  }, []);
}

export class StationApprovals {
  private held: Map<string, Segment[]> | null = null;

  constructor(private readonly storage: DurableObjectStorage) {}

  private get sql() {
    return this.storage.sql;
  }

  private all(): Map<string, Segment[]> {
    if (!this.held) {
      this.held = new Map();
      for (const s of this.sql
        .exec<{ code: string; from_ts: number; to_ts: number; level: number; entry: number }>(
          'SELECT code, from_ts, to_ts, level, entry FROM approval_segments ORDER BY code, from_ts',
        )
        .toArray()) {
        const list = this.held.get(s.code) ?? [];
        list.push({ code: s.code, from: s.from_ts, to: s.to_ts, level: s.level, entry: s.entry });
        this.held.set(s.code, list);
      }
    }
    return this.held;
  }

  /** The segments are read again when next needed (their table changed behind this instance). */
  forget() {
    this.held = null;
  }

  segmentsOf(code: string): readonly Segment[] {
    return this.all().get(code) ?? [];
  }

  /** The first locked segment of `code` that [from, to] (both included) reaches, or null. */
  lockIn(code: string, from: number, to: number): Segment | null {
    return this.segmentsOf(code).find((s) => s.level === lockingLevel && s.from <= to && s.to > from) ?? null;
  }

  /** Of newly stored readings, those in a locked segment, each with it: a batch holding any is refused. */
  locked(stored: Reading[]): { reading: Reading; segment: Segment }[] {
    if (!this.all().size) return [];
    return stored.flatMap((reading) => {
      const segment = this.lockIn(reading.reading, reading.ts, reading.ts);
      return segment ? [{ reading, segment }] : [];
    });
  }

  /**
   * Paints a range over each of `codes`: a level never past the code's newest stored reading (a code without readings
   * in the range is left as it is), a withdrawal as asked. Must run in a transaction. Answers the codes painted.
   */
  paint({ codes, from, to, level, who, note, now }: Painting): string[] {
    const painted: string[] = [];
    for (const code of codes) {
      const newest = level === null ? null : newestOf(this.sql, code);
      const end = level === null ? to : newest === null ? from : Math.min(to, newest + 1);
      if (end <= from) continue;
      const { seq } = this.sql
        .exec<{ seq: number }>(
          `INSERT INTO approval_ranges (code, from_ts, to_ts, level, at, subject_id, subject_name, note) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
           RETURNING seq`,
          code,
          from,
          end,
          level,
          now,
          who.id,
          who.name,
          note,
        )
        .one();
      const segments = paint(this.segmentsOf(code), code, from, end, level, seq);
      this.sql.exec('DELETE FROM approval_segments WHERE code = ?', code);
      for (const s of segments)
        this.sql.exec(
          'INSERT INTO approval_segments (code, from_ts, to_ts, level, entry) VALUES (?, ?, ?, ?, ?)',
          code,
          s.from,
          s.to,
          s.level,
          s.entry,
        );
      painted.push(code);
    }
    this.held = null;
    return painted;
  }

  /** The segments of `codes` with who set each, when and why. */
  private shown(codes: readonly string[]): ShownSegment[] {
    const wanted = codes.flatMap((code) => this.segmentsOf(code));
    if (!wanted.length) return [];
    const ranges = new Map(
      this.sql
        .exec<{ seq: number; at: number; subject_id: number | null; subject_name: string | null; note: string | null }>(
          'SELECT seq, at, subject_id, subject_name, note FROM approval_ranges WHERE seq IN (SELECT value FROM json_each(?))',
          JSON.stringify([...new Set(wanted.map((s) => s.entry))]),
        )
        .toArray()
        .map((r) => [r.seq, r]),
    );
    return wanted.map((s) => {
      const r = ranges.get(s.entry)!;
      return { ...s, at: r.at, by: r.subject_id === null ? null : { id: r.subject_id, name: r.subject_name ?? '' }, note: r.note };
    });
  }

  /** Per code of `codes` with any, its segments as the chart and the export carry them. */
  spans(codes: readonly string[]): Record<string, ApprovalSpan[]> {
    return Object.fromEntries(
      codes.flatMap((code) => {
        const list = this.segmentsOf(code);
        return list.length ? [[code, list.map((s) => ({ from: s.from <= openStart ? null : s.from, to: s.to, level: s.level }))]] : [];
      }),
    );
  }

  /** Per code of `codes`, its ranges with who set each, and where the last locked one ends. */
  approvals(codes: readonly string[]): Approval[] {
    const shown = this.shown(codes);
    return codes.map((code) => {
      const own = shown.filter((s) => s.code === code);
      const locked = own.filter((s) => s.level === lockingLevel).at(-1);
      return {
        reading: code,
        approved_until: isoInstant(locked?.to ?? null),
        ranges: own.map((s) => ({
          from: s.from <= openStart ? null : isoInstant(s.from),
          to: isoInstant(s.to)!,
          level: s.level,
          at: isoInstant(s.at)!,
          by: s.by,
          note: s.note,
        })),
      };
    });
  }

  /** The levels any range of this station stands at now. */
  levelsInUse(): number[] {
    return [...new Set([...this.all().values()].flatMap((list) => list.map((s) => s.level)))];
  }
}
