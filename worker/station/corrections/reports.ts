/**
 * The station's reports with each corrected code's values taken from its correction stack: what charts and the
 * roll-up read. A station (or range) without corrections reads its raw reports as they are.
 */
import { allReadingCodes } from '../../../shared/readings';
import type { Reading } from '../../contracts/telemetry';
import { codeIndex, rejectedFlag, reportsIn } from '../flags';
import { borrowedPoints } from './borrowed';
import { stacksOf, type KeptCorrection } from './kept';
import { applyStack, pressureReachMs, spansOf, type Correction, type Points } from './stack';

type Report = { row: (number | null)[]; flags: readonly number[] };

const pressureCode = 'pressure';

/** How far outside a range a stack reads: where shifted readings come from, and the neighbours fills and compensation need. */
function reachOf(stack: readonly KeptCorrection[]): number {
  let reach = 0;
  for (const { params } of stack) {
    if (params.kind === 'clock_shift') reach = Math.max(reach, Math.abs(params.seconds) * 1000);
    if (params.kind === 'gap_fill') reach = Math.max(reach, params.maxGapMinutes * 60_000);
    if (params.kind === 'barometric') reach = Math.max(reach, pressureReachMs);
  }
  return reach;
}

const touches = (stack: readonly KeptCorrection[], start: number, end: number, reach: number) =>
  stack.some((c) => spansOf(c).some(([from, to]) => from < end + reach && (to === null || to >= start - reach)));

class Collected {
  readonly ts: number[] = [];
  readonly values: number[] = [];
  points(): Points {
    return { ts: Float64Array.from(this.ts), values: Float64Array.from(this.values) };
  }
}

/**
 * Every report in [start, end) in time order, as `reportsIn`, with the codes that have corrections in force (now or
 * at `at`) corrected: rejected readings left out of the stack (each stays as it was, raw and rejected), then the stack
 * applied. A corrected value keeps the flag its raw reading had at that time (a filled or moved one is good).
 */
export function* correctedReportsIn(sql: SqlStorage, start: number, end: number, at?: number): Generator<Report> {
  const stacks = stacksOf(sql, at);
  let reach = 0;
  const corrected: { index: number; stack: KeptCorrection[] }[] = [];
  for (const [code, stack] of stacks) {
    const own = reachOf(stack);
    if (!touches(stack, start, end, own)) continue;
    corrected.push({ index: codeIndex(code), stack });
    reach = Math.max(reach, own);
  }
  if (!corrected.length) {
    yield* reportsIn(sql, start, end);
    return;
  }
  const compensated = corrected.some((c) => c.stack.some((k) => k.params.kind === 'barometric' && k.params.source === null));
  const pressureAt = codeIndex(pressureCode);
  const pressure = new Collected();
  const collected = corrected.map(() => new Collected());
  const kept = new Map<number, Report>();
  for (const { row, flags } of reportsIn(sql, start - reach, end + reach)) {
    const ts = row[0] as number;
    corrected.forEach(({ index }, k) => {
      const value = row[index + 1];
      if (value === null || flags[index] === rejectedFlag) return;
      collected[k].ts.push(ts);
      collected[k].values.push(value);
    });
    if (compensated && row[pressureAt + 1] !== null && flags[pressureAt] !== rejectedFlag) {
      pressure.ts.push(ts);
      pressure.values.push(row[pressureAt + 1] as number);
    }
    if (ts < start || ts >= end) continue;
    const copy = { row: [...row], flags: [...flags] };
    // A rejected reading keeps its raw value and flag, as without corrections: readers leave it out or show it apart.
    for (const { index } of corrected) if (flags[index] !== rejectedFlag) copy.row[index + 1] = null;
    kept.set(ts, copy);
  }
  const own = compensated ? pressure.points() : undefined;
  const pressureOf = ({ params }: Correction) =>
    params.kind !== 'barometric' || params.source === null ? own : borrowedPoints(sql, params.source, start - reach, end + reach);
  corrected.forEach(({ index, stack }, k) => {
    const out = applyStack(collected[k].points(), stack, { pressureOf });
    for (let i = 0; i < out.ts.length; i++) {
      const ts = out.ts[i];
      if (ts < start || ts >= end) continue;
      let report = kept.get(ts);
      if (!report)
        kept.set(
          ts,
          (report = {
            row: [ts, ...new Array<null>(allReadingCodes.length).fill(null)],
            flags: new Array<number>(allReadingCodes.length).fill(0),
          }),
        );
      report.row[index + 1] = out.values[i];
      if (report.flags[index] === rejectedFlag) (report.flags as number[])[index] = 0;
    }
  });
  for (const ts of [...kept.keys()].sort((a, b) => a - b)) yield kept.get(ts)!;
}

/** One code's corrected points in [start, end) (rejected readings left out). */
export function correctedPoints(sql: SqlStorage, code: string, start: number, end: number): Points {
  const index = codeIndex(code);
  const points = new Collected();
  for (const { row, flags } of correctedReportsIn(sql, start, end)) {
    const value = row[index + 1];
    if (value === null || flags[index] === rejectedFlag) continue;
    points.ts.push(row[0] as number);
    points.values.push(value);
  }
  return points.points();
}

/**
 * Newly stored readings as live messages carry them: a code with corrections in force over them is replaced by its
 * corrected points over the same span (an open-ended correction applies to a new reading at once); the rest as stored.
 */
export function correctedArrivals(sql: SqlStorage, stored: readonly Reading[]): Reading[] {
  const stacks = stacksOf(sql);
  if (!stacks.size) return [...stored];
  const spans = new Map<string, [number, number]>();
  for (const { reading, ts } of stored) {
    if (!stacks.has(reading)) continue;
    const span = spans.get(reading);
    spans.set(reading, span ? [Math.min(span[0], ts), Math.max(span[1], ts)] : [ts, ts]);
  }
  const touched = [...spans].filter(([code, [from, to]]) => touches(stacks.get(code)!, from, to + 1, 0));
  if (!touched.length) return [...stored];
  const replaced = new Set(touched.map(([code]) => code));
  const out = stored.filter((r) => !replaced.has(r.reading));
  for (const [code, [from, to]] of touched) {
    const points = correctedPoints(sql, code, from, to + 1);
    for (let i = 0; i < points.ts.length; i++) out.push({ reading: code, ts: points.ts[i], value: points.values[i] });
  }
  return out.sort((a, b) => a.ts - b.ts);
}
