import type { AlarmRulesInput } from '../../worker/contracts/alarms';
import { createSubject, post, type TestSubject } from './api';
import { createStation, linkSubject, rawAll, stationToken } from './telemetry';

/** Readings of one code at `stepMinutes` intervals from `start`, one per value, as a DANES station posts them. */
export const series = (start: string, stepMinutes: number, values: number[], code = 'H1') =>
  values.map((value, i) => ({ data_name: code, data_value: value, date: new Date(Date.parse(start) + i * stepMinutes * 60_000).toISOString() }));

/** A DANES station with its token, a user who sees it, and an administrator. */
export async function watchedStation(source: 'DANES' | 'UNIWAN' = 'DANES') {
  const admin = await createSubject({ isAdmin: true });
  const viewer = await createSubject();
  const station = await createStation(source);
  await linkSubject(viewer.id, station.id);
  return { admin, viewer, station, token: await stationToken(station.id) };
}

/** Creates a rule through the API as an administrator; fails the test if refused. */
export async function addRule(admin: TestSubject, rule: AlarmRulesInput) {
  const res = await post('/rest/alarm-rules/edit', { AlarmRules: rule }, { token: admin.token });
  if (res.status !== 200) throw new Error(`rule refused: ${res.text}`);
  return res.json.data;
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

/** The alarm e-mails one address received, oldest first. */
export const mailsTo = (address: string) => rawAll<{ subject: string; body: string }>('SELECT subject, body FROM outbox WHERE "to" = ? ORDER BY id', address);
