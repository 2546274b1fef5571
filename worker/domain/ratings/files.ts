/**
 * Rating tables as files (docs/ratings.md): the USGS RDB rating files (a base table with its offsets and breakpoints,
 * or the expanded shift-adjusted `exsa` table: INDEP, SHIFT, DEP) and a plain CSV table, read into a version's points;
 * and a version written back as CSV or as an expanded table in RDB. Pure text in and out: no storage.
 */
import { parse } from 'csv-parse/sync';
import type { FieldErrors } from '../../contracts/envelope';
import type { RatingPoint, RatingTable } from '../../contracts/ratings';
import { powerLaw } from '../../../shared/power-law';
import type { Segment } from '../../station/ratings/curve';
import { invalid } from '../errors';

/**
 * A table's points as the rating math takes them; a segment missing its parameters is refused naming them. A power
 * point without a discharge gets its law's value at its stage.
 */
export function curvePoints(points: readonly RatingPoint[], field = 'points') {
  const errors: FieldErrors = {};
  const need = (i: number, name: 'offset' | 'coefficient' | 'exponent', value: number | null): number => {
    if (value === null) errors[`${field}.${i}.${name}`] = [`A ${points[i].segment} segment needs its ${name}.`];
    return value ?? 0;
  };
  const converted = points.map((p, i) => {
    let segment: Segment;
    if (p.segment === 'log') segment = { kind: 'log', offset: need(i, 'offset', p.offset) };
    else if (p.segment === 'power')
      segment = {
        kind: 'power',
        offset: need(i, 'offset', p.offset),
        coefficient: need(i, 'coefficient', p.coefficient),
        exponent: need(i, 'exponent', p.exponent),
      };
    else segment = { kind: 'linear' };
    if (p.discharge !== null) return { stage: p.stage, discharge: p.discharge, segment };
    if (segment.kind !== 'power') {
      errors[`${field}.${i}.discharge`] = ['Give the discharge at this stage (only a power-law point follows from its law).'];
      return { stage: p.stage, discharge: 0, segment };
    }
    return { stage: p.stage, discharge: powerLaw(segment, p.stage), segment };
  });
  if (Object.keys(errors).length) throw invalid(errors);
  return converted;
}

const metresPerFoot = 0.3048;
const cubicMetresPerCubicFoot = 0.028316846592;

/** One row of an RDB rating table: stage, shift (exsa only), discharge, and whether it is a fixed point of the base rating. */
export interface RdbRow {
  indep: number;
  shift: number;
  dep: number;
  fixed: boolean;
}

export interface RdbRating {
  kind: 'base' | 'exsa';
  /** The USGS's expansion between rows: logarithmic (with the offsets) or linear. */
  logarithmic: boolean;
  /** OFFSETn in force from BREAKPOINT(n−1) up (the first from the bottom). */
  offsets: { from: number; offset: number }[];
  /** Stage in feet and discharge in ft³/s, as the USGS publishes them. */
  feet: boolean;
  rows: RdbRow[];
}

const header = (text: string, name: string) => new RegExp(`^# //RATING ${name}=([-+\\d.Ee]+)`, 'm').exec(text)?.[1];

/** Reads an RDB rating file; anything else is refused (422 naming `text`). */
export function parseRdb(text: string): RdbRating {
  const notRating = (why: string) => invalid({ text: [`This is not a USGS RDB rating file: ${why}`] });
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '' && !l.startsWith('#'));
  const columns = (lines[0] ?? '').split('\t').map((c) => c.trim().toUpperCase());
  const at = (name: string) => columns.indexOf(name);
  if (at('INDEP') < 0 || at('DEP') < 0) throw notRating('no INDEP and DEP columns.');
  const rows: RdbRow[] = [];
  // The line after the column names gives their formats (16N, 1S): skipped.
  for (const [i, line] of lines.slice(2).entries()) {
    const cells = line.split('\t');
    const indep = Number(cells[at('INDEP')]);
    const dep = Number(cells[at('DEP')]);
    const shift = at('SHIFT') < 0 ? 0 : Number(cells[at('SHIFT')]);
    if (![indep, dep, shift].every(Number.isFinite)) throw invalid({ [`lines.${i + 3}`]: [`Not a row of numbers: ${line}`] });
    rows.push({ indep, shift, dep, fixed: at('STOR') >= 0 && cells[at('STOR')]?.trim() === '*' });
  }
  if (rows.length < 2) throw notRating('fewer than 2 rows.');
  const offsets: { from: number; offset: number }[] = [];
  for (let n = 1; header(text, `OFFSET${n}`) !== undefined; n++)
    offsets.push({
      from: n === 1 ? -Infinity : Number(header(text, `BREAKPOINT${n - 1}`) ?? -Infinity),
      offset: Number(header(text, `OFFSET${n}`)),
    });
  return {
    kind: at('SHIFT') < 0 ? 'base' : 'exsa',
    logarithmic: /^# \/\/RATING EXPANSION="logarithmic"/m.test(text),
    offsets,
    feet: /^# \/\/RATING_INDEP .*PARAMETER="[^"]*\(ft\)"/m.test(text),
    rows,
  };
}

