/**
 * `npm run bench:quality [-- --stations 200]`: the cost of data quality, on the real Worker served locally with a D1
 * and station objects of their own (a temporary directory; the dev database is untouched).
 *
 * 1. Ingest with the automatic checks on every code against ingest with every check off, paired: the even stations keep
 *    the catalogue's checks, the odd ones have all of theirs turned off through the API, and their requests alternate
 *    (the same machine at the same moment). Each station posts a day of plausible 10-minute reports at 1, 4 and 16
 *    requests in flight; rows written per report are counted for both halves.
 * 2. Flagging a range of 10,000 readings (one code of one station) through the API, and restoring it.
 * 3. Re-rolling one year of one station after an edit that touches every day of it: a year of one code rejected, then
 *    good again, each timed from the edit until the dashboard shows it. The roll-up period is 0 here, so a station's
 *    object flushes right after every change instead of waiting up to 5 minutes for its period: what is timed is the
 *    re-roll itself.
 * Prints one table.
 */
import { parseArgs } from 'node:util';
import { addDays, dayBounds, localDay } from '../shared/station-time';
import { benchWorker, count, ingestRate, ms, postIngest, printTable, since, type Row } from './bench/lib';
import { benchAccountsSql, benchAdminSql, benchStationId, benchZone, danesCodes, report, stationTokenOf } from './bench/seed';

const { values } = parseArgs({ options: { stations: { type: 'string', default: '200' } } });
const stations = Math.max(2, Number(values.stations));
const STEP = 600_000;
const reportsPerDay = 144;
const adminToken = 'bench-quality-admin-token';
// Two stations past the paired ones: one with 10,000+ readings of a code to flag, one with a year to re-roll.
const flagStation = stations + 1;
const yearStation = stations + 2;

const dayRows = (station: number, day: string) => {
  const start = dayBounds(day, benchZone).start;
  return Array.from({ length: reportsPerDay }, (_, k) => report(station, start + k * STEP)).flat();
};

