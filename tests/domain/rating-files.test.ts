import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../worker/domain/errors';
import { csvPoints, curvePoints, parseRdb, rdbPoints, tableCsv } from '../../worker/domain/ratings/files';
import { rate } from '../../worker/station/ratings/curve';

const exsa = readFileSync(new URL('../fixtures/ratings/usgs-01541303-exsa.rdb', import.meta.url), 'utf8');
const metresPerFoot = 0.3048;
const cubicMetresPerCubicFoot = 0.028316846592;

const fieldsOf = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    if (err instanceof AppError) return Object.keys(err.errors);
    throw err;
  }
  return [];
};

describe('USGS RDB rating files', () => {
  it('reads an exsa table with its expansion, offset and units', () => {
    const rating = parseRdb(exsa);
    expect(rating).toMatchObject({ kind: 'exsa', logarithmic: true, offsets: [{ from: -Infinity, offset: 2 }], feet: true });
    expect(rating.rows).toHaveLength(9);
    expect(rating.rows[0]).toEqual({ indep: 2.5, shift: 0, dep: 27.9, fixed: true });
    expect(rating.rows[8]).toEqual({ indep: 2.58, shift: 0, dep: 39.8, fixed: false });
  });

  it('rebuilds the USGS expanded table within 0.1 % at every stage from a fixed point, the offset and logarithmic expansion', () => {
    const rating = parseRdb(exsa);
    // The base rating's segment through its fixed point (2.50 ft) and on to the last row, in metres and m³/s.
    const base = rdbPoints({ ...rating, kind: 'base', rows: [rating.rows[0], rating.rows[8]] });
    expect(base[0]).toMatchObject({ segment: 'log', offset: 2 * metresPerFoot });
    const curve = { points: curvePoints(base), outOfRange: 'none' as const };
    for (const row of rating.rows) {
      const rated = rate(curve, (row.indep + row.shift) * metresPerFoot)!.value / cubicMetresPerCubicFoot;
      expect(Math.abs(rated - row.dep) / row.dep).toBeLessThan(0.001);
    }
  });

  it('reads a base table: fixed points only, offsets switching at their breakpoints, linear at zero flow', () => {
    const base = [
      '# //RATING EXPANSION="logarithmic"',
      '# //RATING OFFSET1=1.0',
      '# //RATING BREAKPOINT1=3.0',
      '# //RATING OFFSET2=2.5',
      '# //RATING_INDEP ROUNDING="????" PARAMETER="Gage height (m)"',
      'INDEP\tDEP\tSTOR',
      '16N\t16N\t1S',
      '1.0\t0.0\t*',
      '2.0\t5.0\t*',
      '2.5\t8.0\t',
      '4.0\t40.0\t*',
    ].join('\n');
    const rating = parseRdb(base);
    expect(rating).toMatchObject({
      kind: 'base',
      feet: false,
      offsets: [
        { from: -Infinity, offset: 1 },
        { from: 3, offset: 2.5 },
      ],
    });
    expect(rdbPoints(rating).map((p) => [p.stage, p.discharge, p.segment, p.offset])).toEqual([
      [1, 0, 'linear', null],
      [2, 5, 'log', 1],
      [4, 40, 'log', 2.5],
    ]);
  });

  it('refuses a file that is not an RDB rating, naming the field', () => {
    expect(fieldsOf(() => parseRdb('stage,discharge\n1,2\n'))).toEqual(['text']);
    expect(fieldsOf(() => parseRdb('INDEP\tDEP\n16N\t16N\n1\t2\n'))).toEqual(['text']);
    expect(fieldsOf(() => parseRdb('INDEP\tDEP\n16N\t16N\n1\t2\nx\t3\n'))).toEqual(['lines.4']);
  });
});

describe('CSV tables', () => {
  it('round-trips a version table', () => {
    const points = [
      { stage: 0.2, discharge: 0, segment: 'linear' as const, offset: null, coefficient: null, exponent: null },
      { stage: 0.5, discharge: 1.2, segment: 'log' as const, offset: 0.1, coefficient: null, exponent: null },
      { stage: 1.5, discharge: 9, segment: 'power' as const, offset: 0.1, coefficient: 4, exponent: 1.7 },
    ];
    expect(csvPoints(tableCsv(points))).toEqual(points);
  });

  it('reads a two-column table as linear, and refuses one without the columns or with a bad line', () => {
    expect(csvPoints('Stage,Discharge\n0,0\n1,2\n').map((p) => p.segment)).toEqual(['linear', 'linear']);
    expect(fieldsOf(() => csvPoints('h,q\n0,0\n'))).toEqual(['text']);
    expect(fieldsOf(() => csvPoints('stage,discharge\n0,0\n1,x\n'))).toEqual(['lines.3']);
  });
});

describe('points from the API', () => {
  it('refuses a log or power segment without its parameters', () => {
    const point = (segment: 'log' | 'power') => ({ stage: 1, discharge: 1, segment, offset: null, coefficient: null, exponent: null });
    expect(fieldsOf(() => curvePoints([point('log')]))).toEqual(['points.0.offset']);
    expect(fieldsOf(() => curvePoints([point('power')]))).toEqual(['points.0.offset', 'points.0.coefficient', 'points.0.exponent']);
  });
});
