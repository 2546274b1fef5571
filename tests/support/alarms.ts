import { AlarmRule, type AlarmRulesInput } from '../../worker/contracts/alarms';
import { warningCalls } from '../../worker/contracts/warning';
import { sourceRow } from '../../worker/contracts/telemetry';
import { post } from './api';
import { callSpec } from './client';
import { make, type TestSubject } from './make';
import { ingest, rawAll } from './telemetry';

/** Readings of one code at `stepMinutes` intervals from `start`, one per value, as a DANES station posts them. */
export const series = (start: string, stepMinutes: number, values: number[], reading = 'H1') =>
  values.map((value, i) => sourceRow('DANES', { reading, ts: Date.parse(start) + i * stepMinutes * 60_000, value }));

/** A DANES station with its token, a user who sees it, and an administrator. */
export async function watchedStation() {
  const admin = await make.admin();
  const viewer = await make.subject();
  const station = await make.station({ viewers: [viewer], token: true });
  return { admin, viewer, station, token: station.token };
}

/**
 * A watched DANES station with the three flood activity levels on H1 at 2.0, 2.5 and 3.0 m (deadband 0.1), and a way
 * to post H1 readings an hour apart from `start`.
 */
export async function leveledStation() {
  const fixture = await watchedStation();
  const saved = await callSpec(warningCalls.save, {
    token: fixture.admin.token,
    query: { id: fixture.station.id },
    body: {
      reading: 'H1',
      levels: [
        { threshold: 2.0, deadband: 0.1 },
        { threshold: 2.5, deadband: 0.1 },
        { threshold: 3.0, deadband: 0.1 },
      ],
    },
  });
  if (saved.status !== 200) throw new Error(`levels refused: ${saved.text}`);
  const post = (start: string | number, values: number[]) =>
    ingest('danes', fixture.token, { rows: series(new Date(start).toISOString(), 60, values) });
  return { ...fixture, post };
}

/** Creates a rule through the API as an administrator; fails the test if refused. */
export async function addRule(admin: TestSubject, rule: AlarmRulesInput) {
  const res = await post('/rest/alarm-rules/edit', { AlarmRules: rule }, { token: admin.token, reply: AlarmRule });
  if (res.status !== 200) throw new Error(`rule refused: ${res.text}`);
  return res.data;
}

export const flood = { kind: 'above', reading: 'H1', threshold: 3, deadband: 0.5, severity: 'critical', name: 'Flood level' } as const;

/** A watched DANES station with the flood rule, and a way to post its rows. */
export async function floodStation() {
  const fixture = await watchedStation();
  const rule = await addRule(fixture.admin, { ...flood, item_id: fixture.station.id });
  const post = (rows: unknown[]) => ingest('danes', fixture.token, { rows });
  return { ...fixture, rule, post };
}

export interface AlarmRowOf {
  id: number;
  rule_id: number;
  state: string;
  started_at: number;
  fired_at: number;
  value: number | null;
  cleared_at: number | null;
  clear_value: number | null;
  cleared_reason: string | null;
  acknowledged_by: number | null;
  note: string | null;
}

export const alarmsOf = (itemId: number) => rawAll<AlarmRowOf>('SELECT * FROM alarms WHERE item_id = ? ORDER BY id', itemId);
