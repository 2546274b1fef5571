import { runDurableObjectAlarm } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { contextOf } from '../../worker/context';
import { IngestResult } from '../../worker/contracts/telemetry';
import type { Reading } from '../../worker/contracts/telemetry';
import { stationOf } from '../../worker/station/directory';
import { fiveMinuteCron, reconcileCron } from '../../worker/rollup/schedules';
import { newestReadingSql } from '../../worker/db/daily-stats';
import { post } from './api';
import { make } from './make';

/** The context a verb gets outside a request (as the cron and the objects build it), for tests that call verbs directly. */
export const workerCtx = () => contextOf(env, () => {});

export const ingest = (source: 'danes' | 'uniwan', token: string, body: unknown) =>
  post(`/rest/ingest/${source}`, body as never, { token, reply: IngestResult });

const scheduled = (cron: string, now: number) =>
  // Through the loopback the handler gets a plain controller object; a real ScheduledController cannot be cloned.
  (exports.default as unknown as { scheduled(controller: Partial<ScheduledController>): Promise<void> }).scheduled({
    cron,
    scheduledTime: now,
  });

/**
 * Runs the Worker's daily roll-up reconciliation (every station whose object holds what D1 lacks, such as a flush
 * waiting for its period, flushes: D1 then holds everything stored before the call), then its cron handler, as the
 * five-minute trigger would (at `now`, its scheduled time), each to completion.
 */
export async function runCron(now = Date.now()) {
  await scheduled(reconcileCron, now);
  await scheduled(fiveMinuteCron, now);
}

/** A station object's testing facet (worker/station/testing.ts): the tests' one way into its state beside the public facets. */
export const testingOf = (itemId: number) => stationOf(env, itemId).testing();

/** Where a station's roll-up stands (its object's answer, once a flush under way has ended). */
export const rollupStateOf = (itemId: number) => testingOf(itemId).rollupState();

/** Stations whose object holds what D1 lacks: a flush under way or waiting for its period (or its retry). */
export async function pendingStations() {
  const ids = (await rawAll<{ id: number }>('SELECT id FROM items ORDER BY id')).map((r) => r.id);
  const states = await Promise.all(ids.map((id) => rollupStateOf(id)));
  return ids.filter((_, i) => states[i].dueAt !== null);
}

/** Every raw reading a station's object holds, one per code and time, in time then code order (as the export reads them). */
export async function storedOf(itemId: number): Promise<Reading[]> {
  const all = Number.MAX_SAFE_INTEGER;
  const found = await stationOf(env, itemId).reads().readings(-all, all, all);
  return Object.entries(found!.data)
    .flatMap(([reading, { t, v }]) => t.map((ts, i) => ({ reading, ts, value: v[i] })))
    .sort((a, b) => a.ts - b.ts || (a.reading < b.reading ? -1 : 1));
}

/** The station-local days a station's object holds for the next roll-up. */
export const dirtyOf = async (itemId: number) => (await rollupStateOf(itemId)).marked;

export const rawAll = <T>(query: string, ...params: unknown[]) =>
  env.DB.prepare(query)
    .bind(...params)
    .all<T>()
    .then((r) => r.results);

/**
 * A DANES station in Prague and a UNIWAN one in New York; `viewer` sees the first directly and the second
 * through `group`, `outsider` sees neither.
 */
export async function stationsWithViewers() {
  const [viewer, outsider] = [await make.subject(), await make.subject()];
  const group = await make.group({ members: [viewer] });
  const danesStation = await make.station({ viewers: [viewer] });
  const uniwanStation = await make.station({ source: 'UNIWAN', timezone: 'America/New_York', groups: [group] });
  return { danesStation, uniwanStation, viewer, outsider, group };
}

/** `stationsWithViewers` with a few readings on both stations around 1–4 April 2026, across their local midnights. */
export async function stationsWithReadings() {
  const fixture = await stationsWithViewers();
  const token = await make.importerToken();
  await ingest('danes', token, {
    unique_id: fixture.danesStation.uniqueId,
    rows: [
      { data_name: 'H1', data_value: 1, date: '2026-04-01T10:00:00+02:00' },
      { data_name: 'H1', data_value: 3, date: '2026-04-02T10:00:00+02:00' },
      { data_name: '_T', data_value: -2, date: '2026-04-02T23:30:00+02:00' },
      // Already the 4th in Prague, though still the 3rd in UTC.
      { data_name: 'H1', data_value: 9, date: '2026-04-03T22:30:00Z' },
    ],
  });
  await ingest('uniwan', token, {
    unique_id: fixture.uniwanStation.uniqueId,
    rows: [
      { value_id: 'pressure', value: 1000, timestamp: '2026-04-01T09:00:00' },
      // 23:00 on the 3rd in New York is the 4th in UTC.
      { value_id: 'pressure', value: 1010, timestamp: '2026-04-03T23:00:00' },
      { value_id: 'humidity', value: 55, timestamp: '2026-03-31T23:59:00' },
    ],
  });
  return { ...fixture, token };
}

/** Lets a station's roll-up reach D1: waits for a flush under way, and rings the object's alarm when a flush waits for it. */
export async function settleRollup(itemId: number) {
  if ((await rollupStateOf(itemId)).dueAt !== null) await runDurableObjectAlarm(stationOf(env, itemId));
  await rollupStateOf(itemId);
}

/** A station's `last_update` (epoch ms) as D1 derives it, once its roll-up has settled. */
export async function lastUpdateOf(itemId: number) {
  await settleRollup(itemId);
  const [row] = await rawAll<{ last_update: number | null }>(
    `SELECT ${newestReadingSql('i.id')} AS last_update FROM items i WHERE i.id = ?`,
    itemId,
  );
  return row.last_update;
}
