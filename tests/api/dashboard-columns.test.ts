/**
 * The dashboard in columns (`format=columns`, what the app loads) says what the documented reply says; and an
 * assembled dashboard is kept for DASHBOARD_CACHE_SECONDS (off in the other tests), shared by every subject who sees
 * the same stations: how long a dashboard may lag the roll-up.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { dashboardFromColumns } from '../../worker/contracts/dashboard-columns';
import { Dashboard, DashboardColumns } from '../../worker/contracts/telemetry';
import { resolveSessionToken } from '../../worker/domain/auth/sessions';
import { dashboardOf, rangeFiguresOf } from '../../worker/domain/telemetry/dashboard';
import { stationOf } from '../../worker/station/directory';
import { get } from '../support/api';
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
});
