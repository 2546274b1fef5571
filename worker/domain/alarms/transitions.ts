import type { BatchItem } from 'drizzle-orm/batch';
import type { Alarm } from '../../contracts/alarms';
import { isoInstant } from '../../../shared/station-time';
import type { WebhookEvent } from '../../contracts/webhooks';
import type { Ctx } from '../../context';
import { clearAlarmRow, findAlarmByKey, findRuleWithStation, fireAlarm, type AlarmWrite, type RuleWithStation } from '../../db/alarms';
import { atomically } from '../../db/batch';
import { endEscalationsOfAlarm } from '../../db/escalations';
import { keepMail } from '../../db/mail';
import { findWindow, inMaintenance, selectHeldBackAlarms } from '../../db/maintenance';
import { selectPushSubjects } from '../../db/push';
import { queueAlarmMail, selectAlarmRecipients } from '../../db/notifications';
import { queueAlarmDelivery, selectSubscribedWebhooks } from '../../db/webhooks';
import { findForecast } from '../../db/forecasts';
import { stationOf } from '../../station/directory';
import type { Transition } from '../../station/evaluate';
import { transportMail, type Mail } from '../mail/mailer';
import { attemptDeliveries } from '../webhooks/deliver';
import { startEscalations } from '../escalations/run';
import { alarmPushMessage } from '../push/alarm-message';
import { deliverPush } from '../push/deliver';
import { alarmMail, type RuleFacts } from './mail';

/** Who of a transition's mail recipients also get it pushed, and what it says (built once the alarm has its id). */
interface PushNotice {
  subjectIds: number[];
  rule: RuleFacts;
  event: 'fired' | 'cleared';
}

/** What a written transition leaves for after the reply: the alarm as it now stands, mails to send, deliveries to try, pushes. */
export interface Notice {
  alarm: Alarm;
  mails: { id: number; mail: Mail }[];
  deliveries: number[];
  push?: PushNotice;
}

/**
 * Writes a transition in one D1 batch (after `before`, other writes that belong with it): `write.head` changes the
 * alarm, then its mails and the webhook deliveries that want `event` are inserted, each only if `write.guard` finds
 * the alarm as the head left it. So a transition delivered twice, or overtaken by another, notifies once. Returns
 * what is left to send, or null when there was nothing to change. `alarm` is the alarm as the write leaves it.
 */
export async function writeTransition(
  { db }: Ctx,
  {
    alarm,
    event,
    occurredAt,
    write,
    mails = [],
    push,
    before = [],
    quiet = false,
    forecast,
  }: {
    alarm: Alarm;
    event: WebhookEvent;
    occurredAt: number;
    write: AlarmWrite;
    mails?: Mail[];
    push?: PushNotice;
    before?: BatchItem<'sqlite'>[];
    /** During a maintenance window: no webhook hears of it. */
    quiet?: boolean;
    /** When the alarm's reading is forecast to reach its next warning level: told to webhooks. */
    forecast?: { level: number; expectedAt: number };
  },
): Promise<Notice | null> {
  const now = Date.now();
  const hooks = quiet ? [] : await selectSubscribedWebhooks(db, { itemId: alarm.item_id, event });
  const payload = {
    event,
    occurred_at: isoInstant(occurredAt),
    alarm,
    ...(forecast ? { forecast: { level: forecast.level, expected_at: isoInstant(forecast.expectedAt) } } : {}),
  };
  const results = await atomically(db, [
    ...before,
    write.head,
    ...mails.map((mail) => queueAlarmMail(db, { mail, guard: write.guard, now })),
    ...hooks.map((webhookId) => queueAlarmDelivery(db, { webhookId, event, payload, guard: write.guard, now })),
  ]);
  const [head, ...inserted] = results.slice(before.length) as { id: number }[][];
  if (!head.length) return null;
  return {
    alarm: { ...alarm, id: head[0].id },
    mails: mails.flatMap((mail, i) => inserted[i].map(({ id }) => ({ id, mail }))),
    deliveries: inserted.slice(mails.length).flatMap((rows) => rows.map((d) => d.id)),
    push,
  };
}

/**
 * The alarm e-mails of a transition: one per subject who may see the station and wants this severity; those of them
 * who turned push on get it pushed too.
 */
async function alarmNotifications(
  { db, config }: Ctx,
  alarm: Alarm,
  found: RuleWithStation,
  event: 'fired' | 'cleared',
  forecast?: RuleFacts['forecast'],
): Promise<{ mails: Mail[]; push?: PushNotice }> {
  const recipients = await selectAlarmRecipients(db, { itemId: alarm.item_id, severity: alarm.severity });
  const rule = { ...found.rule, timezone: found.timezone, forecast };
  const subjectIds = recipients.length
    ? await selectPushSubjects(
        db,
        recipients.map((to) => to.id),
      )
    : [];
  return {
    mails: recipients.map((to) => alarmMail(to, alarm, rule, event, config.APP_URL)),
    push: subjectIds.length ? { subjectIds, rule, event } : undefined,
  };
}

