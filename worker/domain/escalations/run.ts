import type { z } from 'zod';
import type { Escalation, EscalationsQuery } from '../../contracts/escalations';
import type { Ctx, SubjectCtx } from '../../context';
import {
  acknowledgeEscalationRow,
  advanceEscalation,
  findEscalation,
  insertEscalation,
  recordStep,
  selectEscalations,
  selectRecipients,
  selectRunningForAlarm,
  selectTargetedPolicies,
} from '../../db/escalations';
import { keepMail } from '../../db/mail';
import { stationOf } from '../../station/directory';
import { generateToken, hashToken } from '../auth/tokens';
import { visibleItem } from '../items/visibility';
import { transportMail, type Mail } from '../mail/mailer';
import { attemptDeliveries } from '../webhooks/deliver';
import { deliverStepByPush } from './push';
import { onDuty } from './rota';

const minute = 60_000;
/** How long an e-mailed acknowledgement link works. */
const linkLifetimeMs = 7 * 24 * 60 * minute;

type Found = NonNullable<Awaited<ReturnType<typeof findEscalation>>>;

/** What started an escalation: a fired alarm of a rule, or a reading crossing up to a level. */
export type EscalationCause =
  | { itemId: number; at: number; alarm: { id: number; key: string; ruleId: number } }
  | { itemId: number; at: number; crossing: { key: string; reading: string; from: number; to: number } };

/**
 * Starts the escalations of every policy attached to what happened (once per policy: a cause delivered twice starts
 * nothing new), runs each first step that is due at once, and hands the next step's time to the station's object.
 */
export async function startEscalations(ctx: Ctx, cause: EscalationCause) {
  const policies = await selectTargetedPolicies(
    ctx.db,
    'alarm' in cause ? { ruleId: cause.alarm.ruleId } : { itemId: cause.itemId, ...cause.crossing },
  );
  for (const { policy } of policies) {
    const id = await insertEscalation(ctx.db, {
      key: `${'alarm' in cause ? cause.alarm.key : cause.crossing.key}:${policy.id}`,
      policyId: policy.id,
      itemId: cause.itemId,
      alarmId: 'alarm' in cause ? cause.alarm.id : null,
      reading: 'crossing' in cause ? cause.crossing.reading : null,
      level: 'crossing' in cause ? cause.crossing.to : null,
      startedAt: Date.now(),
    });
    if (id === undefined) continue;
    const first = policy.steps[0].after_minutes * minute;
    const delay = first === 0 ? await runEscalationStep(ctx, id) : first;
    if (delay !== null)
      await stationOf(ctx.env, cause.itemId)
        .warning()
        .escalateAt(id, Date.now() + delay);
  }
}

/**
 * Runs an escalation's next step (the station object's clock says it is due): the next step of the policy, or after
 * the last a repeat of it, at most `max_repeats` times. The step is claimed by compare-and-set, so it runs once.
 * Answers the milliseconds to the following step, or null when the escalation stopped or has nothing more to send.
 */
export async function runEscalationStep(ctx: Ctx, id: number, now = Date.now()): Promise<number | null> {
  const found = await findEscalation(ctx.db, id);
  if (!found || found.escalation.state !== 'running') return null;
  const { escalation: e, policy } = found;
  const last = policy.steps.length - 1;
  const from = { stepsDone: e.stepsDone, repeats: e.repeats };
  if (e.stepsDone > last && e.repeats >= policy.maxRepeats) {
    await advanceEscalation(ctx.db, { id, from, to: { ...from, state: 'exhausted' } });
    return null;
  }
  const index = Math.min(e.stepsDone, last);
  const to = e.stepsDone > last ? { stepsDone: e.stepsDone, repeats: e.repeats + 1 } : { stepsDone: e.stepsDone + 1, repeats: 0 };
  if (!(await advanceEscalation(ctx.db, { id, from, to }))) return null;
  await notifyStep(ctx, found, index, to.repeats, now);
  if (to.stepsDone <= last) return (policy.steps[to.stepsDone].after_minutes - policy.steps[index].after_minutes) * minute;
  if (to.repeats < policy.maxRepeats) return policy.repeatMinutes * minute;
  await advanceEscalation(ctx.db, { id, from: to, to: { ...to, state: 'exhausted' } });
  return null;
}

