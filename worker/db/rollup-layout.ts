/**
 * The roll-up's row layout and arithmetic (docs/decisions/0015), shared by the station objects that write rows, the
 * cron that folds them and the readers that add them up. Pure: no D1, no storage.
 *
 * A row is one station-day (or a folded station-month) with every code of the station's source: slot i holds the
 * i-th code of the source in the catalogue. Its key packs the station and the day (month): `item_id × 100,000 +
 * days since 1970-01-01` (months since 1970-01), so a station's rows are one range of the rowid.
 */
import { derivedReadingsOf, isSummed, readingsOf, sources, type Source } from '../../shared/readings';
import { addDays } from '../../shared/station-time';

/** Keys of one station lie in [item × keySpan, (item + 1) × keySpan). */
export const keySpan = 100_000;
const dayMs = 86_400_000;

/** Days since 1970-01-01 of a calendar day `YYYY-MM-DD`. */
export const dayNumber = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / dayMs;
export const dayOfNumber = (n: number) => new Date(n * dayMs).toISOString().slice(0, 10);
/** Months since 1970-01 of a month `YYYY-MM`. */
export const monthNumber = (month: string) => (Number(month.slice(0, 4)) - 1970) * 12 + Number(month.slice(5, 7)) - 1;
export const monthOfNumber = (n: number) => `${1970 + Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}`;

export const dayKey = (itemId: number, day: string) => itemId * keySpan + dayNumber(day);
export const monthKey = (itemId: number, month: string) => itemId * keySpan + monthNumber(month);
export const itemOfKey = (key: number) => Math.floor(key / keySpan);
export const dayOfKey = (key: number) => dayOfNumber(key % keySpan);
export const monthOfKey = (key: number) => monthOfNumber(key % keySpan);

export const monthOf = (day: string) => day.slice(0, 7);
export const firstDayOf = (month: string) => `${month}-01`;
export const lastDayOf = (month: string) => addDays(firstDayOf(monthOfNumber(monthNumber(month) + 1)), -1);

/**
 * The codes of a source in slot order: its stored codes in the catalogue's order, then its derived codes except
 * discharge. A D1 table holds at most 100 columns and a month row has 10 per slot: a tenth slot does not fit, so
 * discharge has a roll-up table of its own (`station_discharge_days`, docs/ratings.md).
 */
export const slotCodes = (source: Source): string[] =>
  [...readingsOf(source), ...derivedReadingsOf(source).filter((r) => r.derived.kind !== 'discharge')].map((r) => r.code);

/** A source's discharge code (rolled up apart from its slots); undefined for a source without a stage. */
export const dischargeCodeOf = (source: Source): string | undefined =>
  derivedReadingsOf(source).find((r) => r.derived.kind === 'discharge')?.code;

/** Slots of a row: as many as the source with the most codes (stored and derived) has. */
export const rollupSlots = Math.max(...sources.map((source) => slotCodes(source).length));

/** One code's figures over a day, a month or a range of them. */
export interface CodeFigures {
  count: number;
  /** Readings flagged suspect (data quality; counted in `count` too). */
  suspect: number;
  min: number;
  max: number;
  sum: number;
  firstTs: number;
  lastTs: number;
  lastValue: number;
  /** Codes that add up: the day with the largest total and that total (a day row's own day and sum). */
  peakDay?: string;
  peakSum?: number;
  /** Discharge: the volume in m³ that flowed (each day's mean times its seconds, added up). */
  volume?: number;
}

/** Every code's figures, by code. */
export type Figures = Record<string, CodeFigures>;

/** A roll-up row as the objects write it and the fold combines it. */
export interface RollupRow {
  key: number;
  codes: Figures;
}

/** A day of discharge as `station_discharge_days` holds it: its key and figures (`volume` set). */
export interface DischargeDay {
  key: number;
  figures: CodeFigures;
}

/** A station object's flush: what one D1 batch writes of its roll-up (worker/db/daily-stats.ts). */
export interface RollupWrite {
  itemId: number;
  source: Source;
  /** Day rows to write (replacing what D1 holds of those days). */
  days: RollupRow[];
  /** Folded months to write, from raw (replacing their month row and any day rows left of them). */
  months: RollupRow[];
  /** Keys of days, and months, left without readings: their rows go. */
  emptyDays: number[];
  emptyMonths: string[];
  /** Discharge of the days written (a station with a rating), and keys of those days without any: their rows go. */
  discharge: DischargeDay[];
  noDischarge: number[];
  /** Replace every row of the station (its zone or source changed: all its days were reckoned anew). */
  replaceAll: boolean;
  /** The station was listed as failing: the same batch takes it off the list. */
  clearFailure: boolean;
}

/** `b` added into `a` (either may be missing): counts and sums add, extremes widen, the later last reading wins. */
export function mergeCode(a: CodeFigures | undefined, b: CodeFigures): CodeFigures {
  if (!a) return { ...b };
  const later = b.lastTs > a.lastTs;
  const peak = wetter(b, a) ? b : a;
  return {
    count: a.count + b.count,
    suspect: a.suspect + b.suspect,
    min: Math.min(a.min, b.min),
    max: Math.max(a.max, b.max),
    sum: a.sum + b.sum,
    firstTs: Math.min(a.firstTs, b.firstTs),
    lastTs: later ? b.lastTs : a.lastTs,
    lastValue: later ? b.lastValue : a.lastValue,
    ...(peak.peakDay === undefined ? {} : { peakDay: peak.peakDay, peakSum: peak.peakSum }),
    ...(a.volume === undefined && b.volume === undefined ? {} : { volume: (a.volume ?? 0) + (b.volume ?? 0) }),
  };
}

