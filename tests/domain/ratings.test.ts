import { describe, expect, it } from 'vitest';
import { rate, type Curve, type RatingPoint, type Segment } from '../../worker/station/ratings/curve';
import { Rater, type RatingVersion } from '../../worker/station/ratings/rater';
import { shiftAt, shiftValue, type Shift } from '../../worker/station/ratings/shifts';
import { curveErrors, periodErrors, shiftErrors } from '../../worker/station/ratings/validate';

const day = 86_400_000;
const t0 = Date.parse('2026-01-01T00:00:00Z');
const linear: Segment = { kind: 'linear' };
const table = (rows: [number, number][], segment: Segment = linear): RatingPoint[] =>
  rows.map(([stage, discharge]) => ({ stage, discharge, segment }));
const curve = (points: RatingPoint[], outOfRange: Curve['outOfRange'] = 'none'): Curve => ({ points, outOfRange });
const version = (id: number, from: number, points: RatingPoint[], more: Partial<RatingVersion> = {}): RatingVersion => ({
  id,
  from,
  to: null,
  transitionFrom: null,
  curve: curve(points),
  shifts: [],
  ...more,
});
const shift = (id: number, ts: number, points: [number, number][], prorate = true): Shift => ({
  id,
  ts,
  points: points.map(([stage, s]) => ({ stage, shift: s })),
  prorate,
});

describe('interpolation', () => {
  it('is linear between points', () => {
    const c = curve(
      table([
        [1, 0],
        [2, 10],
        [3, 30],
      ]),
    );
    expect(rate(c, 1.5)).toEqual({ value: 5, extrapolated: false });
    expect(rate(c, 2.5)?.value).toBe(20);
    expect(rate(c, 3)?.value).toBe(30);
    expect(rate(c, 1)?.value).toBe(0);
  });

  it('is a straight line in log(Q) against log(h − e) with an offset', () => {
    // Through (1, 2) and (2.5, 32) with e = 0.5: Q = 2 · ((h − 0.5) / 0.5)², so Q(1.5) = 8.
    const c = curve(
      table(
        [
          [1, 2],
          [2.5, 32],
        ],
        { kind: 'log', offset: 0.5 },
      ),
    );
    expect(rate(c, 1.5)?.value).toBeCloseTo(8, 12);
    expect(rate(c, 2)?.value).toBeCloseTo(18, 12);
    // Linear interpolation would give 12 at 1.5: the logarithmic one differs.
    expect(
      rate(
        curve(
          table([
            [1, 2],
            [2.5, 32],
          ]),
        ),
        1.5,
      )?.value,
    ).toBeCloseTo(12, 12);
  });

  it('follows a power law Q = C · (h − e)^b per segment', () => {
    const power: Segment = { kind: 'power', offset: 0.2, coefficient: 3, exponent: 1.5 };
    const c = curve([
      { stage: 1.2, discharge: 3, segment: power },
      { stage: 4.2, discharge: 24, segment: linear },
      { stage: 5.2, discharge: 40, segment: linear },
    ]);
    expect(rate(c, 1.2)?.value).toBeCloseTo(3, 12);
    expect(rate(c, 2.2)?.value).toBeCloseTo(3 * Math.pow(2, 1.5), 12);
    expect(rate(c, 4.2)?.value).toBeCloseTo(24, 12);
    expect(rate(c, 4.7)?.value).toBeCloseTo(32, 12);
  });
});

describe('out of range', () => {
  const points = table([
    [1, 0],
    [2, 10],
    [3, 30],
  ]);

  it('gives no value outside the table unless the curve extrapolates', () => {
    expect(rate(curve(points), 0.99)).toBeNull();
    expect(rate(curve(points), 3.01)).toBeNull();
  });

  it('extends the end segments when asked and says the value was extrapolated', () => {
    expect(rate(curve(points, 'extrapolate'), 4)).toEqual({ value: 50, extrapolated: true });
    // Never below zero flow.
    expect(rate(curve(points, 'extrapolate'), 0)).toEqual({ value: 0, extrapolated: true });
    const log = curve(
      table(
        [
          [1, 2],
          [2.5, 32],
        ],
        { kind: 'log', offset: 0.5 },
      ),
      'extrapolate',
    );
    expect(rate(log, 3.5)?.value).toBeCloseTo(72, 10);
    expect(rate(log, 0.4)).toEqual({ value: 0, extrapolated: true });
  });
});