/** What the step says, in its mail, push notification and webhook event. */
function describe(found: Found, step: number) {
  const { escalation: e, policy, stationName } = found;
  const what = e.level !== null ? `${e.reading} reached warning level ${e.level}` : 'an alarm fired';
  return {
    title: `[Hladina] ${stationName}: ${what} (step ${step + 1} of "${policy.name}")`,
    body: `${stationName}: ${what} and nobody has acknowledged it yet. This is step ${step + 1} of the escalation policy "${policy.name}".`,
  };
}

/** Sends one step: e-mail (each with its own acknowledgement link), push, webhook; records whom it reached, how. */
async function notifyStep(ctx: Ctx, found: Found, index: number, repeat: number, now: number) {
  const { escalation: e, policy, timezone } = found;
  const step = policy.steps[index];
  const duty = step.on_duty ? onDuty(policy.rota, now, timezone) : null;
  const people = await selectRecipients(ctx.db, {
    subjectIds: duty === null ? step.subjects : [...step.subjects, duty],
    groupIds: step.groups,
  });
  const { title, body } = describe(found, index);
  const base = ctx.config.APP_URL ?? '';
  const notice = (channel: 'email' | 'push' | 'webhook', recipient: string) => ({
    escalationId: e.id,
    step: index + 1,
    repeat,
    at: now,
    channel,
    recipient,
  });
  const mails: Mail[] = [];
  const tokens: { hash: string; escalationId: number; subjectId: number; expiresAt: number }[] = [];
  if (step.channels.includes('email')) {
    for (const person of people) {
      const token = generateToken();
      tokens.push({ hash: hashToken(token), escalationId: e.id, subjectId: person.id, expiresAt: now + linkLifetimeMs });
      mails.push({
        to: person.username,
        subject: title,
        body: `Hello ${person.firstName},\n\n${body}\n\nAcknowledge it (no sign-in needed, the link works once): ${base}/ack/${token}\n\nSee the station's alarms: ${base}/alarms?station=${e.itemId}`,
      });
    }
  }
  const pushed = step.channels.includes('push') ? people : [];
  const hooks = step.channels.includes('webhook') ? step.webhooks : [];
  const payload = {
    event: 'escalation.step',
    occurred_at: new Date(now).toISOString(),
    alarm: null,
    escalation: {
      id: e.id,
      policy_name: policy.name,
      item_id: e.itemId,
      unique_id: found.uniqueId,
      station_name: found.stationName,
      reading: e.reading,
      level: e.level,
      step: index + 1,
      repeat,
    },
  };
  const deliveries = await recordStep(ctx.db, {
    notices: [
      ...mails.map((m) => notice('email', m.to)),
      ...pushed.map((p) => notice('push', `subject:${p.id}`)),
      ...hooks.map((w) => notice('webhook', `webhook:${w}`)),
    ],
    tokens,
    deliveries: hooks.map((webhookId) => ({ webhookId, payload: JSON.stringify(payload), alarmId: e.alarmId, now })),
  });
  for (const p of pushed)
    await deliverStepByPush(ctx, { subjectId: p.id, title, body, url: `/alarms?station=${e.itemId}`, escalationId: e.id });
  const kept = await Promise.all(mails.map(async (mail) => ({ id: await keepMail(ctx.db, mail), mail })));
  ctx.defer(
    (async () => {
      for (const m of kept) await transportMail(ctx, m).catch((err) => console.error('[mail] escalation mail not sent', err));
      await attemptDeliveries(ctx, { ids: deliveries });
    })(),
  );
}

/** Escalations of the stations the subject may see, newest first. */
export async function listEscalations(ctx: SubjectCtx, q: z.output<typeof EscalationsQuery>): Promise<Escalation[]> {
  if (q.item_id !== undefined) await visibleItem(ctx, { id: q.item_id }, 'item_id');
  return selectEscalations(ctx.db, ctx.subject, { state: q.state, itemId: q.item_id, limit: q.limit });
}

/** An alarm acknowledged in the app stops its running escalations, recorded as acknowledged there by the same subject. */
export async function acknowledgeAlarmEscalations(ctx: Ctx, { alarmId, by, note }: { alarmId: number; by: number; note: string | null }) {
  for (const { id } of await selectRunningForAlarm(ctx.db, alarmId))
    await acknowledgeEscalationRow(ctx.db, { id, at: Date.now(), by, via: 'app', note, falseAlarm: false });
}
