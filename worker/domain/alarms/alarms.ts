import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Alarm, AlarmsQuery } from '../../contracts/alarms';
import type { Db } from '../../db/client';
import type { Subject } from '../../db/schema';
import { stationOf } from '../../station/directory';
import { conflict, forbidden, notFound } from '../errors';
import { linkedItemIds } from '../../db/stations';
import { visibleItem } from '../items/visibility';
import { alarmSelect, toAlarm, type AlarmJoined } from './records';
import type { Defer } from './rules';
import { acknowledgeStatements, sendNotice } from './transitions';

const visibleAlarms = (subject: Subject, itemColumn = 'a.item_id'): SQL =>
  subject.isAdmin ? sql`1 = 1` : sql`${sql.raw(itemColumn)} IN ${linkedItemIds(subject.id)}`;

/** Alarms of the stations the subject may see, newest first, filtered by state, station, severity and time. */
export async function listAlarms(db: Db, subject: Subject, query: z.output<typeof AlarmsQuery>): Promise<Alarm[]> {
  if (query.item_id !== undefined) await visibleItem({ db, subject }, { id: query.item_id }, 'item_id');
  const where = [visibleAlarms(subject)];
  if (query.state === 'open') where.push(sql`a.state <> 'cleared'`);
  else if (query.state) where.push(sql`a.state = ${query.state}`);
  if (query.item_id !== undefined) where.push(sql`a.item_id = ${query.item_id}`);
  if (query.severity) where.push(sql`a.severity = ${query.severity}`);
  if (query.to) where.push(sql`a.fired_at < ${Date.parse(query.to)}`);
  if (query.from) where.push(sql`(a.cleared_at IS NULL OR a.cleared_at >= ${Date.parse(query.from)})`);
  if (query.before !== undefined) where.push(sql`a.id < ${query.before}`);
  const rows = await db.all<AlarmJoined>(sql`${sql.raw(alarmSelect)} WHERE ${sql.join(where, sql` AND `)} ORDER BY a.id DESC LIMIT ${query.limit}`);
  return rows.map(toAlarm);
}

/**
 * Acknowledges an active alarm of a station the subject may see, with an optional note; webhooks that want it
 * hear of it and open pages see it at once. An acknowledged or cleared alarm cannot be acknowledged (409).
 */
export async function acknowledgeAlarm(db: Db, env: Cloudflare.Env, subject: Subject, id: number, note: string | null, defer: Defer): Promise<Alarm> {
  const [row] = await db.all<AlarmJoined & { visible: number }>(
    sql`SELECT q.*, (${visibleAlarms(subject, 'q.item_id')}) AS visible FROM (${sql.raw(alarmSelect)} WHERE a.id = ${id}) q`,
  );
  if (!row) throw notFound('Alarm');
  const alarm = toAlarm(row);
  if (!row.visible) throw forbidden('You may not see this station.', 'id');
  if (alarm.state !== 'active') throw conflict('id', alarm.state === 'cleared' ? 'This alarm has already cleared.' : 'This alarm is already acknowledged.');
  const notice = await acknowledgeStatements(env.DB, alarm, { id: subject.id, name: `${subject.firstName} ${subject.secondName}` }, note, Date.now());
  if (!notice) throw conflict('id', 'This alarm changed meanwhile; reload it.');
  await stationOf(env, alarm.item_id)
    .announce(alarm.item_id, { type: 'alarm', unique_id: alarm.unique_id, alarm: notice.alarm })
    .catch((err) => console.error('live announcement failed', err));
  defer(sendNotice(env, notice));
  return notice.alarm;
}
