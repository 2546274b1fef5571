import { z } from './zod';
import { defineCall } from './call';
import { severities } from './alarm-kinds';
import { id, idQuery, optionalText } from './validation';

/** Most stations one rule across stations may watch. */
export const maxMembers = 50;

const Member = z.object({
  item_id: id(),
  reading: z.string().trim().min(1).max(64).meta({ description: 'A reading code the station has warning levels for, e.g. `H1`.' }),
  level: z.number().int().min(1).max(9).meta({ description: 'The member counts while its current level is at least this (1: the first).' }),
});

/**
 * A rule across stations as an administrator sends it (create without `id`): it fires when at least `k` of its members
 * stand at or above their level, and clears when fewer do. Each station and reading appears once.
 */
export const GroupRules = z
  .object({
    id: id().optional(),
    name: optionalText(100),
    k: z.number().int().min(1).meta({ description: 'How many members must stand at or above their level (1 ≤ k ≤ n).' }),
    severity: z.enum(severities).default('warning'),
    members: z.array(Member).min(1).max(maxMembers),
  })
  .superRefine((rule, ctx) => {
    if (rule.k > rule.members.length) ctx.addIssue({ code: 'custom', path: ['k'], input: rule.k, message: 'k is more than the members.' });
    const seen = new Set<string>();
    rule.members.forEach((m, i) => {
      const key = `${m.item_id}|${m.reading}`;
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['members', i, 'item_id'],
          input: m.item_id,
          message: 'This station and reading is a member already.',
        });
      seen.add(key);
    });
  });
export type GroupRulesInput = z.input<typeof GroupRules>;
export type GroupRuleSpec = z.output<typeof GroupRules>;

const MemberStanding = Member.extend({
  unique_id: z.string(),
  station_name: z.string(),
  current_level: z.number().meta({ description: "The member's current level (0: below every level)." }),
  counts: z.boolean().meta({ description: 'Whether it stands at or above its level now.' }),
});

export const GroupRule = z.object({
  id: z.number().meta({ description: 'Also the rule id its alarms carry and escalation policies attach to.' }),
  name: z.string().nullable(),
  k: z.number(),
  n: z.number(),
  severity: z.enum(severities),
  members: z.array(MemberStanding),
  counting: z.number().meta({ description: 'How many members stand at or above their level now.' }),
  open_alarm_id: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type GroupRule = z.infer<typeof GroupRule>;

export const groupRuleCalls = {
  list: defineCall({
    method: 'get',
    path: '/group-rules',
    access: 'admin',
    summary: 'Rules across stations (k of n) whose every member the administrator may see, with where each member stands',
    reply: z.array(GroupRule),
  }),
  save: defineCall({
    method: 'post',
    path: '/group-rules/edit',
    access: 'admin',
    summary: 'Create (no id) or update a rule across stations: fire when at least k of the n members stand at or above their warning level',
    description:
      "Evaluated from D1's current levels whenever a member's level changes, and at once on saving. Its alarms are listed, acknowledged and " +
      'escalated like every alarm (attach a policy by the rule id); they belong to the first member station. 422 names the field: `k` above ' +
      'the number of members, a member station that does not exist or that the administrator may not see, a reading without warning levels, a ' +
      'level above its scale, a member twice.',
    body: GroupRules,
    model: 'GroupRules',
    reply: GroupRule,
  }),
  delete: defineCall({
    method: 'post',
    path: '/group-rules/delete',
    access: 'admin',
    summary: 'Delete a rule across stations; its open alarm clears (reason rule_deleted)',
    query: idQuery,
    reply: z.object({ id: z.number() }),
  }),
};
