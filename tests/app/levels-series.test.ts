import { describe, expect, test } from 'vitest';
import { toCorrectedCsv } from '~/features/charts/csv';
import { alignTo, toLine, toMeasuredMarks } from '~/features/charts/series';

const utc = (minute: number) => Date.UTC(2026, 10, 21, 12, minute);
const seconds = (minute: number) => utc(minute) / 1000;
const line = toLine({ t: [0, 10, 20, 30].map(utc), v: [1, 2, 3, 4] }, 'UTC');

describe('levels on the chart', () => {
  test("a second version of a series is drawn at the line's times only where it differs, a gap elsewhere", () => {
    const corrected = { t: [0, 10, 20, 30].map(utc), v: [1, 2, 3.05, 4.1] };
    expect(alignTo(corrected, line)).toEqual([
      { time: seconds(0) },
      { time: seconds(10) },
      { time: seconds(20), value: 3.05 },
      { time: seconds(30), value: 4.1 },
    ]);
  });

  test('a version equal to the line, or at none of its instants, draws nothing', () => {
    expect(alignTo({ t: [0, 10, 20, 30].map(utc), v: [1, 2, 3, 4] }, line)).toEqual([]);
    expect(alignTo({ t: [5, 15].map(utc), v: [9, 9] }, line)).toEqual([]);
  });

  test('a manual measurement sits on the drawn point nearest its time; one outside the range is left out', () => {
    const marks = toMeasuredMarks(
      [
        { ts: utc(12), value: 2.2 },
        { ts: utc(27), value: 3.9 },
        { ts: utc(45), value: 9 },
      ],
      line,
    );
    expect(marks).toEqual([
      { time: seconds(10), value: 2.2 },
      { time: seconds(30), value: 3.9 },
    ]);
  });

  test("the CSV with corrections puts raw and corrected side by side, derived codes with their level's approval", () => {
    const csv = toCorrectedCsv(
      {
        // The second reading is rejected: it has no corrected value; the corrected series is 0.1 higher.
        data: { H1: { t: [utc(0), utc(10)], v: [2, -7], q: [0, 2] } },
        corrected: { H1: { t: [utc(0)], v: [2.1] }, H1_elevation: { t: [utc(0)], v: [250.1] } },
        approvals: { H1: [{ from: null, to: utc(5), level: 1 }] },
        approval_levels: [{ id: 1, name: 'final, checked', colour: '#16a34a', in_use: true }],
      },
      'UTC',
    );
    expect(csv).toBe(
      'time,reading,raw,corrected,flag,approval\r\n' +
        '2026-11-21T12:00:00+00:00,H1,2,2.1,good,"final, checked"\r\n' +
        '2026-11-21T12:00:00+00:00,H1_elevation,,250.1,good,"final, checked"\r\n' +
        '2026-11-21T12:10:00+00:00,H1,-7,,rejected,\r\n',
    );
  });

  test('the corrected CSV names the rating version and shift of each discharge, the blend as "from>to"', () => {
    const csv = toCorrectedCsv(
      {
        data: { H1: { t: [utc(0), utc(10)], v: [2, 2.2] } },
        corrected: { H1: { t: [utc(0), utc(10)], v: [2, 2.2] }, H1_discharge: { t: [utc(0), utc(10)], v: [20, 23.1] } },
        approvals: {},
        approval_levels: [],
        rating: { H1_discharge: { version: [4, 5], previous: [null, 4], shift: [0, 0.05] } },
      },
      'UTC',
    );
    expect(csv).toBe(
      'time,reading,raw,corrected,flag,approval,rating,shift\r\n' +
        '2026-11-21T12:00:00+00:00,H1,2,2,good,,,\r\n' +
        '2026-11-21T12:00:00+00:00,H1_discharge,,20,good,,4,0\r\n' +
        '2026-11-21T12:10:00+00:00,H1,2.2,2.2,good,,,\r\n' +
        '2026-11-21T12:10:00+00:00,H1_discharge,,23.1,good,,4>5,0.05\r\n',
    );
  });
});
