import { describe, expect, it } from 'vitest';
import {
  applyStack,
  pressureReachMs,
  spansOf,
  stackAsOf,
  standardGravity,
  type Correction,
  type CorrectionParams,
  type Points,
} from '../../worker/station/corrections/stack';
import { suggestDrift, valueAt } from '../../worker/station/corrections/suggest';

const minute = 60_000;
const t0 = Date.parse('2026-06-01T00:00:00Z');
const at = (m: number) => t0 + m * minute;

/** Points every 10 minutes from t0 with the given values. */
const series = (values: number[], step = 10): Points => ({
  ts: Float64Array.from(values, (_, i) => at(i * step)),
  values: Float64Array.from(values),
});
const plain = (p: Points) => ({ ts: [...p.ts].map((t) => (t - t0) / minute), values: [...p.values] });

let nextId = 1;
const correction = (params: CorrectionParams, from: number, to: number | null, more: Partial<Correction> = {}): Correction => ({
  id: nextId++,
  code: 'H1',
  from: at(from),
  to: to === null ? null : at(to),
  order: 0,
  createdAt: 0,
  removedAt: null,
  params,
  ...more,
});

describe('each correction kind, exactly', () => {
  it('gives the raw points back untouched, not a copy, when no correction applies', () => {
    const raw = series([1, 2, 3]);
    expect(applyStack(raw, [])).toBe(raw);
  });

  it('adds an offset to the readings in its range, both ends included, and to nothing else', () => {
    const raw = series([1.5, 1.5, 1.5, 1.5, 1.5]);
    const out = applyStack(raw, [correction({ kind: 'offset', amount: 0.25 }, 10, 30)]);
    expect(plain(out).values).toEqual([1.5, 1.75, 1.75, 1.75, 1.5]);
    expect([...raw.values]).toEqual([1.5, 1.5, 1.5, 1.5, 1.5]);
  });

  it('applies an open-ended offset to every reading from its start on', () => {
    const out = applyStack(series([0, 0, 0]), [correction({ kind: 'offset', amount: -2 }, 10, null)]);
    expect(plain(out).values).toEqual([0, -2, -2]);
  });

  it('drifts linearly from 0 at the start to the amount at the end', () => {
    const out = applyStack(series([10, 10, 10, 10, 10, 10]), [correction({ kind: 'drift', amount: 0.3 }, 10, 40)]);
    const values = plain(out).values;
    expect(values[0]).toBe(10);
    expect(values[1]).toBe(10 + 0);
    expect(values[2]).toBe(10 + (0.3 * 10 * minute) / (30 * minute));
    expect(values[3]).toBe(10 + (0.3 * 20 * minute) / (30 * minute));
    expect(values[4]).toBe(10 + 0.3);
    expect(values[5]).toBe(10);
  });

  it('moves times by a clock shift and merges them back in order, a moved reading winning where it lands on another', () => {
    // Readings at 0…50 min; those at 20 and 30 move back by 25 minutes, to -5 and 5; then forward by 20, to 40 and 50.
    const raw = series([0, 1, 2, 3, 4, 5]);
    const back = applyStack(raw, [correction({ kind: 'clock_shift', seconds: -25 * 60 }, 20, 30)]);
    expect(plain(back)).toEqual({ ts: [-5, 0, 5, 10, 40, 50], values: [2, 0, 3, 1, 4, 5] });
    const onto = applyStack(raw, [correction({ kind: 'clock_shift', seconds: 20 * 60 }, 20, 30)]);
    expect(plain(onto)).toEqual({ ts: [0, 10, 40, 50], values: [0, 1, 2, 3] });
  });

  it('deletes the readings of a range', () => {
    const out = applyStack(series([0, 1, 2, 3, 4]), [correction({ kind: 'delete_range' }, 10, 25)]);
    expect(plain(out)).toEqual({ ts: [0, 30, 40], values: [0, 3, 4] });
  });

  it('fills gaps up to the maximum linearly, a point per reporting interval, and leaves longer gaps open', () => {
    const raw: Points = {
      ts: Float64Array.from([0, 40, 50, 150, 155].map(at)),
      values: Float64Array.from([1, 2, 7, 0, 0]),
    };
    const out = applyStack(raw, [correction({ kind: 'gap_fill', maxGapMinutes: 60, intervalMinutes: 10 }, 0, null)]);
    expect(plain(out)).toEqual({ ts: [0, 10, 20, 30, 40, 50, 150, 155], values: [1, 1.25, 1.5, 1.75, 2, 7, 0, 0] });
  });

  it('fills only gaps inside its range, and none closer than half an interval to the next reading', () => {
    const raw: Points = { ts: Float64Array.from([0, 24, 60, 84].map(at)), values: Float64Array.from([0, 24, 60, 84]) };
    const out = applyStack(raw, [correction({ kind: 'gap_fill', maxGapMinutes: 60, intervalMinutes: 10 }, 0, 24)]);
    // 0 → 24: a point at 10 (14 minutes before the next); none at 20 (4 minutes before it). 24 → 60 lies outside the range.
    expect(plain(out)).toEqual({ ts: [0, 10, 24, 60, 84], values: [0, 10, 24, 60, 84] });
  });

  it('subtracts barometric pressure as a water column with the density stated, interpolating the pressure', () => {
    const raw = series([11, 11, 11]);
    const pressure: Points = { ts: Float64Array.from([at(0), at(20)]), values: Float64Array.from([1000, 1010]) };
    const baro = correction({ kind: 'barometric', source: null, density: 1000, referenceHpa: 0 }, 0, null);
    const out = applyStack(raw, [baro], { pressureOf: () => pressure });
    const metresPerHpa = 100 / (1000 * standardGravity);
    expect(plain(out).values).toEqual([11 - 1000 * metresPerHpa, 11 - 1005 * metresPerHpa, 11 - 1010 * metresPerHpa]);
    // 1000 hPa is 10.197… m of fresh water; 1 hPa about a centimetre.
    expect(plain(out).values[0]).toBeCloseTo(11 - 10.19716, 5);
  });

  it('compensates against a reference pressure and a brine density', () => {
    const pressure = series([1013.25, 1023.25, 1003.25]);
    const baro = correction({ kind: 'barometric', source: 7, density: 1025, referenceHpa: 1013.25 }, 0, null);
    const out = applyStack(series([2, 2, 2]), [baro], {
      pressureOf: (c) => (c.params.kind === 'barometric' && c.params.source === 7 ? pressure : undefined),
    });
    const perHpa = 100 / (1025 * standardGravity);
    expect(plain(out).values).toEqual([2 - 0 * perHpa, 2 - (1023.25 - 1013.25) * perHpa, 2 - (1003.25 - 1013.25) * perHpa]);
  });

  it('leaves out readings with no pressure within reach, and keeps those outside its range', () => {
    const raw = series([5, 5, 5, 5], 120);
    // Pressure at 0 and at 360 minutes (6 h apart: too far to interpolate across) and nothing after.
    const pressure: Points = { ts: Float64Array.from([at(0), at(360)]), values: Float64Array.from([1000, 1000]) };
    expect(360 * minute).toBeGreaterThan(pressureReachMs);
    const baro = correction({ kind: 'barometric', source: null, density: 1000, referenceHpa: 1000 }, 0, 240);
    const out = applyStack(raw, [baro], { pressureOf: () => pressure });
    expect(plain(out)).toEqual({ ts: [0, 360], values: [5, 5] });
  });
});

