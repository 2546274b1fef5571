import { describe, expect, test } from 'vitest';
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
});
