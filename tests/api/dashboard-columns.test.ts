/**
 * The dashboard in columns (`format=columns`, what the app loads) says what the documented reply says; and an
 * assembled dashboard is kept for DASHBOARD_CACHE_SECONDS (off in the other tests): its figures, shared by every subject
 * who sees the same stations, and each subject's whole reply until who sees what changes. How long a dashboard may lag
 * the roll-up.
 */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import worker from '../../scripts/lib/api-worker';
import { dashboardFromColumns } from '../../worker/contracts/dashboard-columns';
import { Dashboard, DashboardColumns } from '../../worker/contracts/telemetry';
import { resolveSessionToken } from '../../worker/domain/auth/sessions';
import { dashboardOf, dashboardReplyKey, rangeFiguresOf } from '../../worker/domain/telemetry/dashboard';
import { keptReply } from '../../worker/http/kept-replies';
import { stationOf } from '../../worker/station/directory';
import { items, subjectItems, subjects } from '../../worker/db/schema';
import { db, get, request } from '../support/api';
import { make } from '../support/make';
import { ingest, runCron, settleRollup, stationsWithReadings, testingOf, workerCtx } from '../support/telemetry';

describe('dashboard columns', () => {
  it('decode to the documented reply, for both sources, totals, wettest days and stations without readings', async () => {
    const fixture = await stationsWithReadings();
    const admin = await make.admin();
    const rain = await make.station({ token: true, viewers: [fixture.viewer] });
    await ingest('danes', rain.token, {
      rows: [
        { data_name: 'SRA1H', data_value: 2.5, date: '2026-04-02T10:00:00Z' },
        { data_name: 'SRA1H', data_value: 4, date: '2026-04-03T10:00:00Z' },
        { data_name: 'H1', data_value: 1, date: '2026-04-03T10:00:00Z' },
      ],
    });
    await make.station({ viewers: [fixture.viewer] });
    await runCron();
    for (const token of [fixture.viewer.token, admin.token, fixture.outsider.token]) {
      for (const range of ['from=2026-04-01&to=2026-04-03', 'from=2025-01-01&to=2025-01-02']) {
        const rows = await get(`/rest/api?${range}`, { token, reply: Dashboard });
        const columns = await get(`/rest/api?${range}&format=columns`, { token, reply: DashboardColumns });
        expect(columns.status).toBe(200);
        expect(dashboardFromColumns(columns.data)).toEqual(rows.data);
      }
    }
    const columns = (
      await get('/rest/api?from=2026-04-01&to=2026-04-03&format=columns', { token: fixture.viewer.token, reply: DashboardColumns })
    ).data;
    const at = columns.stations.unique_id.indexOf(rain.uniqueId);
    expect(columns.figures.sum.SRA1H[at]).toBe(6.5);
    expect(columns.figures.peak_day.SRA1H[at]).toBe('2026-04-03');
  });
});