describe('a stack of corrections', () => {
  it('applies corrections in processing order, not in the order they were made', () => {
    // A clock shift and an offset over the time the shifted reading lands on give different values in either order.
    const shift = correction({ kind: 'clock_shift', seconds: 10 * 60 }, 0, 0, { order: 1 });
    const offset = correction({ kind: 'offset', amount: 1 }, 10, 10, { order: 2 });
    const raw = series([5, 6]);
    // The reading at 0 moves onto 10 (replacing 6), then the offset adds 1 at 10.
    expect(plain(applyStack(raw, stackAsOf([offset, shift])))).toEqual({ ts: [10], values: [6] });
    const reversed = stackAsOf([
      { ...offset, order: 1 },
      { ...shift, order: 2 },
    ]);
    // The offset first turns 6 into 7 at 10; then the reading at 0 lands there and wins.
    expect(plain(applyStack(raw, reversed))).toEqual({ ts: [10], values: [5] });
  });

  it('breaks ties of processing order by id', () => {
    const a = correction({ kind: 'offset', amount: 1 }, 0, null, { id: 20, order: 3 });
    const b = correction({ kind: 'offset', amount: 2 }, 0, null, { id: 10, order: 3 });
    expect(stackAsOf([a, b]).map((c) => c.id)).toEqual([10, 20]);
  });

  it('gives back the previous values bit for bit when a correction is removed', () => {
    const raw = series(Array.from({ length: 200 }, (_, i) => 3.1 + Math.sin(i / 7) * 0.37));
    const drift = correction({ kind: 'drift', amount: 0.123 }, 100, 1500, { order: 1, createdAt: 10 });
    const offset = correction({ kind: 'offset', amount: 0.1 }, 0, null, { order: 2, createdAt: 20 });
    const fill = correction({ kind: 'gap_fill', maxGapMinutes: 30, intervalMinutes: 10 }, 0, null, { order: 3, createdAt: 30 });
    const before = applyStack(raw, stackAsOf([drift, fill]));
    const withOffset = applyStack(raw, stackAsOf([drift, offset, fill]));
    expect(plain(withOffset).values).not.toEqual(plain(before).values);
    const removed = applyStack(raw, stackAsOf([drift, { ...offset, removedAt: 40 }, fill]));
    expect(plain(removed)).toEqual(plain(before));
    expect(Buffer.from(removed.values.buffer, removed.values.byteOffset, removed.values.byteLength)).toEqual(
      Buffer.from(before.values.buffer, before.values.byteOffset, before.values.byteLength),
    );
  });

  it('replays the stack as it stood at a past moment', () => {
    const first = correction({ kind: 'offset', amount: 1 }, 0, null, { createdAt: 100, order: 1 });
    const second = correction({ kind: 'offset', amount: 10 }, 0, null, { createdAt: 200, removedAt: 300, order: 2 });
    const all = [first, second];
    const value = (asOf?: number) => plain(applyStack(series([0]), stackAsOf(all, asOf))).values[0];
    expect(value(99)).toBe(0);
    expect(value(100)).toBe(1);
    expect(value(250)).toBe(11);
    expect(value(300)).toBe(1);
    expect(value()).toBe(1);
  });

  it('names the spans a correction changes, both sides of a clock shift', () => {
    expect(spansOf(correction({ kind: 'offset', amount: 1 }, 0, null))).toEqual([[at(0), null]]);
    expect(spansOf(correction({ kind: 'clock_shift', seconds: -3600 }, 60, 120))).toEqual([
      [at(60), at(120)],
      [at(0), at(60)],
    ]);
  });
});