describe('shifts', () => {
  it('vary with stage, linearly between their points and constant beyond', () => {
    const points = [
      { stage: 1, shift: 0.1 },
      { stage: 3, shift: 0.3 },
    ];
    expect(shiftValue(points, 0)).toBe(0.1);
    expect(shiftValue(points, 2)).toBeCloseTo(0.2, 12);
    expect(shiftValue(points, 5)).toBe(0.3);
  });

  it('are prorated linearly in time between consecutive shifts, and held after the last', () => {
    const shifts = [shift(1, t0, [[0, 0.1]]), shift(2, t0 + 10 * day, [[0, 0.3]])];
    expect(shiftAt(shifts, t0 - 1, 5)).toBe(0);
    expect(shiftAt(shifts, t0, 5)).toBe(0.1);
    expect(shiftAt(shifts, t0 + 5 * day, 5)).toBeCloseTo(0.2, 12);
    expect(shiftAt(shifts, t0 + 30 * day, 5)).toBe(0.3);
  });

  it('hold as a step until the next when not prorated', () => {
    const shifts = [shift(1, t0, [[0, 0.1]], false), shift(2, t0 + 10 * day, [[0, 0.3]])];
    expect(shiftAt(shifts, t0 + 5 * day, 5)).toBe(0.1);
  });

  it('are read at the stage plus the shift: Q = rating(h + shift(h))', () => {
    const rater = new Rater([
      version(
        1,
        t0,
        table([
          [0, 0],
          [10, 100],
        ]),
        { shifts: [shift(1, t0, [[0, 0.1]]), shift(2, t0 + 10 * day, [[0, 0.3]])] },
      ),
    ]);
    expect(rater.rate(t0 + 5 * day, 4)?.value).toBeCloseTo(42, 10);
    expect(rater.rate(t0 + 20 * day, 4)?.value).toBeCloseTo(43, 10);
  });
});

describe('versions in time', () => {
  const v1 = version(
    1,
    t0,
    table([
      [0, 0],
      [10, 100],
    ]),
  );
  const v2 = version(
    2,
    t0 + 20 * day,
    table([
      [0, 0],
      [10, 200],
    ]),
    { transitionFrom: t0 + 10 * day },
  );
  const rater = new Rater([v2, v1]);

  it('rate through the version in effect, none before the first', () => {
    expect(rater.rate(t0 - 1, 5)).toBeNull();
    expect(rater.rate(t0 + day, 5)).toEqual({ value: 50, extrapolated: false, versionId: 1 });
    expect(rater.rate(t0 + 25 * day, 5)).toEqual({ value: 100, extrapolated: false, versionId: 2 });
  });

  it('blend the previous version into the next linearly over the transition', () => {
    expect(rater.rate(t0 + 10 * day, 5)?.value).toBe(50);
    expect(rater.rate(t0 + 15 * day, 5)?.value).toBeCloseTo(75, 10);
    expect(rater.rate(t0 + 17.5 * day, 5)?.value).toBeCloseTo(87.5, 10);
    expect(rater.inEffect(t0 + 15 * day)).toMatchObject({ version: { id: 2 }, previous: { id: 1 }, weight: 0.5 });
  });

  it('end at an explicit end, leaving a gap without a rating', () => {
    const ended = new Rater([
      version(
        1,
        t0,
        table([
          [0, 0],
          [10, 100],
        ]),
        { to: t0 + day },
      ),
    ]);
    expect(ended.rate(t0 + day - 1, 5)?.value).toBe(50);
    expect(ended.rate(t0 + day, 5)).toBeNull();
  });
});

