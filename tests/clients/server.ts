/**
 * Global setup of the standard clients' tests (GDAL, xmllint): the API-only Worker served by `wrangler dev` on a free
 * port with a D1 and station objects of its own (never the developer's `.wrangler/`), seeded with one user who sees two
 * of three stations and holds an integration token, two days of 10-minute reports of every code at station 1 and one
 * day at stations 2 and 3; an administrator flags a stretch of station 1's H1 suspect, rejects one reading and approves
 * its first day; rolled up. Vitest runs the projects' global setups one after another, so this one only starts the
 * server and returns: it comes up while the browser tests' setup builds the app, and the tests wait for it
 * (`clientsServer()` in ./ready.ts, which reads what the setup wrote to `clientsServerFile`).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { benchAccountsSql, benchStationId, report, sessionTokenOf, stationTokenOf } from '../../scripts/bench/seed';
import { insertSql } from '../../scripts/lib/d1';
import { postBatch } from '../../scripts/lib/ingest';
import { startLocalWorker } from '../../scripts/lib/local-worker';
import { hashToken } from '../../worker/domain/auth/tokens';
import { reconcileCron } from '../../worker/rollup/schedules';
import { migrate, openE2eDb } from '../support/e2e-db';

export interface ClientsServer {
  base: string;
  /** The user's integration token. */
  token: string;
  /** What the user sees: the stations' unique ids, and each one's days of readings. */
  stations: { uniqueId: string; days: string[] }[];
  /** A station the user may not see. */
  hidden: string;
  /** A station the user sees that has no coordinates, with six readings of H1 on 2026-03-01. */
  nowhere: string;
  /**
   * Stations (numbers for `benchStationId` and `stationTokenOf`; UTC, empty, seen by the administrator alone) that the
   * influx client writes to: apart from what the GDAL and WaterML tests count, so the files may run in any order and at once.
   */
  influxStations: number[];
  /** The administrator's session, which sees every station. */
  adminSession: string;
}

const influxStations = [5, 6, 7];

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the setup writes the server (JSON: ClientsServer, or `{ error }`) once it is up. */
    clientsServerFile: string;
  }
}

/** The seed's reports are every 10 minutes of these UTC days; each report holds all seven DANES codes. */
export const reportsPerDay = 144;
export const codesPerReport = 7;
const days = ['2026-03-01', '2026-03-02'];
const token = 'hladina_clients-test-integration-token';
const admin = 2;
const nowhere = 'CLIENTS-NOWHERE';

/** What the administrator did to station 1's H1 (times UTC): four readings suspect, one rejected, its first local day approved. */
export const edits = {
  suspect: { from: '2026-03-02T10:00:00Z', to: '2026-03-02T10:30:00Z', readings: 4 },
  rejected: '2026-03-02T12:00:00Z',
  approvedUntil: '2026-03-01T23:00:00Z',
};

/** Sends one of the administrator's quality calls. */
async function asAdmin(base: string, path: string, body: unknown) {
  const res = await fetch(`${base}/rest/quality/${path}?id=1`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${sessionTokenOf(admin)}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`quality/${path} refused: ${res.status} ${await res.text()}`);
}

/** Starts the server and seeds it; returns what the tests see and how to stop it. */
async function serve(stateDir: string): Promise<{ server: ClientsServer; stop: () => void }> {
  const db = await openE2eDb(stateDir);
  try {
    await migrate(db);
    await db.run(
      benchAccountsSql(3, [2]) +
        insertSql('api_tokens', { subject_id: 1, name: 'GDAL', token_hash: hashToken(token), created_at: Date.now() }) +
        insertSql('subjects', {
          id: admin,
          username: 'admin@hladina.local',
          first_name: 'Admin',
          second_name: 'Clients',
          is_admin: true,
          status: 'active',
          password_hash: 'none',
          created_at: Date.now(),
        }) +
        insertSql('sessions', { id: hashToken(sessionTokenOf(admin)), subject_id: admin, expires_at: Date.now() + 86_400_000 }) +
        insertSql('items', { id: 4, name: 'Nowhere', unique_id: nowhere, name_for_api: 'DANES', timezone: 'Europe/Prague' }) +
        insertSql('station_tokens', { id: hashToken(stationTokenOf(4)), item_id: 4, created_at: Date.now() }) +
        insertSql('group_items', { group_id: 1, item_id: 4 }) +
        influxStations
          .map(
            (id) =>
              insertSql('items', { id, name: `Influx ${id}`, unique_id: benchStationId(id), name_for_api: 'DANES', timezone: 'UTC' }) +
              insertSql('station_tokens', { id: hashToken(stationTokenOf(id)), item_id: id, created_at: Date.now() }),
          )
          .join(''),
    );
  } finally {
    await db.close();
  }
  const worker = await startLocalWorker({ persistTo: stateDir });
  try {
    const seeded: ClientsServer['stations'] = [];
    for (const [station, its] of [
      [1, days],
      [2, days.slice(0, 1)],
      [3, days.slice(0, 1)],
    ] as const) {
      const rows = its.flatMap((day) =>
        Array.from({ length: reportsPerDay }, (_, k) => report(station, Date.parse(`${day}T00:00:00Z`) + k * 600_000)),
      );
      const reply = await postBatch(worker.base, stationTokenOf(station), 'danes', benchStationId(station), rows.flat());
      if (reply.status !== 200) throw new Error(`seeding station ${station} failed: ${JSON.stringify(reply)}`);
      if (station < 3) seeded.push({ uniqueId: benchStationId(station), days: [...its] });
    }
    const few = Array.from({ length: 6 }, (_, k) => ({
      data_name: 'H1',
      data_value: k,
      date: new Date(Date.UTC(2026, 2, 1, 6, k)).toISOString(),
    }));
    if ((await postBatch(worker.base, stationTokenOf(4), 'danes', nowhere, few)).status !== 200)
      throw new Error('seeding station 4 failed');
    const { suspect, rejected } = edits;
    await asAdmin(worker.base, 'flag', { reading: 'H1', from: suspect.from, to: suspect.to, flag: 'suspect', note: 'Pump test' });
    await asAdmin(worker.base, 'flag', { reading: 'H1', from: rejected, to: rejected, flag: 'rejected', note: 'Spike' });
    await asAdmin(worker.base, 'approve', { reading: 'H1', to: '2026-03-01', note: 'Checked' });
    await worker.cron(reconcileCron);
    return {
      server: {
        base: worker.base,
        token,
        stations: seeded,
        hidden: benchStationId(3),
        nowhere,
        influxStations,
        adminSession: sessionTokenOf(admin),
      },
      stop: worker.stop,
    };
  } catch (error) {
    worker.stop();
    throw error;
  }
}

export default function setup(project: TestProject) {
  const stateDir = mkdtempSync(join(tmpdir(), 'hladina-clients-'));
  const file = join(tmpdir(), `${basename(stateDir)}.json`);
  const started = serve(stateDir).then(
    ({ server, stop }) => {
      writeFileSync(file, JSON.stringify(server));
      return stop;
    },
    (error: unknown) => {
      writeFileSync(file, JSON.stringify({ error: String(error) }));
      return () => undefined;
    },
  );
  project.provide('clientsServerFile', file);
  return async () => {
    (await started)();
    rmSync(stateDir, { recursive: true, force: true });
    rmSync(file, { force: true });
  };
}