describe('the dashboard cache', () => {
  it('answers the same stations and range from the Cache API for its time, and anew after', async () => {
    const station = await make.station({ token: true });
    const admin = await make.admin();
    const post = (date: string, value: number) => ingest('danes', station.token, { rows: [{ data_name: 'H1', data_value: value, date }] });
    await post('2026-05-10T08:00:00Z', 1);
    await settleRollup(station.id);
    const session = (await resolveSessionToken(workerCtx(), admin.token))!;
    const deferred: Promise<unknown>[] = [];
    const ctxWith = (seconds: number) => {
      const base = workerCtx();
      return {
        ...base,
        config: { ...base.config, DASHBOARD_CACHE_SECONDS: seconds },
        subject: session.subject,
        defer: (work: Promise<unknown>) => void deferred.push(work),
      };
    };
    const figures = async (seconds: number, range = { from: '2026-05-10', to: '2026-05-10' }) => {
      const dashboard = await dashboardOf(ctxWith(seconds), range);
      await Promise.all(deferred.splice(0));
      return dashboard.danes[station.uniqueId];
    };
    expect(await figures(60)).toMatchObject({ pocetMereni: 1, max: { H1: 1 } });
    await post('2026-05-10T08:10:00Z', 5);
    await settleRollup(station.id);
    // Within its time the kept dashboard answers: it lags the roll-up by up to DASHBOARD_CACHE_SECONDS.
    expect(await figures(60)).toMatchObject({ pocetMereni: 1, max: { H1: 1 } });
    // Without the cache, or for another range, the roll-up's rows answer.
    expect(await figures(0)).toMatchObject({ pocetMereni: 2, max: { H1: 5 } });
    expect(await figures(60, { from: '2026-05-09', to: '2026-05-10' })).toMatchObject({ pocetMereni: 2, max: { H1: 5 } });
  });

  it('keeps a total that overflowed a double as what it is: kept figures equal assembled ones', async () => {
    const station = await make.station({ token: true });
    const day = '2026-07-02';
    const at = (hour: number) => Date.parse(`${day}T0${hour}:00:00Z`);
    await ingest('danes', station.token, { rows: [{ data_name: 'SRA1H', data_value: 1, date: new Date(at(1)).toISOString() }] });
    // Amounts no gauge measures (ingest refuses them), stored as they are: whatever the object holds must roll up.
    await testingOf(station.id).storeUnchecked([2, 3].map((hour) => ({ reading: 'SRA1H', ts: at(hour), value: 1.7e308 })));
    await stationOf(env, station.id).rollup().touch([day]);
    await settleRollup(station.id);
    const deferred: Promise<unknown>[] = [];
    const base = workerCtx();
    const ctx = {
      ...base,
      config: { ...base.config, DASHBOARD_CACHE_SECONDS: 60 },
      defer: (work: Promise<unknown>) => void deferred.push(work),
    };
    const sumOf = async () => {
      const figures = await rangeFiguresOf(ctx, { stations: [{ id: station.id, source: 'DANES' }], from: day, to: day });
      await Promise.all(deferred.splice(0));
      return figures.get(station.id)!.figures.SRA1H;
    };
    const assembled = await sumOf();
    expect(assembled.sum).toBe(Infinity);
    const kept = await sumOf();
    expect(kept).toEqual(assembled);
    expect(kept.peakSum).toBe(Infinity);
  });

  it("keeps a subject's whole reply, and answers anew at once when stations, links or roles change", async () => {
    const viewer = await make.subject();
    const admin = await make.admin();
    const station = await make.station({ token: true, viewers: [viewer] });
    const post = (date: string, value: number) => ingest('danes', station.token, { rows: [{ data_name: 'H1', data_value: value, date }] });
    await post('2026-05-10T08:00:00Z', 1);
    await settleRollup(station.id);
    const keptEnv = { ...env, DASHBOARD_CACHE_SECONDS: '60' };
    const dashboard = async (token: string, { query = 'from=2026-05-10&to=2026-05-10', fresh = false } = {}) => {
      const ctx = createExecutionContext();
      const headers = fresh ? { 'Cache-Control': 'no-cache' } : undefined;
      const res = await worker.fetch(request('GET', `/rest/api?${query}`, { token, headers }), keptEnv, ctx);
      const text = await res.text();
      await waitOnExecutionContext(ctx);
      expect(res.status).toBe(200);
      // Kept or not, a reply carries the API's headers: no client or proxy may keep a subject's reply.
      expect(res.headers.get('Cache-Control')).toBe('no-store');
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
      return { text, data: (JSON.parse(text) as { data: Dashboard }).data };
    };
    const first = await dashboard(viewer.token);
    expect(first.data.danes[station.uniqueId]).toMatchObject({ pocetMereni: 1 });

    await post('2026-05-10T08:10:00Z', 5);
    await settleRollup(station.id);
    // The same question within its time: the same bytes, though the roll-up moved on.
    expect((await dashboard(viewer.token)).text).toBe(first.text);
    // Past its time this isolate lets it go and the Cache API's copy is not served either; within it, the copy is what
    // the location's other isolates answer (this one, once it has let go of its own).
    const base = workerCtx();
    const subject = (await resolveSessionToken(base, viewer.token))!.subject;
    const key = await dashboardReplyKey(
      { ...base, config: { ...base.config, DASHBOARD_CACHE_SECONDS: 60 }, subject },
      { from: '2026-05-10', to: '2026-05-10' },
    );
    expect(await keptReply({ key, seconds: 60, fresh: false }, Date.now() + 61_000)).toBeUndefined();
    expect((await dashboard(viewer.token)).text).toBe(first.text);
    // Asked anew, and the new reply kept (here) for the next.
    expect((await dashboard(viewer.token, { fresh: true })).data.danes[station.uniqueId]).toMatchObject({ pocetMereni: 2, max: { H1: 5 } });
    expect((await dashboard(viewer.token)).data.danes[station.uniqueId]).toMatchObject({ pocetMereni: 2 });
    // Kept per subject and per format: the administrator's and the columns are their own.
    expect((await dashboard(admin.token)).data.items.some((item) => item.unique_id === station.uniqueId)).toBe(true);
    const columns = JSON.parse((await dashboard(viewer.token, { query: 'from=2026-05-10&to=2026-05-10&format=columns' })).text);
    expect(columns.data.stations.unique_id).toEqual([station.uniqueId]);

    // A station renamed, another linked, the first unlinked: each shows at once, within the keeping time.
    await db().update(items).set({ name: 'Renamed well' }).where(eq(items.id, station.id));
    expect((await dashboard(viewer.token)).data.items.map((item) => item.name)).toEqual(['Renamed well']);
    const second = await make.station({ viewers: [viewer] });
    expect((await dashboard(viewer.token)).data.items.map((item) => item.unique_id).sort()).toEqual(
      [station.uniqueId, second.uniqueId].sort(),
    );
    await db().delete(subjectItems).where(eq(subjectItems.itemId, station.id));
    const after = await dashboard(viewer.token);
    expect(after.data.items.map((item) => item.unique_id)).toEqual([second.uniqueId]);
    expect(after.data.danes[station.uniqueId]).toBeUndefined();
    // A subject made an administrator sees every station at once.
    await db().update(subjects).set({ isAdmin: true }).where(eq(subjects.id, viewer.id));
    expect((await dashboard(viewer.token)).data.items.some((item) => item.unique_id === station.uniqueId)).toBe(true);
  });
});
