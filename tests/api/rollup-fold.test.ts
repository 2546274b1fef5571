/**
 * Station-days older than the fold age become one row per station-month (docs/decisions/0015): dashboards, charts and
 * SensorThings counts over ranges that reach folded months answer exactly what they answered from days, also with a
 * range edge inside a folded month (those days come from the station's object).
 */
import { describe, expect, it } from 'vitest';
import { addDays, localDay } from '../../shared/station-time';
import { Dashboard } from '../../worker/contracts/telemetry';
import { allReadingCodes } from '../../shared/readings';
import { foldOldDays } from '../../worker/rollup/cron';
import { get } from '../support/api';
import { make } from '../support/make';
import { monthStatsOf, recomputeFromRaw, statsOf } from '../support/rollup';
import { apiToken, sta } from '../support/sta';
import { ingest, runCron, workerCtx } from '../support/telemetry';

const zone = 'Europe/Prague';
const today = localDay(Date.now(), zone);
const dayMs = 86_400_000;

/** Reports every two hours over local days `from`..`to`: groundwater level and rain, in quarters (sums stay exact). */
function reports(from: string, to: string, seed: number) {
  const rows = [];
  for (let day = from, k = 0; day <= to; day = addDays(day, 1)) {
    for (let h = 0; h < 24; h += 2, k++) {
      const date = `${day}T${String(h).padStart(2, '0')}:30:00`;
      rows.push({ data_name: 'H1', data_value: ((k * 37 + seed) % 97) / 4, date });
      rows.push({ data_name: 'SRA1H', data_value: ((k * 13 + seed) % 11 === 0 ? 12 : (k * 7) % 5) / 4, date });
    }
  }
  return rows;
}

describe('folded months', () => {
  it('answer dashboard, chart and count ranges that span the fold exactly like the days they replace', async () => {
    const admin = await make.admin();
    const station = await make.station({ timezone: zone, token: true });
    const [first, last] = [addDays(today, -385), addDays(today, -300)];
    const recent = [addDays(today, -5), addDays(today, -2)];
    const rows = [...reports(first, last, 3), ...reports(recent[0], recent[1], 5)];
    for (let i = 0; i < rows.length; i += 5000)
      expect((await ingest('danes', station.token, { rows: rows.slice(i, i + 5000) })).status).toBe(200);
    await runCron();
    expect(await monthStatsOf(station.id)).toEqual([]);

    const firstMonth = first.slice(0, 7);
    const wholeMonth = addDays(`${firstMonth}-01`, 40).slice(0, 7);
    const monthEnd = addDays(`${addDays(`${wholeMonth}-01`, 40).slice(0, 7)}-01`, -1);
    const ranges = [
      [first, today],
      [addDays(first, 10), addDays(last, -10)],
      [`${wholeMonth}-01`, monthEnd],
      [`${wholeMonth}-03`, `${wholeMonth}-09`],
      [addDays(first, -30), addDays(last, 30)],
      [addDays(last, -3), recent[1]],
    ];
    const token = await apiToken(admin);
    const datastreams = ['H1', 'SRA1H'].map((code) => station.id * 16 + allReadingCodes.indexOf(code));
    const answers = async () => ({
      dashboards: await Promise.all(
        ranges.map(
          async ([from, to]) =>
            (await get(`/rest/api?from=${from}&to=${to}`, { token: admin.token, reply: Dashboard })).data.danes[station.uniqueId],
        ),
      ),
      charts: await Promise.all(
        ranges.map(
          async ([from, to]) =>
            (await get(`/rest/api/item?id=${station.uniqueId}&from=${from}&to=${to}&format=columns&points=400`, { token: admin.token }))
              .json.data,
        ),
      ),
      counts: await Promise.all(
        datastreams.map(
          async (id) => (await sta(`/Datastreams(${id})/Observations?$count=true&$top=0`, { bearer: token })).json['@iot.count'],
        ),
      ),
    });
    const before = await answers();
    expect(before.dashboards[0].pocetMereni).toBe(rows.length);
    expect(before.counts).toEqual([rows.length / 2, rows.length / 2]);

    // The cron folds, as it would once these days are past the fold age.
    const run = await foldOldDays(workerCtx(), { now: Date.now() + 200 * dayMs });
    expect(run.months).toBeGreaterThanOrEqual(3);
    expect(run.left).toBe(false);
    const days = await statsOf(station.id);
    expect(days.every((s) => s.day >= recent[0])).toBe(true);
    const months = await monthStatsOf(station.id);
    expect(months.map((s) => s.day)).toContain(wholeMonth);
    // A folded month holds what its days held.
    const h1 = (await recomputeFromRaw(station.id, zone)).filter((s) => s.reading === 'H1' && s.day.startsWith(wholeMonth));
    expect(months.find((s) => s.reading === 'H1' && s.day === wholeMonth)).toMatchObject({
      count: h1.reduce((n, s) => n + s.count, 0),
      min: Math.min(...h1.map((s) => s.min)),
      max: Math.max(...h1.map((s) => s.max)),
      sum: h1.reduce((n, s) => n + s.sum, 0),
      first_ts: h1[0].first_ts,
      last_ts: h1.at(-1)!.last_ts,
      last_value: h1.at(-1)!.last_value,
    });

    const after = await answers();
    expect(after.dashboards).toEqual(before.dashboards);
    expect(after.charts).toEqual(before.charts);
    expect(after.counts).toEqual(before.counts);
    // Folding again finds nothing to do.
    expect(await foldOldDays(workerCtx(), { now: Date.now() + 200 * dayMs })).toMatchObject({ months: 0, left: false });
  });

  it("hold a month whose days a station backfills past the fold age, written as the month's row by its object", async () => {
    const admin = await make.admin();
    const station = await make.station({ timezone: zone, token: true });
    const [from, to] = [addDays(today, -480), addDays(today, -470)];
    const rows = reports(from, to, 11);
    expect((await ingest('danes', station.token, { rows })).status).toBe(200);
    await runCron();
    expect((await statsOf(station.id)).length).toBe(0);
    expect((await monthStatsOf(station.id)).length).toBeGreaterThan(0);

    const raw = await recomputeFromRaw(station.id, zone);
    const within = (a: string, b: string, code: string) => raw.filter((s) => s.reading === code && s.day >= a && s.day <= b);
    for (const [a, b] of [
      [from, to],
      [addDays(from, 2), addDays(to, -3)],
      [addDays(from, -40), addDays(to, 40)],
    ]) {
      const summary = (await get(`/rest/api?from=${a}&to=${b}`, { token: admin.token, reply: Dashboard })).data.danes[station.uniqueId];
      const [h1, rain] = [within(a, b, 'H1'), within(a, b, 'SRA1H')];
      const wettest = rain.reduce((w, s) => (s.sum > w.sum ? s : w));
      expect(summary).toEqual({
        date: new Date(Math.max(...h1.map((s) => s.last_ts), ...rain.map((s) => s.last_ts))).toISOString(),
        pocetMereni: [...h1, ...rain].reduce((n, s) => n + s.count, 0),
        max: { H1: Math.max(...h1.map((s) => s.max)), SRA1H: Math.max(...rain.map((s) => s.max)) },
        min: { H1: Math.min(...h1.map((s) => s.min)), SRA1H: Math.min(...rain.map((s) => s.min)) },
        sum: { SRA1H: rain.reduce((n, s) => n + s.sum, 0) },
        peak_day: { SRA1H: { day: wettest.day, sum: wettest.sum } },
      });
    }
  });
});
