import type { z } from 'zod';
import type { Alarm, AlarmsQuery } from '../../contracts/alarms';
import { isoInstant } from '../../../shared/station-time';
import type { SubjectCtx } from '../../context';
import { acknowledgeAlarmRow, findAlarmFor, selectAlarms } from '../../db/alarms';
import { conflict, forbidden, notFound } from '../errors';
import { visibleItem } from '../items/visibility';
import { acknowledgeAlarmEscalations } from '../escalations/run';
import { announce, sendNotice, writeTransition } from './transitions';

/** Alarms of the stations the subject may see, newest first, filtered by state, station, severity and time. */
export async function listAlarms(ctx: SubjectCtx, query: z.output<typeof AlarmsQuery>): Promise<Alarm[]> {
  if (query.item_id !== undefined) await visibleItem(ctx, { id: query.item_id }, 'item_id');
  return selectAlarms(ctx.db, ctx.subject, query);
}

/**
 * Acknowledges an active alarm of a station the subject may see, with an optional note; webhooks that want it
 * hear of it and open pages see it at once. An acknowledged or cleared alarm cannot be acknowledged (409).
 */
export async function acknowledgeAlarm(ctx: SubjectCtx, { id, note }: { id: number; note: string | null }): Promise<Alarm> {
  const { db, subject } = ctx;
  const found = await findAlarmFor(db, subject, id);
  if (!found) throw notFound('Alarm');
  const { alarm, visible } = found;
  if (!visible) throw forbidden('You may not see this station.', 'id');
  if (alarm.state !== 'active')
    throw conflict('id', alarm.state === 'cleared' ? 'This alarm has already cleared.' : 'This alarm is already acknowledged.');
  const now = Date.now();
  const by = { id: subject.id, name: `${subject.firstName} ${subject.secondName}` };
  const notice = await writeTransition(ctx, {
    alarm: { ...alarm, state: 'acknowledged', acknowledged_at: isoInstant(now), acknowledged_by: by, note },
    event: 'alarm.acknowledged',
    occurredAt: now,
    write: acknowledgeAlarmRow(db, { id, at: now, by: by.id, note }),
  });
  if (!notice) throw conflict('id', 'This alarm changed meanwhile; reload it.');
  await acknowledgeAlarmEscalations(ctx, { alarmId: id, by: by.id, note });
  await announce(ctx, notice);
  ctx.defer(sendNotice(ctx, notice));
  return notice.alarm;
}
