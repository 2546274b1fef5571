/**
 * `npm run bench:warning [-- --alarms 20]`: how soon a warning reaches its channel, on the production build (`npm run
 * build`, served by `vite preview` on a D1 and objects of its own; the dev database is untouched). A local HTTP server
 * stands for the channel: a webhook that takes every event of the one station.
 *  1. `alarms` readings past an alarm rule (each cleared after): the time from posting the reading to the webhook's
 *     `alarm.fired` arriving (target: p95 ≤ 2 s).
 *  2. An escalation policy on the rule, two webhook steps 0 and 1 minute after the start, run twice with nobody
 *     acknowledging: once with the server left alone (the object idle between the steps), once with the server
 *     stopped after the first step and started anew on the same state (every object evicted, as after a deploy). Each
 *     step's arrival against its due time, the escalation's start plus the step's minutes (target: ≤ 60 s late).
 * Prints one table.
 */
import { createServer, type IncomingMessage } from 'node:http';
import { parseArgs } from 'node:util';
import { sourceRow } from '../worker/contracts/telemetry';
import { fiveMinuteCron } from '../worker/rollup/schedules';
import { benchPreview, ms, percentile, postIngest, printTable, since, type Row } from './bench/lib';
import { benchAccountsSql, floodLevel, floodRuleSql, sessionTokenOf, stationTokenOf } from './bench/seed';
import { freePort } from './lib/local-worker';
import { buildOnce } from './lib/preview';

const { values } = parseArgs({ options: { alarms: { type: 'string', default: '20' } } });
const alarms = Math.max(3, Number(values.alarms));
const station = 1;
const session = sessionTokenOf(1);

interface Arrival {
  event: string;
  step: number | null;
  at: number;
}

/** The channel: every webhook post as it arrives, and a way to wait for the next one that matches. */
async function receiver() {
  const arrivals: Arrival[] = [];
  let waiting: { match: (a: Arrival) => boolean; resolve: (a: Arrival) => void } | null = null;
  const read = async (req: IncomingMessage) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    return JSON.parse(body) as { event: string; escalation?: { step: number } };
  };
  const server = createServer((req, res) => {
    const at = Date.now();
    void read(req).then((payload) => {
      const arrival = { event: payload.event, step: payload.escalation?.step ?? null, at };
      arrivals.push(arrival);
      if (waiting?.match(arrival)) waiting.resolve(arrival);
      res.writeHead(204).end();
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/hook`,
    /** The first arrival from `since` on that matches, waiting at most `timeoutMs` for it. */
    next(match: (a: Arrival) => boolean, from: number, timeoutMs: number) {
      const seen = arrivals.find((a) => a.at >= from && match(a));
      if (seen) return Promise.resolve(seen);
      return new Promise<Arrival>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`nothing arrived within ${timeoutMs / 1000} s`)), timeoutMs);
        waiting = {
          match: (a) => a.at >= from && match(a),
          resolve: (a) => {
            clearTimeout(timer);
            waiting = null;
            resolve(a);
          },
        };
      });
    },
    close: () => server.close(),
  };
}

buildOnce();
const hook = await receiver();
const server = await benchPreview('one station with an alarm rule (production build, vite preview)', [
  benchAccountsSql(1, [1]) + floodRuleSql(station) + 'UPDATE subjects SET is_admin = 1 WHERE id = 1;',
]);

/** A call of the JSON API as the bench's administrator; the reply's data. */
async function rest<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.base}/rest${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${session}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { data?: T; errors?: unknown };
  if (!res.ok || json.data === undefined) throw new Error(`${path}: HTTP ${res.status} ${JSON.stringify(json.errors)}`);
  return json.data;
}

/** Posts one H1 reading at `ts`: above the rule's level fires it, below clears it. */
const post = (ts: number, fire: boolean) =>
  postIngest(
    server.base,
    stationTokenOf(station),
    JSON.stringify({ rows: [sourceRow('DANES', { reading: 'H1', ts, value: fire ? floodLevel + 1 : floodLevel - 1 })] }),
  );

const rows: Row[] = [];
try {
  const webhook = await rest<{ id: number }>('/webhooks/edit', { url: hook.url, stations: [station] });
  // The cron pushes the rule to the station's object.
  await server.cron(fiveMinuteCron);

  // (1) Reading to webhook.
  const latencies: number[] = [];
  let ts = Date.now() - alarms * 4000;
  for (let k = 0; k < alarms; k++, ts += 2000) {
    const t = performance.now();
    const from = Date.now();
    await post(ts, true);
    await hook.next((a) => a.event === 'alarm.fired', from, 30_000);
    latencies.push(since(t));
    const cleared = Date.now();
    await post(ts + 1000, false);
    await hook.next((a) => a.event === 'alarm.cleared', cleared, 30_000);
  }
  rows.push([
    `reading past a rule to its webhook's alarm.fired (${alarms} alarms, each cleared after)`,
    `p50 ${ms(percentile(latencies, 50))}, p95 ${ms(percentile(latencies, 95))}, max ${ms(Math.max(...latencies))}`,
    'p95 ≤ 2,000 ms',
  ]);

  // (2) Escalation steps against their due times.
  const policy = await rest<{ id: number }>('/escalation-policies/edit', {
    name: 'Bench escalation',
    steps: [
      { after_minutes: 0, webhooks: [webhook.id], channels: ['webhook'] },
      { after_minutes: 1, webhooks: [webhook.id], channels: ['webhook'] },
    ],
    repeat_minutes: 60,
    max_repeats: 0,
    rules: [1],
  });
  for (const evicted of [false, true]) {
    const from = Date.now();
    ts = from - 500;
    await post(ts, true);
    const [escalation] = await rest<{ started_at: string }[]>(`/escalations?item_id=${station}&state=running`);
    const started = Date.parse(escalation.started_at);
    const first = await hook.next((a) => a.event === 'escalation.step' && a.step === 1, from, 60_000);
    if (evicted) await server.restart();
    const second = await hook.next((a) => a.event === 'escalation.step' && a.step === 2, from, 240_000);
    const late = (a: Arrival, minutes: number) => `${((a.at - (started + minutes * 60_000)) / 1000).toFixed(1)} s`;
    rows.push([
      `escalation steps after 0 and 1 min, late by (${evicted ? 'server restarted after step 1: objects evicted' : 'server left running'})`,
      `step 1 ${late(first, 0)}, step 2 ${late(second, 1)}`,
      '≤ 60 s',
    ]);
    // With no repeats the escalation ends after its second step; the alarm clears for the next run.
    await post(ts + 1000, false);
  }
  await rest(`/escalation-policies/delete?id=${policy.id}`, {});
} finally {
  server.stop();
  hook.close();
}
printTable(rows);
process.exit(0);
