import type { Alarm } from '../../contracts/alarms';
import { isoInstant } from '../../../shared/station-time';
import type { Ctx } from '../../context';
import { acknowledgeAlarmRow } from '../../db/alarms';
import { acknowledgeAlarmEscalations } from '../escalations/run';
import { announce, sendNotice, writeTransition } from './transitions';

/**
 * Acknowledges an active alarm as `by`, with the note: webhooks that want it hear of it, open pages see it at once
 * and its running escalations stop, recorded as acknowledged by the same subject. Null when the alarm was no longer
 * active when written (acknowledged or cleared meanwhile).
 */
export async function acknowledgeActive(
  ctx: Ctx,
  alarm: Alarm,
  { by, note }: { by: { id: number; name: string }; note: string | null },
): Promise<Alarm | null> {
  const now = Date.now();
  const notice = await writeTransition(ctx, {
    alarm: { ...alarm, state: 'acknowledged', acknowledged_at: isoInstant(now), acknowledged_by: by, note },
    event: 'alarm.acknowledged',
    occurredAt: now,
    write: acknowledgeAlarmRow(ctx.db, { id: alarm.id, at: now, by: by.id, note }),
  });
  if (!notice) return null;
  await acknowledgeAlarmEscalations(ctx, { alarmId: alarm.id, by: by.id, note });
  await announce(ctx, notice);
  ctx.defer(sendNotice(ctx, notice));
  return notice.alarm;
}
