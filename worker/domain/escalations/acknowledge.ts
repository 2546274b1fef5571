import type { Escalation } from '../../contracts/escalations';
import type { Ctx, SubjectCtx } from '../../context';
import { findSubject, toNamedRef } from '../../db/accounts';
import { findAlarmById } from '../../db/alarms';
import { acknowledgeEscalationRow, findEscalation, findToken, selectEscalations } from '../../db/escalations';
import { acknowledgeActive } from '../alarms/acknowledge';
import { hashToken } from '../auth/tokens';
import { conflict, gone, notFound } from '../errors';
import { visibleItem } from '../items/visibility';

const one = async (ctx: Ctx, id: number) => (await selectEscalations(ctx.db, null, { id, limit: 1 }))[0];

/**
 * After an escalation was acknowledged: the alarm that started it, when it is still active, is acknowledged too by the
 * same subject with the same note, so the alarm list and every channel agree that someone has it (its other
 * escalations stop with it). An escalation of a level crossing has no alarm.
 */
async function acknowledgeItsAlarm(ctx: Ctx, alarmId: number | null | undefined, by: { id: number; name: string }, note: string | null) {
  if (alarmId === null || alarmId === undefined) return;
  const alarm = await findAlarmById(ctx.db, alarmId);
  if (alarm?.state === 'active') await acknowledgeActive(ctx, alarm, { by, note });
}

/**
 * Acknowledges a running escalation of a station the subject may see from the app or a push notification: the chain
 * stops (409 once stopped) and its alarm is acknowledged too.
 */
export async function acknowledgeEscalation(
  ctx: SubjectCtx,
  { id, via, note, false_alarm }: { id: number; via: 'app' | 'push'; note: string | null; false_alarm: boolean },
): Promise<Escalation> {
  const found = await findEscalation(ctx.db, id);
  if (!found) throw notFound('Escalation');
  await visibleItem(ctx, { id: found.escalation.itemId }, 'id');
  const { subject } = ctx;
  const done = await acknowledgeEscalationRow(ctx.db, { id, at: Date.now(), by: subject.id, via, note, falseAlarm: false_alarm });
  if (!done) throw conflict('id', 'This escalation has already stopped.');
  await acknowledgeItsAlarm(ctx, found.escalation.alarmId, toNamedRef(subject), note);
  return one(ctx, id);
}

/** An acknowledgement link's escalation, refusing an unknown, used or expired link (410). */
async function linked(ctx: Ctx, token: string) {
  const hash = hashToken(token);
  const found = await findToken(ctx.db, hash, Date.now());
  if (!found) throw gone('This link has expired or was already used.');
  return { ...found, hash };
}

/** What a link stands for, changing nothing (mail scanners open links; acknowledging takes the page's button). */
export const escalationOfLink = async (ctx: Ctx, { token }: { token: string }) => one(ctx, (await linked(ctx, token)).escalationId);

/** Acknowledges through an e-mailed link, as the subject it was sent to; the link works once, and the alarm is acknowledged too. */
export async function acknowledgeByLink(
  ctx: Ctx,
  { token, note, false_alarm }: { token: string; note: string | null; false_alarm: boolean },
): Promise<Escalation> {
  const { escalationId, subjectId, hash } = await linked(ctx, token);
  const done = await acknowledgeEscalationRow(ctx.db, {
    id: escalationId,
    at: Date.now(),
    by: subjectId,
    via: 'email',
    note,
    falseAlarm: false_alarm,
    token: hash,
  });
  if (!done) throw conflict('token', 'This escalation has already stopped.');
  const [subject, found] = await Promise.all([findSubject(ctx.db, { id: subjectId }), findEscalation(ctx.db, escalationId)]);
  if (subject) await acknowledgeItsAlarm(ctx, found?.escalation.alarmId, toNamedRef(subject), note);
  return one(ctx, escalationId);
}