/** The offset in force at a stage. */
const offsetAt = (rating: RdbRating, stage: number) => rating.offsets.filter((o) => o.from <= stage).at(-1)?.offset;

/**
 * An RDB rating's rows as a version's points, in metres and m³/s: logarithmic segments with the file's offsets where
 * it expands logarithmically (linear where a segment starts at zero flow or at its offset), else linear. An `exsa`
 * table is taken as it stands, shifts included; a base table takes only its fixed points when it marks any.
 */
export function rdbPoints(rating: RdbRating): RatingPoint[] {
  const fixed = rating.rows.filter((r) => r.fixed);
  const rows = rating.kind === 'base' && fixed.length >= 2 ? fixed : rating.rows;
  const stage = rating.feet ? metresPerFoot : 1;
  const flow = rating.feet ? cubicMetresPerCubicFoot : 1;
  return rows.map((r) => {
    const offset = offsetAt(rating, r.indep);
    const log = rating.logarithmic && offset !== undefined && r.dep > 0 && r.indep > offset;
    return {
      stage: r.indep * stage,
      discharge: r.dep * flow,
      segment: log ? 'log' : 'linear',
      offset: log ? offset * stage : null,
      coefficient: null,
      exponent: null,
    };
  });
}

/** A plain CSV table: a header naming `stage` and `discharge` (and optionally `segment`, `offset`, `coefficient`, `exponent`). */
export function csvPoints(text: string): RatingPoint[] {
  let records: Record<string, string>[];
  try {
    records = parse(text, { columns: (names: string[]) => names.map((n) => n.trim().toLowerCase()), skip_empty_lines: true, trim: true });
  } catch (err) {
    throw invalid({ text: [err instanceof Error ? err.message : 'This is not CSV.'] });
  }
  if (!records.length || !('stage' in records[0]) || !('discharge' in records[0]))
    throw invalid({ text: ['The header must name a stage and a discharge column.'] });
  const number = (v: string | undefined) => (v === undefined || v === '' ? null : Number(v));
  return records.map((r, i) => {
    const point = {
      stage: Number(r.stage),
      discharge: Number(r.discharge),
      segment: (r.segment || 'linear') as RatingPoint['segment'],
      offset: number(r.offset),
      coefficient: number(r.coefficient),
      exponent: number(r.exponent),
    };
    if (![point.stage, point.discharge].every(Number.isFinite) || !['linear', 'log', 'power'].includes(point.segment))
      throw invalid({ [`lines.${i + 2}`]: ['Not a stage, a discharge and a known segment kind.'] });
    return point;
  });
}

const cell = (v: number | null) => (v === null ? '' : String(v));

/** A version's table as CSV, readable again by `csvPoints`. */
export const tableCsv = (points: readonly RatingPoint[]) =>
  [
    'stage,discharge,segment,offset,coefficient,exponent',
    ...points.map((p) => [p.stage, p.discharge, p.segment, cell(p.offset), cell(p.coefficient), cell(p.exponent)].join(',')),
  ].join('\n') + '\n';

/** An expanded table (stage, shift then in effect, discharge) as an RDB `exsa` file in metres and m³/s. */
export function expandedRdb(table: RatingTable, station: string): string {
  const lines = [
    '# //FILE TYPE="NWIS RATING"',
    `# //STATION NAME="${station.replaceAll('"', "'")}"`,
    `# //RATING ID="${table.version}" TYPE="STGQ" NAME="stage-discharge"`,
    `# //RATING SHIFTED="${table.at}"`,
    '# //RATING_INDEP PARAMETER="Gage height (m)"',
    '# //RATING_DEP PARAMETER="Discharge (m^3/s)"',
    'INDEP\tSHIFT\tDEP\tSTOR',
    '16N\t16N\t16N\t1S',
    ...table.rows.map(
      (r) =>
        `${r.stage.toFixed(3)}\t${r.shift.toFixed(3)}\t${r.discharge === null ? '' : r.discharge.toPrecision(6)}\t${r.fixed ? '*' : ''}`,
    ),
  ];
  return lines.join('\n') + '\n';
}
