import { z } from './zod';
import { defineCall } from './call';
import { NamedRef } from './subjects';
import { id, idQuery, optionalText, text } from './validation';

export const escalationChannels = ['email', 'push', 'webhook'] as const;
export const escalationStates = ['running', 'acknowledged', 'ended', 'exhausted'] as const;
export const acknowledgedVia = ['app', 'email', 'push'] as const;

const ids = () => z.array(id()).max(100).default([]);
const week = 7 * 24 * 60;

export const EscalationStep = z.object({
  after_minutes: z
    .number()
    .int()
    .min(0)
    .max(week)
    .meta({ description: 'Minutes after the escalation began (unacknowledged) that this step notifies.' }),
  subjects: ids(),
  groups: ids().meta({ description: 'Groups whose members (active subjects) the step notifies.' }),
  webhooks: ids().meta({ description: 'Webhooks the step posts an `escalation.step` event to (channel `webhook`).' }),
  on_duty: z
    .boolean()
    .default(false)
    .meta({ description: "Whoever the policy's rota has on duty at the step's time, in the station's zone." }),
  channels: z.array(z.enum(escalationChannels)).min(1).max(3).default(['email']),
});
export type EscalationStep = z.output<typeof EscalationStep>;

export const RotaEntry = z
  .object({
    subject_id: id(),
    weekday: z.number().int().min(1).max(7).meta({ description: 'ISO weekday in the station’s zone: 1 Monday … 7 Sunday.' }),
    from_hour: z.number().int().min(0).max(23).default(0),
    to_hour: z
      .number()
      .int()
      .min(1)
      .max(24)
      .default(24)
      .meta({ description: 'Exclusive; 24: until midnight, when the next day’s entry takes over.' }),
  })
  .refine((e) => e.from_hour < e.to_hour, { path: ['to_hour'] });
export type RotaEntry = z.output<typeof RotaEntry>;

export const LevelTarget = z.object({ item_id: id(), reading: z.string().trim().min(1).max(64), level: z.number().int().min(1).max(6) });

/** A policy as an administrator sends it (create without `id`, update with it). */
export const EscalationPolicyInput = z
  .object({
    id: id().optional(),
    name: text(1, 100),
    steps: z.array(EscalationStep).min(1).max(10),
    repeat_minutes: z
      .number()
      .int()
      .min(5)
      .max(1440)
      .default(30)
      .meta({ description: 'After the last step, it repeats this often while unacknowledged…' }),
    max_repeats: z
      .number()
      .int()
      .min(0)
      .max(20)
      .default(2)
      .meta({ description: '…at most this many times; then the escalation is `exhausted`.' }),
    rules: ids().meta({ description: 'Alarm rules whose alarms start an escalation when they fire.' }),
    levels: z
      .array(LevelTarget)
      .max(100)
      .default([])
      .meta({ description: 'Warning levels: a crossing up to or past `level` of the station’s `reading` starts an escalation.' }),
    rota: z
      .array(RotaEntry)
      .max(7 * 24)
      .default([]),
  })
  .superRefine((p, ctx) => {
    p.steps.forEach((step, i) => {
      const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['steps'], message, input: step });
      if (!step.subjects.length && !step.groups.length && !step.webhooks.length && !step.on_duty) issue(`Step ${i + 1} has no recipient.`);
      if (step.on_duty && !p.rota.length) issue(`Step ${i + 1} notifies whoever is on duty, but the policy has no rota.`);
      if (step.channels.includes('webhook') !== step.webhooks.length > 0)
        issue(`Step ${i + 1}: the webhook channel and webhooks go together.`);
      if (i > 0 && step.after_minutes <= p.steps[i - 1].after_minutes)
        issue(`Step ${i + 1} must come later than step ${i} (after more than ${p.steps[i - 1].after_minutes} minutes).`);
    });
    p.rota.forEach((a, i) =>
      p.rota.slice(0, i).forEach((b) => {
        if (a.weekday === b.weekday && a.from_hour < b.to_hour && b.from_hour < a.to_hour)
          ctx.addIssue({ code: 'custom', path: ['rota'], message: `Rota entry ${i + 1} overlaps another of the same day.`, input: a });
      }),
    );
  });
export type EscalationPolicyInput = z.output<typeof EscalationPolicyInput>;

