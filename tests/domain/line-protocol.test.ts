import { describe, expect, it } from 'vitest';
import { fieldKinds, parseLineProtocol, type Precision } from '../../worker/domain/telemetry/line-protocol';

const now = Date.parse('2026-06-01T12:00:00Z');
const parse = (text: string, precision: Precision = 'ns', maxValues = 1000) =>
  parseLineProtocol(text, { precision, tag: 'station', now, maxValues });

/** The points of a parse as objects: line, time, station and fields by name with their kind. */
function points(text: string, precision: Precision = 'ns') {
  const out = parse(text, precision);
  return {
    errors: out.errors,
    points: out.pointLine.map((line, p) => ({
      line,
      ts: out.pointTs[p],
      station: out.pointStation[p] < 0 ? null : out.stations[out.pointStation[p]],
      fields: Object.fromEntries(
        out.valuePoint.flatMap((point, v) =>
          point === p ? [[out.fields[out.valueField[v]], [fieldKinds[out.valueKind[v]], out.values[v]]]] : [],
        ),
      ),
    })),
  };
}

describe('line protocol: what a point holds', () => {
  it('reads the station tag, fields and a nanosecond timestamp, ignoring the measurement and other tags', () => {
    expect(points('weather,site=x,station=BRNO-01 H1=2.5,KCM=0.61 1780315200000000000\n')).toEqual({
      errors: [],
      points: [{ line: 1, ts: 1780315200000, station: 'BRNO-01', fields: { H1: ['float', 2.5], KCM: ['float', 0.61] } }],
    });
  });

  it('takes the server’s time for a point without a timestamp, and no station without the tag', () => {
    expect(points('m H1=1').points).toEqual([{ line: 1, ts: now, station: null, fields: { H1: ['float', 1] } }]);
  });

  it('reads integers, unsigned integers, booleans in every spelling and strings', () => {
    const {
      points: [point],
    } = points('m a=-42i,b=7u,c=t,d=T,e=true,f=True,g=TRUE,h=f,i=F,j=false,k=False,l=FALSE,s="x"');
    expect(point.fields).toEqual({
      a: ['integer', -42],
      b: ['unsigned', 7],
      ...Object.fromEntries(['c', 'd', 'e', 'f', 'g'].map((k) => [k, ['boolean', 1]])),
      ...Object.fromEntries(['h', 'i', 'j', 'k', 'l'].map((k) => [k, ['boolean', 0]])),
      s: ['string', NaN],
    });
  });

  it('reads every float form exactly as JavaScript reads the same digits', () => {
    const forms = [
      '0',
      '1',
      '-1.5',
      '+2',
      '1.',
      '.5',
      '0.1',
      '0.3',
      '1e3',
      '1E-3',
      '2.5e+2',
      '12.345678901234567',
      '9007199254740993',
      '1e-320',
      '123456789012345678901234567890',
      '4.9e-324',
      '1.7976931348623157e308',
      '0.000001234',
      '3.14159265358979',
    ];
    const {
      errors,
      points: [point],
    } = points(`m ${forms.map((f, i) => `v${i}=${f}`).join(',')}`);
    expect(errors).toEqual([]);
    forms.forEach((f, i) => expect(point.fields[`v${i}`], f).toEqual(['float', Number(f)]));
  });

  it('reads big integers exactly as far as a double can, and the extremes of 64 bits', () => {
    const {
      errors,
      points: [point],
    } = points('m a=9223372036854775807i,b=-9223372036854775808i,c=18446744073709551615u,d=123456789012345i');
    expect(errors).toEqual([]);
    expect(point.fields).toEqual({
      a: ['integer', Number('9223372036854775807')],
      b: ['integer', -Number('9223372036854775808')],
      c: ['unsigned', Number('18446744073709551615')],
      d: ['integer', 123456789012345],
    });
  });
});

describe('line protocol: escapes and quoted strings', () => {
  it('undoes escaped commas, equals signs, spaces and backslashes in names and tag values', () => {
    const { errors, points: got } = points(
      'my\\ weather\\,x,st\\=x=1,station=Brno\\ Lesná\\,\\=1 inner\\ temperature=21.5,a\\,b\\=c=1,back\\\\slash=2 1000000\n',
    );
    expect(errors).toEqual([]);
    expect(got).toEqual([
      {
        line: 1,
        ts: 1,
        station: 'Brno Lesná,=1',
        fields: { 'inner temperature': ['float', 21.5], 'a,b=c': ['float', 1], 'back\\slash': ['float', 2] },
      },
    ]);
  });

  it('lets a quoted string hold commas, spaces, equals signs, escaped quotes and even a newline', () => {
    const text = 'm note="a, b = c \\"quoted\\" \\\\",H1=1 1000000\nm note="two\nlines",H1=2 2000000\nm H1=3 3000000\n';
    const { errors, points: got } = points(text);
    expect(errors).toEqual([]);
    expect(got.map((p) => [p.line, p.ts, p.fields.H1])).toEqual([
      [1, 1, ['float', 1]],
      [2, 2, ['float', 2]],
      [4, 3, ['float', 3]],
    ]);
  });
});