const worker = await benchWorker(
  `${stations} stations for the quality benchmark`,
  [benchAccountsSql(stations + 2, [1]), benchAdminSql(adminToken)],
  {
    ROLLUP_PERIOD_SECONDS: '0',
  },
);
const { base, counters } = worker;
const api = async (path: string, body: unknown) => {
  const t = performance.now();
  const res = await fetch(`${base}/rest${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { success: boolean; data: { changed: { count: number }[]; days: string[] }; errors?: unknown };
  if (!json.success) throw new Error(`${path}: HTTP ${res.status} ${JSON.stringify(json.errors)}`);
  return { ms: since(t), data: json.data };
};
const allOff = {
  checks: danesCodes.map((reading) => ({ reading, soft_min: null, soft_max: null, max_step: null, max_rate: null, flat_minutes: null })),
};

const rows: Row[] = [];
try {
  const today = localDay(Date.now(), benchZone);
  console.log('1/3 ingest with checks and without …');
  const ids = Array.from({ length: stations }, (_, i) => i + 1);
  // The odd stations turn every check off (through the API, which pushes them to their objects); the even keep the catalogue's.
  for (const i of ids.filter((i) => i % 2 === 1)) await api(`/quality/checks?id=${i}`, { QualityChecks: allOff });
  rows.push([`stations, paired: even ones with the catalogue's checks on all 7 codes, odd ones with none`, count(stations), '']);

  // Wakes every object once, so each round measures storing and checking, not creating.
  await ingestRate(
    base,
    ids.map((i) => ({
      token: stationTokenOf(i),
      body: JSON.stringify({ rows: report(i, dayBounds(addDays(today, -9), benchZone).start) }),
    })),
    16,
  );
  await counters();

  for (const [round, inFlight] of [1, 4, 16].entries()) {
    const day = addDays(today, -8 + round);
    const jobs = ids.map((i) => ({ token: stationTokenOf(i), body: JSON.stringify({ rows: dayRows(i, day) }) }));
    const { perJob } = await ingestRate(base, jobs, inFlight);
    const rateOf = (checked: boolean) => {
      const half = perJob.filter((_, i) => (ids[i] % 2 === 0) === checked);
      return half.reduce((n, j) => n + j.accepted, 0) / (half.reduce((n, j) => n + j.ms, 0) / 1000);
    };
    const [checked, unchecked] = [rateOf(true), rateOf(false)];
    rows.push([
      `ingest, a day of 10-min reports per request (1,008 readings), ${inFlight} in flight: with checks vs without`,
      `${count(checked)} vs ${count(unchecked)} readings/s per request (${(((checked - unchecked) / unchecked) * 100).toFixed(1)}%)`,
      'within −10%',
    ]);
    if (round === 0) {
      const c = await counters();
      rows.push([
        'rows written per report, both halves (object + D1)',
        `${((c.objectRows + c.d1Rows) / ((stations * reportsPerDay) | 0)).toFixed(3)}`,
        '≤ 2',
      ]);
    } else await counters();
  }
  // Rows written per report, one half at a time (a report every 10 minutes into the newest day, as stations post them).
  for (const checked of [false, true]) {
    const half = ids.filter((i) => (i % 2 === 0) === checked).slice(0, 50);
    const start = dayBounds(addDays(today, -5), benchZone).start + 10 * STEP;
    await counters();
    for (let k = 0; k < 12; k++) {
      await ingestRate(
        base,
        half.map((i) => ({ token: stationTokenOf(i), body: JSON.stringify({ rows: report(i, start + k * STEP) }) })),
        8,
      );
    }
    const c = await counters();
    rows.push([
      `rows written per single report, stations ${checked ? 'with' : 'without'} checks (object + D1)`,
      `${((c.objectRows + c.d1Rows) / (half.length * 12)).toFixed(3)} (object ${(c.objectRows / (half.length * 12)).toFixed(3)})`,
      '',
    ]);
  }

  console.log('2/3 flagging 10,000 readings …');
  // 2. A station with 75 days of reports: flag 10,000 consecutive H1 readings rejected, then good again.
  const flagDays = Array.from({ length: 75 }, (_, d) => addDays(today, -90 + d));
  for (let d = 0; d < flagDays.length; d += 4) {
    await postIngest(
      base,
      stationTokenOf(flagStation),
      JSON.stringify({ rows: flagDays.slice(d, d + 4).flatMap((day) => dayRows(flagStation, day)) }),
    );
  }
  // The first 10,000 readings of H1 as posted (a DST day's reports leave an hour out or post one twice).
  const posted = [
    ...new Set(flagDays.flatMap((day) => Array.from({ length: reportsPerDay }, (_, k) => dayBounds(day, benchZone).start + k * STEP))),
  ].sort((a, b) => a - b);
  const range = { reading: 'H1', from: new Date(posted[0]).toISOString(), to: new Date(posted[9_999]).toISOString() };
  const rejected = await api(`/quality/flag?id=${flagStation}`, {
    QualityFlag: { ...range, flag: 'rejected', note: 'Benchmark: a probe fault.' },
  });
  const restored = await api(`/quality/flag?id=${flagStation}`, {
    QualityFlag: { ...range, flag: 'good', note: 'Benchmark: it was fine.' },
  });
  const changed = (data: { changed: { count: number }[] }) => data.changed.reduce((n, c) => n + c.count, 0);
  rows.push([
    `flag a range of ${count(changed(rejected.data))} readings rejected (one request, with its audit entry and ${rejected.data.days.length} day marks)`,
    ms(rejected.ms),
    '≤ 1 s',
  ]);
  rows.push([`flag the same ${count(changed(restored.data))} readings good again`, ms(restored.ms), '≤ 1 s']);

  console.log('3/3 a year rejected and restored …');
  // 3. A station with a year of reports, rolled up; a year of one code rejected, then restored. Only public behaviour is
  // timed: the edit, its station's flush and the dashboard, read until it shows the change.
  const yearDays = Array.from({ length: 365 }, (_, d) => addDays(today, -366 + d));
  for (let d = 0; d < yearDays.length; d += 4) {
    await postIngest(
      base,
      stationTokenOf(yearStation),
      JSON.stringify({ rows: yearDays.slice(d, d + 4).flatMap((day) => dayRows(yearStation, day)) }),
    );
  }
  const yearSummary = async () => {
    // no-cache: a dashboard kept by the server would hide the roll-up being waited for.
    const res = await fetch(`${base}/rest/api?from=${yearDays[0]}&to=${yearDays.at(-1)}`, {
      headers: { Authorization: `Bearer ${adminToken}`, 'Cache-Control': 'no-cache' },
    });
    if (!res.ok) throw new Error(`dashboard: HTTP ${res.status}`);
    return ((await res.json()) as { data: { danes: Record<string, { pocetMereni: number; max: Record<string, number> }> } }).data.danes[
      benchStationId(yearStation)
    ];
  };
  /** Reads the dashboard until `shown` holds; the time from `t` until it did. */
  const rolledUp = async (t: number, shown: (s: Awaited<ReturnType<typeof yearSummary>>) => boolean) => {
    for (const deadline = performance.now() + 60_000; !shown(await yearSummary());) {
      if (performance.now() > deadline) throw new Error('the dashboard did not show the roll-up within 60 s');
      await new Promise((r) => setTimeout(r, 20));
    }
    return since(t);
  };
  const [yearStart, yearEnd] = [dayBounds(yearDays[0], benchZone).start, dayBounds(yearDays.at(-1)!, benchZone).end];
  // Every report's seven readings inside the year's days, each instant once (a DST day's reports overlap the next day's).
  const all =
    new Set(
      yearDays
        .flatMap((day) => Array.from({ length: reportsPerDay }, (_, k) => dayBounds(day, benchZone).start + k * STEP))
        .filter((ts) => ts < yearEnd),
    ).size * danesCodes.length;
  const yearShown = await rolledUp(performance.now(), (s) => s?.pocetMereni === all);
  rows.push([`a year of one station posted (${count(all)} readings): the dashboard shows all of it`, ms(yearShown), '']);
  const yearEdit = (flag: 'rejected' | 'good', note: string) =>
    api(`/quality/flag?id=${yearStation}`, {
      QualityFlag: { reading: '_T', from: new Date(yearStart).toISOString(), to: new Date(yearEnd - 1).toISOString(), flag, note },
    });
  for (const [flag, note, shown] of [
    ['rejected', 'Benchmark: a sensor that drifted all year.', (s: { max: Record<string, number> }) => s.max._T === undefined],
    ['good', 'Benchmark: the drift was real weather.', (s: { pocetMereni: number }) => s.pocetMereni === all],
  ] as const) {
    const t = performance.now();
    const edit = await yearEdit(flag, note);
    const shownAfter = await rolledUp(t, shown);
    rows.push([
      `a year of _T ${flag === 'rejected' ? 'rejected' : 'good again'} (${count(changed(edit.data))} readings, ${edit.data.days.length} days): edit, then the dashboard shows it`,
      `${ms(shownAfter)} (the edit ${ms(edit.ms)})`,
      '≤ 2 s',
    ]);
  }
  rows.push(['(stations of the two single tests)', `${benchStationId(flagStation)}, ${benchStationId(yearStation)}`, '']);
} finally {
  worker.stop();
}
printTable(rows);
process.exit(0);