describe('the logger against manual measurements', () => {
  it("reads the logger's value at a moment, linear between readings, and nothing beyond them", () => {
    const points = series([1, 2]);
    expect(valueAt(points, at(0))).toBe(1);
    expect(valueAt(points, at(5))).toBe(1.5);
    expect(valueAt(points, at(11))).toBeNull();
    expect(valueAt(points, at(-1))).toBeNull();
  });

  it('suggests the drift that makes the corrected series meet the measurements at both ends', () => {
    // The logger reads 0.02 m high at the start and 0.07 m low after 30 days: a drift of 0.09 at the end (and a
    // start difference an offset takes care of).
    const days = 30;
    const raw: Points = { ts: Float64Array.from([at(0), at(days * 1440)]), values: Float64Array.from([4.02, 3.93]) };
    const suggestion = suggestDrift(raw, { ts: at(0), value: 4 }, { ts: at(days * 1440), value: 4 });
    expect(suggestion).toEqual({ startDifference: 4 - 4.02, endDifference: 4 - 3.93, amount: 4 - 3.93 - (4 - 4.02) });
    const stack = stackAsOf([
      correction({ kind: 'offset', amount: suggestion!.startDifference }, 0, null, { order: 1 }),
      correction({ kind: 'drift', amount: suggestion!.amount }, 0, days * 1440, { order: 2 }),
    ]);
    const corrected = applyStack(raw, stack);
    expect(corrected.values[0]).toBeCloseTo(4, 12);
    expect(corrected.values[1]).toBeCloseTo(4, 12);
    expect(suggestDrift(raw, { ts: at(-10), value: 4 }, { ts: at(10), value: 4 })).toBeNull();
  });
});
