/**
 * The demo river gauge's ratings (docs/ratings.md): two rating versions of the Jihlava's stage with a week's
 * transition between them, a shift on the newer one, and a dozen gaugings a few per cent either side of the rating,
 * all through the API as an administrator would enter them.
 */
import { rest } from '../lib/rest';
import { demoStations } from './accounts';

const day = 86_400_000;
const river = demoStations.find((s) => s.unique_id === 'UNIWAN-JIHL-02')!;

const table = (zero: number, rows: [number, number][]) => [
  { stage: zero, discharge: 0 },
  ...rows.map(([stage, discharge]) => ({ stage, discharge, segment: 'log' as const, offset: zero })),
];

const post = <T>(base: string, token: string, path: string, model: string, body: unknown) =>
  rest<T>(base, token, path, { id: river.id }, { model, body });

/** Enters the demo ratings and gaugings; returns how many gaugings were recorded. */
export async function postDemoRatings(base: string, token: string, now = Date.now()): Promise<number> {
  const iso = (ts: number) => new Date(ts).toISOString();
  const version = (from: number, points: ReturnType<typeof table>, note: string, transitionFrom?: number) =>
    post<{ id: number }>(base, token, '/ratings/versions', 'RatingVersion', {
      reading: 'hladina',
      from: iso(from),
      transition_from: transitionFrom === undefined ? null : iso(transitionFrom),
      out_of_range: 'extrapolate',
      points,
      note,
    });
  await version(
    now - 400 * day,
    table(0.05, [
      [0.1, 0.4],
      [0.3, 3.1],
      [0.6, 9.8],
      [1.0, 24],
      [1.5, 52],
    ]),
    'Rating from the 2025 gauging campaign.',
  );
  const scoured = await version(
    now - 45 * day,
    table(0.08, [
      [0.12, 0.5],
      [0.3, 3.6],
      [0.6, 11.2],
      [1.0, 26.5],
      [1.5, 57],
    ]),
    'The spring flood scoured the control: new rating.',
    now - 52 * day,
  );
  await post(base, token, '/ratings/shifts', 'Shift', {
    version: scoured.id,
    at: iso(now - 20 * day),
    points: [
      { stage: 0.2, shift: 0.02 },
      { stage: 1.0, shift: 0 },
    ],
    note: 'Gravel bar at the control after the May high water.',
  });
  // Twelve gaugings over the last 90 days, each a few per cent from what the rating then gives.
  const deviations = [0.03, -0.02, 0.05, -0.04, 0.01, 0.02, -0.06, 0.04, -0.01, 0.03, -0.03, 0.02];
  const gaugings = [];
  for (const [i, deviation] of deviations.entries()) {
    const at = now - (88 - i * 7.5) * day;
    const stage = Number((0.35 + 0.05 * ((i * 5) % 9)).toFixed(2));
    const rated = await post<{ values: (number | null)[] }>(base, token, '/ratings/rate', 'Rate', {
      reading: 'hladina',
      at: iso(at),
      values: [stage],
    });
    gaugings.push({
      reading: 'hladina',
      at: iso(at),
      stage,
      discharge: Number((rated.values[0]! * (1 + deviation)).toFixed(3)),
      method: i % 3 === 0 ? 'current meter' : 'ADCP',
      quality: Math.abs(deviation) > 0.05 ? 'fair' : 'good',
      measured_by: 'J. Novák',
    });
  }
  return (await post<unknown[]>(base, token, '/ratings/gaugings', 'Gaugings', { gaugings })).length;
}
