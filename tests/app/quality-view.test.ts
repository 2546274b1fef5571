import { describe, expect, test } from 'vitest';
import { toCsv } from '~/features/charts/csv';
import { flagCounts, instantOf, localInput, toFlagMarks, toLine } from '~/features/charts/series';
import { completeness } from '~/features/stations/status';
import { inTimeOrder } from '../../worker/contracts/telemetry';

const prague = 'Europe/Prague';
const at = (iso: string) => Date.parse(iso);

describe('quality on the chart page', () => {
  test('the CSV says each reading’s flag when asked', () => {
    const points = inTimeOrder({ H1: { t: [at('2026-07-01T09:00:00Z'), at('2026-07-01T10:00:00Z')], v: [2, -7] } });
    const flags = (_reading: string, ts: number) => (ts === at('2026-07-01T10:00:00Z') ? 2 : 0);
    expect(toCsv(points, prague, { flags })).toBe(
      'time,reading,value,flag\r\n2026-07-01T11:00:00+02:00,H1,2,good\r\n2026-07-01T12:00:00+02:00,H1,-7,rejected\r\n',
    );
  });

  test('flagged points sit on the line’s time scale, rejected ones left out when hidden', () => {
    const line = toLine({ t: [at('2026-07-01T09:00:00Z'), at('2026-07-01T09:10:00Z')], v: [2, 2.1] }, prague);
    const flags = { t: [at('2026-07-01T09:05:00Z'), at('2026-07-01T09:10:00Z')], v: [-7, 2.1], q: [2, 1] };
    const marks = toFlagMarks(flags, line, prague, false);
    expect(marks.map((mark) => [mark.instant, mark.flag])).toEqual([
      [at('2026-07-01T09:05:00Z'), 2],
      [at('2026-07-01T09:10:00Z'), 1],
    ]);
    // The suspect point is the line's own point: the same place on the time scale.
    expect(marks[1].time).toBe(line.points[1].time);
    expect(toFlagMarks(flags, line, prague, true).map((mark) => mark.flag)).toEqual([1]);
    expect(flagCounts(flags)).toEqual({ suspect: 1, rejected: 1 });
  });

  test('the marking form reads and writes the station’s wall clock, the last minute whole', () => {
    expect(localInput(at('2026-07-01T09:05:30Z'), prague)).toBe('2026-07-01T11:05');
    expect(instantOf('2026-07-01T11:05', prague)).toBe('2026-07-01T09:05:00.000Z');
    expect(instantOf('2026-07-01T11:05', prague, true)).toBe('2026-07-01T09:05:59.999Z');
    // The hour the clocks skip goes to the contract as typed, which refuses it.
    expect(instantOf('2026-03-29T02:30', prague)).toBe('2026-03-29T02:30');
  });

  test('a station card’s completeness counts readings against the reporting interval of each reading it sent', () => {
    const day = 86_400_000;
    const summary = { date: null, pocetMereni: 2 * 144 * 2 - 10, min: { H1: 1, KCM: 1 }, max: { H1: 2, KCM: 2 } };
    expect(completeness(summary, 10, 0, 2 * day, 2 * day)).toBeCloseTo(1 - 10 / 576, 9);
    // Up to now within a range still running; never above 1; nothing without an interval or readings.
    expect(completeness({ ...summary, pocetMereni: 288 }, 10, 0, 2 * day, day)).toBe(1);
    expect(completeness(summary, null, 0, 2 * day, 2 * day)).toBeNull();
    expect(completeness({ ...summary, min: {}, max: {} }, 10, 0, 2 * day, 2 * day)).toBeNull();
  });

  test('a well’s elevation and depth and a river’s discharge add no readings of their own to be expected', () => {
    const day = 86_400_000;
    const derived = { H1_elevation: 1, H1_depth_below_ground: 1, hladina_discharge: 1 };
    const summary = {
      date: null,
      pocetMereni: 3 * 144,
      min: { H1: 1, KCM: 1, hladina: 1, ...derived },
      max: { H1: 2, KCM: 2, hladina: 2, ...derived },
    };
    expect(completeness(summary, 10, 0, day, day)).toBe(1);
  });
});