export const EscalationPolicy = z.object({
  id: z.number(),
  name: z.string(),
  steps: z.array(EscalationStep),
  repeat_minutes: z.number(),
  max_repeats: z.number(),
  rules: z.array(z.number()),
  levels: z.array(LevelTarget),
  rota: z.array(RotaEntry),
  updated_at: z.string(),
});
export type EscalationPolicy = z.infer<typeof EscalationPolicy>;

export const EscalationNotice = z.object({
  step: z.number().meta({ description: '1 for the first step.' }),
  repeat: z.number(),
  at: z.string(),
  channel: z.enum(escalationChannels),
  to: z.string().meta({ description: 'An e-mail address, `subject:<id>` (push) or `webhook:<id>`.' }),
});

export const Escalation = z.object({
  id: z.number(),
  policy_id: z.number(),
  policy_name: z.string(),
  item_id: z.number(),
  unique_id: z.string(),
  station_name: z.string(),
  alarm_id: z.number().nullable(),
  reading: z.string().nullable(),
  level: z.number().nullable(),
  state: z.enum(escalationStates),
  started_at: z.string(),
  steps_done: z.number(),
  repeats: z.number(),
  acknowledged_at: z.string().nullable(),
  acknowledged_by: NamedRef.nullable(),
  acknowledged_via: z.enum(acknowledgedVia).nullable(),
  note: z.string().nullable(),
  false_alarm: z.boolean(),
  notices: z.array(EscalationNotice),
});
export type Escalation = z.infer<typeof Escalation>;

/** What an `escalation.step` webhook event carries beside the alarm (null for a level's escalation). */
export const EscalationStepEvent = z.object({
  id: z.number(),
  policy_name: z.string(),
  item_id: z.number(),
  unique_id: z.string(),
  station_name: z.string(),
  reading: z.string().nullable(),
  level: z.number().nullable(),
  step: z.number(),
  repeat: z.number(),
});

export const EscalationsQuery = z.object({
  state: z.enum(escalationStates).optional(),
  item_id: id().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const EscalationAcknowledge = z.object({
  note: optionalText(500),
  false_alarm: z.boolean().default(false).meta({ description: 'Marks what started it a false alarm (counted in the statistics).' }),
});
export const AckLink = z.object({ token: z.string().min(20).max(100) });
export const AckLinkBody = AckLink.extend(EscalationAcknowledge.shape);

export const escalationCalls = {
  policies: defineCall({
    method: 'get',
    path: '/escalation-policies',
    access: 'admin',
    summary: 'Escalation policies',
    reply: z.array(EscalationPolicy),
  }),
  savePolicy: defineCall({
    method: 'post',
    path: '/escalation-policies/edit',
    access: 'admin',
    summary: 'Create (no id) or update an escalation policy: its steps, repeats, rota and what it is attached to',
    body: EscalationPolicyInput,
    model: 'EscalationPolicies',
    reply: EscalationPolicy,
  }),
  deletePolicy: defineCall({
    method: 'post',
    path: '/escalation-policies/delete',
    access: 'admin',
    summary: 'Delete an escalation policy; its running escalations end',
    query: idQuery,
    reply: z.object({ id: z.number() }),
  }),
  list: defineCall({
    method: 'get',
    path: '/escalations',
    access: 'user',
    summary: 'Escalations of the stations the subject may see, newest first, with whom each step notified',
    query: EscalationsQuery,
    reply: z.array(Escalation),
  }),
  acknowledge: defineCall({
    method: 'post',
    path: '/escalations/acknowledge',
    access: 'user',
    summary: 'Acknowledge a running escalation (stops it; 409 once it stopped); its alarm is acknowledged too',
    query: idQuery.extend({
      via: z
        .enum(['app', 'push'])
        .default('app')
        .meta({ description: "Where it was acknowledged: the app, or a push notification's action." }),
    }),
    body: EscalationAcknowledge,
    model: 'EscalationAcknowledge',
    reply: Escalation,
  }),
  link: defineCall({
    method: 'get',
    path: '/escalations/link',
    access: 'public',
    summary: "What an e-mail's acknowledgement link stands for (changes nothing: mail scanners open links)",
    query: AckLink,
    reply: Escalation,
  }),
  acknowledgeLink: defineCall({
    method: 'post',
    path: '/escalations/link',
    access: 'public',
    summary: "Acknowledge through an e-mail's link, as the subject it was sent to, without signing in (single use, expires)",
    body: AckLinkBody,
    model: 'AckLink',
    reply: Escalation,
  }),
};