/** Whether `b`'s wettest day beats `a`'s: a larger total, or the same total on an earlier day (ties go to the first). */
export function wetter(b: Pick<CodeFigures, 'peakDay' | 'peakSum'>, a: Pick<CodeFigures, 'peakDay' | 'peakSum'>): boolean {
  if (b.peakSum === undefined || b.peakDay === undefined) return false;
  if (a.peakSum === undefined || a.peakDay === undefined) return true;
  return b.peakSum > a.peakSum || (b.peakSum === a.peakSum && b.peakDay < a.peakDay);
}

/** Figures of several days or months added up. */
export function mergeFigures(into: Figures, more: Figures): Figures {
  for (const [code, figures] of Object.entries(more)) into[code] = mergeCode(into[code], figures);
  return into;
}

/** A day's figures as a candidate for its month's wettest day: codes that add up carry the day and its total. */
export function withPeaks(day: string, figures: Figures): Figures {
  const out: Figures = {};
  for (const [code, f] of Object.entries(figures))
    out[code] = isSummed(code) && f.sum > 0 ? { ...f, peakDay: day, peakSum: f.sum } : { ...f };
  return out;
}

const slotFields = ['n', 'q', 'lo', 'hi', 'sm', 'f', 'l', 'v'] as const;
/** Every slot's index. */
export const slots = Array.from({ length: rollupSlots }, (_, s) => s);

/** The columns of a day row, in the order `rowValues` gives them. */
export const dayColumns = ['id', 'first_ts', 'last_ts', ...slots.flatMap((s) => slotFields.map((f) => `${f}${s}`))];
/** The columns of a month row: a day row's and the wettest day of each slot. */
export const monthColumns = [...dayColumns, ...slots.flatMap((s) => [`pd${s}`, `pk${s}`])];

/**
 * A number as JSON can carry it to SQLite: a sum that overflowed to ±Infinity as the text `9e999` / `-9e999`, which
 * a REAL column stores as ±Inf (SQLite's REAL holds it; JSON and D1's bindings do not).
 */
export const toStored = (n: number | null | undefined): number | string | null =>
  n === null || n === undefined || Number.isNaN(n) ? null : Number.isFinite(n) ? n : n > 0 ? '9e999' : '-9e999';

/** A value read back: numbers as they are, ±Inf as SQLite quotes it (`9.0e+999`), NULL as null. */
export const fromStored = (v: unknown): number | null => (v === null || v === undefined ? null : typeof v === 'number' ? v : Number(v));

/** A row's values in column order (`dayColumns`, or `monthColumns` with `month`), for one JSON parameter. */
export function rowValues(source: Source, row: RollupRow, month = false): (number | string | null)[] {
  const codes = slotCodes(source);
  const all = Object.values(row.codes);
  const values: (number | string | null)[] = [row.key, Math.min(...all.map((f) => f.firstTs)), Math.max(...all.map((f) => f.lastTs))];
  for (const s of slots) {
    const f = row.codes[codes[s]];
    values.push(
      ...(f ? [f.count, f.suspect, f.min, f.max, toStored(f.sum), f.firstTs, f.lastTs, f.lastValue] : slotFields.map(() => null)),
    );
  }
  if (month) {
    for (const s of slots) {
      const f = row.codes[codes[s]];
      values.push(f?.peakDay === undefined ? null : dayNumber(f.peakDay), toStored(f?.peakSum));
    }
  }
  return values;
}

/** A stored row (by column name) as figures per code of the station's source. */
export function figuresOfRow(source: Source, row: Record<string, unknown>): Figures {
  const codes = slotCodes(source);
  const figures: Figures = {};
  codes.forEach((code, s) => {
    const count = row[`n${s}`];
    if (count === null || count === undefined) return;
    const peakDay = row[`pd${s}`];
    figures[code] = {
      count: Number(count),
      suspect: Number(row[`q${s}`] ?? 0),
      min: fromStored(row[`lo${s}`])!,
      max: fromStored(row[`hi${s}`])!,
      sum: fromStored(row[`sm${s}`]) ?? NaN,
      firstTs: Number(row[`f${s}`]),
      lastTs: Number(row[`l${s}`]),
      lastValue: fromStored(row[`v${s}`])!,
      ...(typeof peakDay === 'number' ? { peakDay: dayOfNumber(peakDay), peakSum: fromStored(row[`pk${s}`]) ?? NaN } : {}),
    };
  });
  return figures;
}

/**
 * The first month that is not folded at `now`: station-months before it hold one row each. A month folds once its
 * last day is more than `foldAfterDays` old (UTC days; a station's zone moves it by a day at most).
 */
export const firstUnfoldedMonth = (now: number, foldAfterDays: number) =>
  monthOf(new Date(now - foldAfterDays * dayMs).toISOString().slice(0, 10));

/**
 * Station objects write a month row (not day rows) for every month before this: a week ahead of the cron's fold,
 * so no object writes a day row into a month the cron may fold meanwhile, whatever the clocks say.
 */
export const firstMonthOfDays = (now: number, foldAfterDays: number) => firstUnfoldedMonth(now, foldAfterDays - 7);