describe('line protocol: timestamps in each precision', () => {
  const cases: [Precision, string, number][] = [
    ['ns', '1780315200123456789', 1780315200123],
    ['us', '1780315200123456', 1780315200123],
    ['ms', '1780315200123', 1780315200123],
    ['s', '1780315200', 1780315200000],
    ['m', '29671920', 1780315200000],
    ['h', '494532', 1780315200000],
    ['ns', '-1', -1],
    ['ns', '-1000000', -1],
    ['ns', '-1500000', -2],
    ['us', '999', 0],
    ['s', '0', 0],
  ];
  for (const [precision, written, ms] of cases) {
    it(`reads ${written} in ${precision} as ${ms} ms (parts of a millisecond dropped, rounding down)`, () => {
      expect(points(`m H1=1 ${written}`, precision).points[0].ts).toBe(ms);
    });
  }

  it('refuses a time beyond what a date can hold', () => {
    expect(parse('m H1=1 9999999999999999', 'ms').errors).toEqual([
      { line: 1, message: "unable to parse 'm H1=1 9999999999999999': time outside range" },
    ]);
  });
});

describe('line protocol: comments, blank lines and line ends', () => {
  it('skips comments and blank lines, counts every line, and takes CRLF line ends', () => {
    const text = '# a comment\n\n   \nm H1=1 1000000\r\n  # indented comment\r\nm H1=2 2000000\r\n\n';
    expect(points(text).points.map((p) => [p.line, p.ts])).toEqual([
      [4, 1],
      [6, 2],
    ]);
  });

  it('takes a last line without a newline, and an empty body', () => {
    expect(points('m H1=1 1000000\nm H1=2 2000000').points.map((p) => p.line)).toEqual([1, 2]);
    expect(points('').points).toEqual([]);
  });
});

describe('line protocol: bad lines', () => {
  const bad: [string, string][] = [
    ['m', 'missing fields'],
    ['m ', 'missing fields'],
    [',station=x H1=1', 'missing measurement'],
    ['m,station H1=1', 'missing tag value'],
    ['m,=x H1=1', 'missing tag key'],
    ['m,station= H1=1', 'missing tag value'],
    ['m H1', 'missing field value'],
    ['m H1=', 'missing field value'],
    ['m =1', 'missing field key'],
    ['m H1=1,', 'missing field key'],
    ['m H1=abc', 'invalid number'],
    ['m H1=1.2.3', 'invalid number'],
    ['m H1=NaN', 'invalid number'],
    ['m H1=1e', 'invalid number'],
    ['m H1=1e400', 'value out of range'],
    ['m H1=1.5i', 'invalid number'],
    ['m H1=-1u', 'invalid number'],
    ['m H1=9223372036854775808i', 'value out of range'],
    ['m H1=tru', 'invalid boolean'],
    ['m s="open', 'unbalanced quotes'],
    ['m H1=1 12ab', 'bad timestamp'],
    ['m H1=1 1 2', 'bad timestamp'],
    ['m H1=1"x" 1', 'invalid number'],
  ];
  for (const [line, reason] of bad) {
    it(`refuses ${JSON.stringify(line)}: ${reason}, naming its line and keeping the others`, () => {
      const out = parse(`m H1=1 1000000\n${line}\nm H1=3 3000000\n`);
      expect(out.errors).toEqual([{ line: 2, message: `unable to parse '${line.trimEnd()}': ${reason}` }]);
      expect(out.pointLine).toEqual([1, 3]);
      expect(out.values).toEqual([1, 3]);
    });
  }

  it('names every bad line, and shortens a long one', () => {
    const long = `m ${Array.from({ length: 40 }, (_, i) => `f${i}=1`).join(',')} x`;
    const out = parse(`m H1=\n${long}\nm H1=1\nm H1=?\n`);
    expect(out.errors.map((e) => e.line)).toEqual([1, 2, 4]);
    expect(out.errors[1].message).toBe(`unable to parse '${long.slice(0, 100)}…': bad timestamp`);
  });
});

describe('line protocol: names repeated from line to line', () => {
  it('keeps names apart when lines use them in another order, or new ones in the same place', () => {
    const text =
      'm,station=A H1=1,KCM=2 1000000\nm,station=B KCM=3,H1=4 2000000\nm,station=A RV=5,H1=6 3000000\nm,station=AB H1=7 4000000\n';
    expect(points(text).points.map((p) => [p.station, p.fields])).toEqual([
      ['A', { H1: ['float', 1], KCM: ['float', 2] }],
      ['B', { KCM: ['float', 3], H1: ['float', 4] }],
      ['A', { RV: ['float', 5], H1: ['float', 6] }],
      ['AB', { H1: ['float', 7] }],
    ]);
    const out = parse(text);
    expect(out.fields).toEqual(['H1', 'KCM', 'RV']);
    expect(out.stations).toEqual(['A', 'B', 'AB']);
  });

  it('stops reading beyond the most fields it may hold', () => {
    const out = parse('m a=1,b=2\nm a=3,b=4\nm a=5\n', 'ns', 3);
    expect(out.overflow).toBe(true);
    expect(out.pointLine).toEqual([1, 2]);
  });
});
