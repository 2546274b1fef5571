/**
 * The benchmark's Worker: the real API and cron (no React app), plus two bench-only calls that exist here and
 * nowhere else: the dashboard's answer computed from raw readings, and marking a day dirty for the roll-up.
 */
import { createWorker } from '../../worker';

const worker = createWorker(() => new Response('The benchmark Worker serves /rest only.', { status: 404 }));

/** The dashboard's per-station, per-code figures straight from raw readings, for the side-by-side timing. */
async function rawDashboard(db: D1Database, start: number, end: number) {
  const { results } = await db
    .prepare(
      `SELECT r.item_id AS itemId, r.reading, count(*) AS n, min(r.value) AS lo, max(r.value) AS hi, max(r.ts) AS lastTs
       FROM readings r JOIN items i ON i.id = r.item_id
       WHERE i.unique_id LIKE 'BENCH-S%' AND r.ts >= ? AND r.ts < ? GROUP BY r.item_id, r.reading`,
    )
    .bind(start, end)
    .all<{ itemId: number; n: number }>();
  return results;
}

export default {
  ...worker,
  async fetch(request: Request, env: Cloudflare.Env, ctx: ExecutionContext) {
    const url = new URL(request.url);
    const param = (name: string) => url.searchParams.get(name) ?? '';
    if (url.pathname === '/bench/raw-dashboard') {
      return Response.json(await rawDashboard(env.DB, Number(param('start')), Number(param('end'))));
    }
    if (url.pathname === '/bench/dirty-day') {
      await env.DB.prepare("INSERT OR IGNORE INTO dirty_days (item_id, day) SELECT id, ? FROM items WHERE unique_id LIKE 'BENCH-S%'")
        .bind(param('day'))
        .run();
      return Response.json({ ok: true });
    }
    return worker.fetch(request, env, ctx);
  },
} satisfies ExportedHandler<Cloudflare.Env>;

export { LiveHub } from '../../worker/live/hub';
