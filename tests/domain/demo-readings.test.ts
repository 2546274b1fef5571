/** The demo history `npm run dev` seeds, and its continuation when the app starts again later (scripts/seed/readings.ts). */
import { describe, expect, test } from 'vitest';
import { demoStations } from '../../scripts/seed/accounts';
import { demoDays, demoHistory, demoReports, seededDemoHistory } from '../../scripts/seed/readings';
import { isDemoWell, wellHistoryDays } from '../../scripts/seed/wells';

const day = 86_400_000;
const seededAt = Date.parse('2026-11-29T04:13:27Z');
// A short history (`npm run dev` seeds 90 days and a year of the wells' level): the same model, stepped less.
const history = demoHistory(seededAt, 3, 7);

describe('demo readings', () => {
  test('run every 10 minutes up to the seeding, the wells’ level over its own days and every other code over the history’s', () => {
    for (const station of demoStations) {
      const reports = [...demoReports(station, history)];
      expect(reports.at(-1)!.ts).toBe(Date.parse('2026-11-29T04:10:00Z'));
      expect(reports[1].ts - reports[0].ts).toBe(600_000);
      expect(reports[0].ts).toBe(history.end - (isDemoWell(station.id) ? 7 : 3) * day);
      // Before the history's days a well reports its level alone.
      expect(new Set(reports[0].readings.map(([code]) => code)).size).toBe(isDemoWell(station.id) ? 1 : reports.at(-1)!.readings.length);
    }
  });

  test('are known again by the first report of a station that is no well', () => {
    const seeded = demoHistory(seededAt, demoDays, wellHistoryDays);
    const station = demoStations.find((s) => !isDemoWell(s.id))!;
    const [first] = demoReports(station, seeded);
    expect(seededDemoHistory(first.ts)).toEqual(seeded);
  });

  test('continued later, repeat what was seeded exactly and go on from there', () => {
    const later = seededAt + 7 * 3_600_000;
    for (const station of demoStations) {
      const seeded = [...demoReports(station, history)];
      const continued = [...demoReports(station, history, later)];
      expect(continued.slice(0, seeded.length)).toEqual(seeded);
      expect(continued.length - seeded.length).toBe(42);
      expect(continued.at(-1)!.readings.map(([code]) => code)).toEqual(seeded.at(-1)!.readings.map(([code]) => code));
    }
  });
});