/** Clears an open alarm (its condition ended, or its rule was deleted) with its notifications, as one batch after `before`. */
export async function clearAlarm(
  ctx: Ctx,
  {
    open,
    rule,
    at,
    value,
    reason,
    before,
  }: {
    open: Alarm;
    rule: RuleWithStation;
    at: number;
    value: number | null;
    reason: 'condition' | 'rule_deleted';
    before?: BatchItem<'sqlite'>[];
  },
) {
  const alarm: Alarm = { ...open, state: 'cleared', cleared_at: isoInstant(at), clear_value: value, cleared_reason: reason };
  const quiet = await inMaintenance(ctx.db, open.item_id, at);
  const notifications = quiet ? {} : await alarmNotifications(ctx, alarm, rule, 'cleared');
  return writeTransition(ctx, {
    alarm,
    event: 'alarm.cleared',
    occurredAt: at,
    write: clearAlarmRow(ctx.db, { id: open.id, at, value, reason }),
    ...notifications,
    // Its escalations end with it.
    before: [...(before ?? []), endEscalationsOfAlarm(ctx.db, open.id)],
    quiet,
  });
}

/**
 * Writes a transition of a station's rule into D1 with its notifications, once: a transition already written
 * (delivered before, then retried), or of a rule deleted meanwhile, is skipped. Returns what is left to send.
 */
export async function applyTransition(
  ctx: Ctx,
  { itemId, transition: t }: { itemId: number; transition: Transition },
): Promise<Notice | null> {
  const found = await findRuleWithStation(ctx.db, t.ruleId);
  if (!found || found.rule.itemId !== itemId) return null;
  if (t.type === 'cleared') {
    const open = await findAlarmByKey(ctx.db, t.key);
    if (!open || open.state === 'cleared') return null;
    return clearAlarm(ctx, { open, rule: found, at: t.clearedAt, value: t.value, reason: 'condition' });
  }
  if (found.rule.deletedAt !== null || (await findAlarmByKey(ctx.db, t.key))) return null;
  // During a maintenance window the alarm is kept but tells nobody; if still active at the window's end, it notifies then.
  const quiet = await inMaintenance(ctx.db, itemId, t.firedAt);
  return raiseAlarm(ctx, found, { key: t.key, startedAt: t.startedAt, firedAt: t.firedAt, value: t.value }, quiet);
}

/**
 * Writes a rule's alarm firing into D1 with its notifications (none when `quiet`) in one batch, then starts the
 * escalations of the policies attached to the rule. A second open alarm of the rule is refused (null).
 */
export async function raiseAlarm(
  ctx: Ctx,
  found: RuleWithStation,
  t: { key: string; startedAt: number; firedAt: number; value: number | null },
  quiet: boolean,
): Promise<Notice | null> {
  const { id: ruleId, itemId, kind, reading, severity, threshold, name } = found.rule;
  const fired = fireAlarm(
    ctx.db,
    { key: t.key, ruleId, itemId, kind, reading, severity, threshold, startedAt: t.startedAt, firedAt: t.firedAt, value: t.value },
    { uniqueId: found.uniqueId, stationName: found.stationName, ruleName: name, acknowledgedName: null },
  );
  const forecast = reading === null ? undefined : await findForecast(ctx.db, itemId, reading);
  const notifications = quiet ? {} : await alarmNotifications(ctx, fired.alarm, found, 'fired', forecast);
  const notice = await writeTransition(ctx, {
    alarm: fired.alarm,
    event: 'alarm.fired',
    occurredAt: t.firedAt,
    write: fired,
    ...notifications,
    quiet,
    forecast,
  });
  if (notice && !quiet) await startEscalations(ctx, { itemId, at: t.firedAt, alarm: { id: notice.alarm.id, key: t.key, ruleId } });
  return notice;
}

/** Tells the open pages watching the station of an alarm change made outside its object (an acknowledgement, a deleted rule). */
export const announce = ({ env }: Ctx, { alarm }: Notice) =>
  stationOf(env, alarm.item_id)
    .watchers()
    .announce(alarm.item_id, { type: 'alarm', unique_id: alarm.unique_id, alarm })
    .catch((err) => console.error('live announcement failed', err));

/** After the batch: sends the mails by the configured transport, pushes, and makes the first attempt of each delivery. */
export async function sendNotice(ctx: Ctx, notice: Notice) {
  for (const { id, mail } of notice.mails) {
    await transportMail(ctx, { id, mail }).catch((err) => console.error('[mail] alarm mail not sent', id, err));
  }
  const { push } = notice;
  if (push) await deliverPush(ctx, push.subjectIds, alarmPushMessage(notice.alarm, push.rule, push.event));
  await attemptDeliveries(ctx, { ids: notice.deliveries });
}

/**
 * A maintenance window ended: each of the station's alarms that fired during it and is still active notifies now, as
 * it would have when it fired (its e-mails; its escalations start). Once per window (the station's object tells it once).
 */
export async function notifyAfterMaintenance(ctx: Ctx, { windowId }: { windowId: number }) {
  const window = await findWindow(ctx.db, windowId);
  if (!window || window.cancelledAt !== null) return;
  const { itemId, startsAt: start, endsAt: end } = window;
  for (const { key } of await selectHeldBackAlarms(ctx.db, { itemId, start, end })) {
    const alarm = await findAlarmByKey(ctx.db, key);
    const found = alarm && (await findRuleWithStation(ctx.db, alarm.rule_id));
    if (!alarm || !found) continue;
    const { mails, push } = await alarmNotifications(ctx, alarm, found, 'fired');
    const kept = await Promise.all(mails.map(async (mail) => ({ id: await keepMail(ctx.db, mail), mail })));
    await startEscalations(ctx, { itemId, at: end, alarm: { id: alarm.id, key, ruleId: alarm.rule_id } });
    ctx.defer(sendNotice(ctx, { alarm, mails: kept, deliveries: [], push }));
  }
}
