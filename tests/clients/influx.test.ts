/**
 * Debian's `influx` client (influxdb-client, 1.x) writes to Hladina as it would to InfluxDB: `-import` of a line
 * protocol file and `-execute 'INSERT …'`, against the clients' local server (./server.ts: `wrangler dev` on a D1 and
 * objects of its own; stations of their own here), and a plain gzip post as Telegraf sends it. What they write appears on the chart; bad lines are refused as InfluxDB
 * refuses them, and nothing of their write is stored.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchStationId, stationTokenOf } from '../../scripts/bench/seed';
import { clientsServer } from './ready';

const run = promisify(execFile);
const influxBin = process.env.INFLUX_PATH ?? '/usr/bin/influx';
let base: string;
let adminSession: string;
/** The stations this file writes to (the server's `influxStations`), known once it is up. */
let first: number, second: number, third: number;
let dir: string;
beforeAll(async () => {
  const server = await clientsServer();
  ({ base, adminSession } = server);
  [first, second, third] = server.influxStations;
  dir = mkdtempSync(join(tmpdir(), 'hladina-influx-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `influx` against the server with a station's token as the password; its exit code and output. */
async function influx(station: number, args: string[], password = stationTokenOf(station)) {
  const { port, hostname } = new URL(base);
  const all = ['-host', hostname, '-port', port, '-username', 'logger', '-password', password, '-database', 'hladina', ...args];
  try {
    const { stdout, stderr } = await run(influxBin, all, { timeout: 30_000 });
    return { code: 0, output: stdout + stderr };
  } catch (err) {
    const failed = err as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

/** A station's readings on one UTC day as the chart API returns them: `code@iso` → value. */
async function chart(station: number, day: string) {
  const res = await fetch(`${base}/rest/api/item?id=${benchStationId(station)}&from=${day}&to=${day}`, {
    headers: { Authorization: `Bearer ${adminSession}` },
  });
  const { data } = (await res.json()) as { data: { data: { data_name: string; data_value: number; date: string }[] } };
  return Object.fromEntries(data.data.map((r) => [`${r.data_name}@${r.date}`, r.data_value]));
}

const seconds = (iso: string) => Date.parse(iso) / 1000;

/** A file `influx -import` reads: its DML section names the database, then one point per line. */
function importFile(lines: string[]) {
  const file = join(dir, `import-${Math.random().toString(36).slice(2)}.lp`);
  writeFileSync(file, ['# DML', '# CONTEXT-DATABASE: hladina', ...lines, ''].join('\n'));
  return file;
}

describe('the influx client (1.x)', () => {
  it('imports a line protocol file whose readings then appear on the chart', async () => {
    const file = importFile([
      `logger,station=${benchStationId(first)} H1=2.5,KCM=0.61,RV=71i ${seconds('2026-01-10T08:00:00Z')}`,
      `logger H1=2.51,KCM=0.62,RV=70i ${seconds('2026-01-10T08:10:00Z')}`,
    ]);
    const res = await influx(first, ['-precision', 's', '-import', '-path', file]);
    expect(res.code, res.output).toBe(0);
    expect(res.output).toMatch(/Processed 2 inserts/);
    expect(res.output).toMatch(/Failed 0 inserts/);
    expect(await chart(first, '2026-01-10')).toEqual({
      'H1@2026-01-10T08:00:00.000Z': 2.5,
      'KCM@2026-01-10T08:00:00.000Z': 0.61,
      'RV@2026-01-10T08:00:00.000Z': 71,
      'H1@2026-01-10T08:10:00.000Z': 2.51,
      'KCM@2026-01-10T08:10:00.000Z': 0.62,
      'RV@2026-01-10T08:10:00.000Z': 70,
    });
  });

  it('writes one point with INSERT', async () => {
    const res = await influx(second, [
      '-precision',
      's',
      '-execute',
      `INSERT logger H1=3.25,POWER=12.5 ${seconds('2026-01-11T06:00:00Z')}`,
    ]);
    expect(res.code, res.output).toBe(0);
    expect(await chart(second, '2026-01-11')).toEqual({ 'H1@2026-01-11T06:00:00.000Z': 3.25, 'POWER@2026-01-11T06:00:00.000Z': 12.5 });
  });

  it('is refused a file with a bad line, naming it, and nothing of its batch is stored', async () => {
    const file = importFile([`logger H1=1.5 ${seconds('2026-01-12T00:00:00Z')}`, `logger H1= ${seconds('2026-01-12T00:10:00Z')}`]);
    const res = await influx(third, ['-precision', 's', '-import', '-path', file]);
    // The client joins its batch's lines with blank lines between them: the line named is the body's.
    expect(res.output).toMatch(/line \d+: unable to parse 'logger H1= \d+': missing field value/);
    expect(res.output).toMatch(/2 points were not inserted/);
    expect(res.code).toBe(1);
    expect(await chart(third, '2026-01-12')).toEqual({});
  });

  it('is refused an implausible value, and a wrong password', async () => {
    const implausible = await influx(third, ['-precision', 's', '-execute', `INSERT logger RV=250 ${seconds('2026-01-12T01:00:00Z')}`]);
    expect(implausible.output).toMatch(/line 1: Field \\"RV\\" 250 is outside the physical limits of RV/);
    const wrong = await influx(
      third,
      ['-precision', 's', '-execute', `INSERT logger H1=1 ${seconds('2026-01-12T02:00:00Z')}`],
      'not-a-token',
    );
    expect(wrong.output).toMatch(/ERR: .*This ingest token is unknown or has been revoked/);
    expect(await chart(third, '2026-01-12')).toEqual({});
  });
});

describe('a plain gzip post (as Telegraf sends it)', () => {
  it('stores what it carries', async () => {
    const body = gzipSync(`telegraf,station=${benchStationId(third)} _T=-2.5,SRA1H=0.4 ${Date.parse('2026-01-13T12:00:00Z')}\n`);
    const res = await fetch(`${base}/influx/write?db=telegraf&precision=ms`, {
      method: 'POST',
      headers: {
        'Content-Encoding': 'gzip',
        'Content-Type': 'text/plain; charset=utf-8',
        Authorization: `Basic ${btoa(`telegraf:${stationTokenOf(third)}`)}`,
      },
      body,
    });
    expect(res.status, await res.clone().text()).toBe(204);
    expect(await chart(third, '2026-01-13')).toEqual({ '_T@2026-01-13T12:00:00.000Z': -2.5, 'SRA1H@2026-01-13T12:00:00.000Z': 0.4 });
  });
});
