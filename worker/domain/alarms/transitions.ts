import type { Alarm } from '../../contracts/alarms';
import type { WebhookEvent } from '../../contracts/webhooks';
import { readConfig, type Config } from '../../config';
import { createDb } from '../../db/client';
import type { AlarmRuleRow } from '../../db/schema';
import { transportMail, type Mail } from '../mail/mailer';
import { alarmRecipients } from '../notifications/recipients';
import { attemptDeliveries, deliveryStatement, type Guard } from '../webhooks/deliver';
import type { Transition } from '../../station/evaluate';
import { alarmMail, type RuleFacts } from './mail';
import { alarmSelect, toAlarm, type AlarmJoined } from './records';

/** What a written transition leaves for after the reply: the alarm as it now stands, mails to send, deliveries to try. */
export interface Notice {
  alarm: Alarm;
  mails: { id: number; mail: Mail }[];
  deliveries: number[];
}

/** The statements of one transition, in one D1 batch, and how to read what they did. */
export interface Plan {
  statements: D1PreparedStatement[];
  finish(results: D1Result[]): Notice | null;
}

interface RuleRow extends Record<string, unknown> {
  name: string | null;
  kind: AlarmRuleRow['kind'];
  reading: string | null;
  threshold: number | null;
  severity: AlarmRuleRow['severity'];
  window_minutes: number | null;
  silence_minutes: number | null;
  hold_minutes: number;
  deleted_at: number | null;
  unique_id: string;
  station_name: string;
  timezone: string;
}

const iso = (ms: number) => new Date(ms).toISOString();
const idOf = (result: D1Result | undefined) => (result?.results[0] as { id: number } | undefined)?.id;

export const ruleFacts = (r: Pick<RuleRow, 'window_minutes' | 'silence_minutes' | 'hold_minutes' | 'timezone'>): RuleFacts => ({
  windowMinutes: r.window_minutes,
  silenceMinutes: r.silence_minutes,
  holdMinutes: r.hold_minutes,
  timezone: r.timezone,
});

/** The rule with its station, as a transition or a rule deletion reads it. */
export const ruleWithStation = (d1: D1Database, ruleId: number) =>
  d1
    .prepare(
      `SELECT r.*, i.unique_id, i.name AS station_name, i.timezone FROM alarm_rules r JOIN items i ON i.id = r.item_id WHERE r.id = ?`,
    )
    .bind(ruleId)
    .first<RuleRow & { item_id: number }>();

/** Webhooks that want this event for this station (no stations listed: every station). */
async function subscribedWebhooks(d1: D1Database, itemId: number, event: WebhookEvent): Promise<number[]> {
  const { results } = await d1
    .prepare(
      `SELECT w.id FROM webhooks w WHERE EXISTS (SELECT 1 FROM json_each(w.events) WHERE value = ?2)
       AND (NOT EXISTS (SELECT 1 FROM webhook_items wi WHERE wi.webhook_id = w.id)
            OR EXISTS (SELECT 1 FROM webhook_items wi WHERE wi.webhook_id = w.id AND wi.item_id = ?1))`,
    )
    .bind(itemId, event)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}

/** The alarm e-mails of a transition: one per subject who may see the station and wants this severity. */
async function alarmMails(d1: D1Database, config: Config, alarm: Alarm, rule: RuleFacts, event: 'fired' | 'cleared'): Promise<Mail[]> {
  const recipients = await alarmRecipients(d1, alarm.item_id, alarm.severity);
  return recipients.map((to) => alarmMail(to, alarm, rule, event, config.APP_URL));
}

const mailStatement = (d1: D1Database, mail: Mail, guard: Guard, now: number) =>
  d1
    .prepare(`INSERT INTO outbox ("to", subject, body, created_at) SELECT ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM alarms a WHERE ${guard.sql}) RETURNING id`)
    .bind(mail.to, mail.subject, mail.body, now, ...guard.params);

/**
 * A transition's batch: `head` writes the alarm (returning its id, or nothing when there was nothing to change),
 * then its mails and webhook deliveries, each inserted only if `guard` finds the alarm as `head` left it. So a
 * transition delivered twice, or overtaken by another, notifies once.
 */
async function plan(d1: D1Database, alarm: Alarm, event: WebhookEvent, occurredAt: number, head: D1PreparedStatement, guard: Guard, mails: Mail[]): Promise<Plan> {
  const now = Date.now();
  const hooks = await subscribedWebhooks(d1, alarm.item_id, event);
  const payload = { event, occurred_at: iso(occurredAt), alarm };
  return {
    statements: [head, ...mails.map((m) => mailStatement(d1, m, guard, now)), ...hooks.map((h) => deliveryStatement(d1, h, event, payload, guard, now))],
    finish(results) {
      const id = idOf(results[0]);
      if (id === undefined) return null;
      return {
        alarm: { ...alarm, id },
        mails: mails.flatMap((mail, i) => {
          const mailId = idOf(results[1 + i]);
          return mailId === undefined ? [] : [{ id: mailId, mail }];
        }),
        deliveries: results.slice(1 + mails.length).flatMap((r) => (r.results as { id: number }[]).map((d) => d.id)),
      };
    },
  };
}

