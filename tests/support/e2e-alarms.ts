/**
 * Stations of their own for the alarm browser tests: made through the admin API with a run stamp in their
 * unique_id, given an ingest token and alarm rules, and removed after the file with `removeStations` (./e2e.ts).
 */
import type { AlarmRule, AlarmRulesInput } from '../../worker/contracts/alarms';
import type { ItemRow } from '../../worker/contracts/items';
import { postRest } from './e2e';

export interface AlarmStation {
  item: ItemRow;
  token: string;
}

/** A DANES station near Brno (so the map shows it) with its ingest token. */
export async function addAlarmStation(
  adminToken: string,
  uniqueId: string,
  name: string,
  place: [number, number] = [49.2, 16.6],
): Promise<AlarmStation> {
  const item = await postRest<ItemRow>(
    '/items/edit',
    {
      Items: { name, unique_id: uniqueId, location_x: place[0], location_y: place[1], location_name: 'E2E alarms', name_for_api: 'DANES' },
    },
    adminToken,
  );
  const { token } = await postRest<{ token: string }>(`/items/token?id=${item.id}`, undefined, adminToken);
  return { item, token };
}

export const addRule = (adminToken: string, rule: AlarmRulesInput) =>
  postRest<AlarmRule>('/alarm-rules/edit', { AlarmRules: rule }, adminToken);

/** Links a subject to exactly these stations. */
export const linkStation = (adminToken: string, itemId: number, subjectIds: number[]) =>
  postRest(`/items/subjects?id=${itemId}`, { ItemSubjects: subjectIds }, adminToken);

/**
 * Posts one groundwater level through ingest. Each call reads a later time than the one before (a rule ignores
 * readings older than what it has evaluated), all within the last minute.
 */
let tick = 0;
export function postLevel(station: AlarmStation, value: number) {
  tick += 1;
  const date = new Date(Date.now() - 60_000 + tick * 100).toISOString();
  return postRest<{ accepted: number }>('/ingest/danes', { rows: [{ data_name: 'H1', data_value: value, date }] }, station.token);
}
