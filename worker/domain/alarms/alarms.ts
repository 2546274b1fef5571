import type { z } from 'zod';
import type { Alarm, AlarmsQuery } from '../../contracts/alarms';
import type { SubjectCtx } from '../../context';
import { toNamedRef } from '../../db/accounts';
import { findAlarmFor, selectAlarms } from '../../db/alarms';
import { conflict, forbidden, notFound } from '../errors';
import { visibleItem } from '../items/visibility';
import { acknowledgeActive } from './acknowledge';

/** Alarms of the stations the subject may see, newest first, filtered by state, station, severity and time. */
export async function listAlarms(ctx: SubjectCtx, query: z.output<typeof AlarmsQuery>): Promise<Alarm[]> {
  if (query.item_id !== undefined) await visibleItem(ctx, { id: query.item_id }, 'item_id');
  return selectAlarms(ctx.db, ctx.subject, query);
}

/**
 * Acknowledges an active alarm of a station the subject may see, with an optional note (./acknowledge.ts). An
 * acknowledged or cleared alarm cannot be acknowledged (409).
 */
export async function acknowledgeAlarm(ctx: SubjectCtx, { id, note }: { id: number; note: string | null }): Promise<Alarm> {
  const { db, subject } = ctx;
  const found = await findAlarmFor(db, subject, id);
  if (!found) throw notFound('Alarm');
  const { alarm, visible } = found;
  if (!visible) throw forbidden('You may not see this station.', 'id');
  if (alarm.state !== 'active')
    throw conflict('id', alarm.state === 'cleared' ? 'This alarm has already cleared.' : 'This alarm is already acknowledged.');
  const acknowledged = await acknowledgeActive(ctx, alarm, {
    by: toNamedRef(subject),
    note,
  });
  if (!acknowledged) throw conflict('id', 'This alarm changed meanwhile; reload it.');
  return acknowledged;
}