/** Runs a transition's statements in one batch, after `before` (other writes that belong with it). */
export async function runPlan(d1: D1Database, planned: Plan, before: D1PreparedStatement[] = []): Promise<Notice | null> {
  const results = await d1.batch([...before, ...planned.statements]);
  return planned.finish(results.slice(before.length));
}

/** Clears an open alarm (its condition ended, or its rule was deleted) with its notifications, as one batch. */
export async function clearAlarm(d1: D1Database, config: Config, open: Alarm, rule: RuleFacts, at: number, value: number | null, reason: Alarm['cleared_reason']) {
  const alarm: Alarm = { ...open, state: 'cleared', cleared_at: iso(at), clear_value: value, cleared_reason: reason };
  const head = d1
    .prepare(`UPDATE alarms SET state = 'cleared', cleared_at = ?, clear_value = ?, cleared_reason = ? WHERE id = ? AND state <> 'cleared' RETURNING id`)
    .bind(at, value, reason, open.id);
  const guard = { sql: `a.id = ? AND a.state = 'cleared' AND a.cleared_at = ? AND a.cleared_reason = ?`, params: [open.id, at, reason!] };
  return plan(d1, alarm, 'alarm.cleared', at, head, guard, await alarmMails(d1, config, alarm, rule, 'cleared'));
}

/** Acknowledges an active alarm, with the webhook deliveries that want to hear of it, as one batch. */
export async function acknowledgeStatements(d1: D1Database, active: Alarm, by: { id: number; name: string }, note: string | null, now: number) {
  const alarm: Alarm = { ...active, state: 'acknowledged', acknowledged_at: iso(now), acknowledged_by: by, note };
  const head = d1
    .prepare(`UPDATE alarms SET state = 'acknowledged', acknowledged_at = ?, acknowledged_by = ?, note = ? WHERE id = ? AND state = 'active' RETURNING id`)
    .bind(now, by.id, note, active.id);
  const guard = { sql: 'a.id = ? AND a.acknowledged_at = ? AND a.acknowledged_by = ?', params: [active.id, now, by.id] };
  return runPlan(d1, await plan(d1, alarm, 'alarm.acknowledged', now, head, guard, []));
}

/**
 * Writes a transition of a station's rule into D1 with its notifications, once: a transition already written
 * (delivered before, then retried), or of a rule deleted meanwhile, is skipped. Returns what is left to send.
 */
export async function applyTransition(env: Cloudflare.Env, itemId: number, t: Transition): Promise<Notice | null> {
  const d1 = env.DB;
  const rule = await ruleWithStation(d1, t.ruleId);
  if (!rule || rule.item_id !== itemId) return null;
  const config = readConfig(env);
  if (t.type === 'cleared') {
    const open = await d1.prepare(`${alarmSelect} WHERE a.key = ?`).bind(t.key).first<AlarmJoined>();
    if (!open || open.state === 'cleared') return null;
    return runPlan(d1, await clearAlarm(d1, config, toAlarm(open), ruleFacts(rule), t.clearedAt, t.value, 'condition'));
  }
  if (rule.deleted_at !== null || (await d1.prepare('SELECT 1 FROM alarms WHERE key = ?').bind(t.key).first())) return null;
  const alarm: Alarm = {
    id: 0,
    rule_id: t.ruleId,
    item_id: itemId,
    unique_id: rule.unique_id,
    station_name: rule.station_name,
    rule_name: rule.name,
    kind: rule.kind,
    reading: rule.reading,
    severity: rule.severity,
    threshold: rule.threshold,
    state: 'active',
    started_at: iso(t.startedAt),
    fired_at: iso(t.firedAt),
    value: t.value,
    acknowledged_at: null,
    acknowledged_by: null,
    note: null,
    cleared_at: null,
    clear_value: null,
    cleared_reason: null,
  };
  // A second open alarm of the rule (D1's unique index) is refused quietly, and then nothing is notified.
  const head = d1
    .prepare(
      `INSERT INTO alarms (key, rule_id, item_id, kind, reading, severity, threshold, state, started_at, fired_at, value)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'active', ?, ?, ?) ON CONFLICT DO NOTHING RETURNING id`,
    )
    .bind(t.key, t.ruleId, itemId, rule.kind, rule.reading, rule.severity, rule.threshold, t.startedAt, t.firedAt, t.value);
  const mails = await alarmMails(d1, config, alarm, ruleFacts(rule), 'fired');
  return runPlan(d1, await plan(d1, alarm, 'alarm.fired', t.firedAt, head, { sql: 'a.key = ?', params: [t.key] }, mails));
}

/** After the batch: sends the mails by the configured transport and makes the first attempt of each delivery. */
export async function sendNotice(env: Cloudflare.Env, notice: Notice) {
  const db = createDb(env.DB);
  const config = readConfig(env);
  for (const { id, mail } of notice.mails) {
    await transportMail(db, config, id, mail).catch((err) => console.error('[mail] alarm mail not sent', id, err));
  }
  await attemptDeliveries(env.DB, notice.deliveries);
}