describe('reverse rating', () => {
  const log: Segment = { kind: 'log', offset: 0.2 };
  const rater = new Rater([
    version(
      1,
      t0,
      table(
        [
          [0.5, 0.4],
          [1, 3],
          [2, 15],
          [4, 80],
        ],
        log,
      ),
      {
        shifts: [
          shift(1, t0, [
            [0.5, -0.02],
            [4, 0.05],
          ]),
          shift(2, t0 + 10 * day, [[0.5, 0.04]]),
        ],
      },
    ),
  ]);

  it('is the inverse of the rating, shifts and all', () => {
    for (const ts of [t0, t0 + 3 * day, t0 + 20 * day])
      for (const h of [0.6, 0.9, 1.5, 2.2, 3.7]) {
        const q = rater.rate(ts, h)!.value;
        expect(rater.reverse(ts, q)).toBeCloseTo(h, 5);
      }
  });

  it('gives no stage for a discharge outside the table, or where no rating is in effect', () => {
    expect(rater.reverse(t0, 500)).toBeNull();
    expect(rater.reverse(t0 - 1, 3)).toBeNull();
  });

  it('reaches past the table when the curve extrapolates', () => {
    const open = new Rater([
      version(
        1,
        t0,
        table([
          [0, 0],
          [1, 10],
        ]),
        {
          curve: curve(
            table([
              [0, 0],
              [1, 10],
            ]),
            'extrapolate',
          ),
        },
      ),
    ]);
    expect(open.reverse(t0, 55)).toBeCloseTo(5.5, 5);
  });
});

describe('validation', () => {
  it('refuses a table of fewer than 2 points', () => {
    expect(curveErrors(table([[1, 1]]))).toEqual({ points: ['A rating needs at least 2 points.'] });
  });

  it('refuses discharge decreasing with stage, naming the point', () => {
    expect(
      Object.keys(
        curveErrors(
          table([
            [1, 1],
            [2, 5],
            [3, 4],
          ]),
        ),
      ),
    ).toEqual(['points.2.discharge']);
  });

  it('refuses a repeated stage', () => {
    expect(
      Object.keys(
        curveErrors(
          table([
            [1, 1],
            [1, 5],
          ]),
        ),
      ),
    ).toEqual(['points.1.stage']);
  });

  it('refuses a log segment at or below its stage of zero flow', () => {
    expect(
      Object.keys(
        curveErrors(
          table(
            [
              [1, 1],
              [2, 5],
            ],
            { kind: 'log', offset: 1 },
          ),
        ),
      ),
    ).toContain('points.0.segment.offset');
  });

  it('refuses a power segment whose end falls below the next point', () => {
    const points: RatingPoint[] = [
      { stage: 1, discharge: 1, segment: { kind: 'power', offset: 0, coefficient: 1, exponent: 1 } },
      { stage: 2, discharge: 5, segment: linear },
      { stage: 3, discharge: 1.5, segment: linear },
    ];
    expect(Object.keys(curveErrors(points))).toEqual(['points.2.discharge']);
  });

  it('takes a good table', () => {
    expect(
      curveErrors(
        table([
          [1, 0],
          [2, 5],
          [3, 5],
        ]),
      ),
    ).toEqual({});
  });

  it('refuses shift points out of order', () => {
    expect(
      Object.keys(
        shiftErrors([
          { stage: 2, shift: 0 },
          { stage: 1, shift: 0 },
        ]),
      ),
    ).toEqual(['points.1.stage']);
    expect(Object.keys(shiftErrors([]))).toEqual(['points']);
  });

  const period = (id: number, from: number, to: number | null = null, transitionFrom: number | null = null) => ({
    id,
    from,
    to,
    transitionFrom,
  });

  it('refuses versions that overlap without a transition', () => {
    const others = [period(1, t0, t0 + 10 * day)];
    expect(Object.keys(periodErrors(others, period(2, t0 + 5 * day)))).toEqual(['from']);
    expect(Object.keys(periodErrors([period(1, t0 + 10 * day)], period(2, t0, t0 + 11 * day)))).toEqual(['to']);
    expect(Object.keys(periodErrors(others, period(2, t0)))).toEqual(['from']);
  });

  it('takes a version that follows an open one, with or without a transition', () => {
    expect(periodErrors([period(1, t0)], period(2, t0 + 10 * day))).toEqual({});
    expect(periodErrors([period(1, t0)], period(2, t0 + 10 * day, null, t0 + 5 * day))).toEqual({});
  });

  it('refuses a transition with nothing to blend from', () => {
    expect(Object.keys(periodErrors([], period(2, t0 + 10 * day, null, t0)))).toEqual(['transition_from']);
    expect(Object.keys(periodErrors([period(1, t0 + 6 * day)], period(2, t0 + 10 * day, null, t0)))).toEqual(['transition_from']);
  });

  it('replaces a version in place without clashing with itself', () => {
    expect(periodErrors([period(1, t0, t0 + day)], period(1, t0, t0 + 2 * day))).toEqual({});
  });
});
