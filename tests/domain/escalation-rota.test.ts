import { describe, expect, it } from 'vitest';
import { onDuty } from '../../worker/domain/escalations/rota';

// Monday: Anna (1), Tuesday: Petr (2), Tuesday's evening 18–24: Jana (3).
const rota = [
  { subject_id: 1, weekday: 1, from_hour: 0, to_hour: 24 },
  { subject_id: 2, weekday: 2, from_hour: 0, to_hour: 18 },
  { subject_id: 3, weekday: 2, from_hour: 18, to_hour: 24 },
];

describe("the duty rota's hand-over", () => {
  it("hands over at midnight in the station's zone, not in UTC", () => {
    // Monday 2026-03-23 23:59:59 in Prague is 22:59:59 UTC; a second later it is Tuesday there.
    expect(onDuty(rota, Date.parse('2026-03-23T22:59:59Z'), 'Europe/Prague')).toBe(1);
    expect(onDuty(rota, Date.parse('2026-03-23T23:00:00Z'), 'Europe/Prague')).toBe(2);
    // The same instants in UTC: still Monday.
    expect(onDuty(rota, Date.parse('2026-03-23T23:00:00Z'), 'UTC')).toBe(1);
  });

  it('hands over at the hour an entry ends, and at midnight into a day without anyone', () => {
    expect(onDuty(rota, Date.parse('2026-03-24T16:59:59Z'), 'Europe/Prague')).toBe(2);
    expect(onDuty(rota, Date.parse('2026-03-24T17:00:00Z'), 'Europe/Prague')).toBe(3);
    expect(onDuty(rota, Date.parse('2026-03-24T22:59:59Z'), 'Europe/Prague')).toBe(3);
    expect(onDuty(rota, Date.parse('2026-03-24T23:00:00Z'), 'Europe/Prague')).toBeNull();
  });

  it('keeps midnight as midnight across the change to summer time', () => {
    // Summer time starts on Sunday 2026-03-29: Monday's midnight in Prague is 22:00 UTC on Sunday.
    const sundayToMonday = [{ subject_id: 7, weekday: 7, from_hour: 0, to_hour: 24 }, ...rota];
    expect(onDuty(sundayToMonday, Date.parse('2026-03-29T21:59:59Z'), 'Europe/Prague')).toBe(7);
    expect(onDuty(sundayToMonday, Date.parse('2026-03-29T22:00:00Z'), 'Europe/Prague')).toBe(1);
  });
});
