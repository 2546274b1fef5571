import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Escalation, EscalationPolicy, EscalationPolicyInput } from '../contracts/escalations';
import { isoInstant } from '../../shared/station-time';
import { atomically, chunkedInserts } from './batch';
import type { Db } from './client';
import {
  escalationNotices,
  escalationPolicies,
  escalations,
  escalationTargets,
  escalationTokens,
  items,
  subjectGroups,
  webhookDeliveries,
  subjects,
  type Subject,
} from './schema';
import { visibleTo } from './stations';

type PolicyRow = typeof escalationPolicies.$inferSelect;
type TargetRow = typeof escalationTargets.$inferSelect;
export type EscalationRow = typeof escalations.$inferSelect;

const toPolicy = (p: PolicyRow, targets: TargetRow[]): EscalationPolicy => ({
  id: p.id,
  name: p.name,
  steps: p.steps,
  repeat_minutes: p.repeatMinutes,
  max_repeats: p.maxRepeats,
  rules: targets.flatMap((t) => (t.ruleId === null ? [] : [t.ruleId])),
  levels: targets.flatMap((t) => (t.itemId === null ? [] : [{ item_id: t.itemId, reading: t.reading!, level: t.level! }])),
  rota: p.rota,
  updated_at: isoInstant(p.updatedAt),
});

export async function selectPolicies(db: Db, id?: number): Promise<EscalationPolicy[]> {
  const [policies, targets] = await Promise.all([
    db
      .select()
      .from(escalationPolicies)
      .where(id === undefined ? undefined : eq(escalationPolicies.id, id))
      .orderBy(escalationPolicies.name),
    db
      .select()
      .from(escalationTargets)
      .where(id === undefined ? undefined : eq(escalationTargets.policyId, id))
      .orderBy(escalationTargets.id),
  ]);
  return policies.map((p) =>
    toPolicy(
      p,
      targets.filter((t) => t.policyId === p.id),
    ),
  );
}

/** Writes a policy with its targets in one batch (a new one gets its id from the insert, the targets follow it). */
export async function writePolicy(db: Db, input: EscalationPolicyInput, now: number): Promise<number> {
  const values = {
    name: input.name,
    steps: input.steps,
    rota: input.rota,
    repeatMinutes: input.repeat_minutes,
    maxRepeats: input.max_repeats,
    updatedAt: now,
  };
  const policyId = input.id === undefined ? sql`(SELECT max(${escalationPolicies.id}) FROM ${escalationPolicies})` : input.id;
  const head =
    input.id === undefined
      ? db
          .insert(escalationPolicies)
          .values({ ...values, createdAt: now })
          .returning({ id: escalationPolicies.id })
      : db.update(escalationPolicies).set(values).where(eq(escalationPolicies.id, input.id)).returning({ id: escalationPolicies.id });
  const targets = [
    ...input.rules.map((ruleId) => ({ ruleId, itemId: null, reading: null, level: null })),
    ...input.levels.map((l) => ({ ruleId: null, itemId: l.item_id, reading: l.reading, level: l.level })),
  ];
  const inserts: BatchItem<'sqlite'>[] = targets.map(
    (t) => db.insert(escalationTargets).values({ ...t, policyId: policyId as number }) as unknown as BatchItem<'sqlite'>,
  );
  const [written] = (await atomically(db, [
    head,
    ...(input.id === undefined ? [] : [db.delete(escalationTargets).where(eq(escalationTargets.policyId, input.id))]),
    ...inserts,
  ])) as { id: number }[][];
  return written[0].id;
}

export const deletePolicyRow = (db: Db, id: number) =>
  atomically(db, [
    db
      .update(escalations)
      .set({ state: 'ended' })
      .where(and(eq(escalations.policyId, id), eq(escalations.state, 'running'))),
    db.delete(escalationPolicies).where(eq(escalationPolicies.id, id)),
  ]);

/** Policies attached to an alarm rule, or to a station's reading at a level in (from, to]. */
export const selectTargetedPolicies = (
  db: Db,
  target: { ruleId: number } | { itemId: number; reading: string; from: number; to: number },
) =>
  db
    .selectDistinct({ policy: escalationPolicies })
    .from(escalationTargets)
    .innerJoin(escalationPolicies, eq(escalationPolicies.id, escalationTargets.policyId))
    .where(
      'ruleId' in target
        ? eq(escalationTargets.ruleId, target.ruleId)
        : sql`${escalationTargets.itemId} = ${target.itemId} AND ${escalationTargets.reading} = ${target.reading}
            AND ${escalationTargets.level} > ${target.from} AND ${escalationTargets.level} <= ${target.to}`,
    );

/** Starts an escalation once per key; returns its id, or undefined when it was started before. */
export const insertEscalation = async (
  db: Db,
  e: {
    key: string;
    policyId: number;
    itemId: number;
    alarmId: number | null;
    reading: string | null;
    level: number | null;
    startedAt: number;
  },
) =>
  (
    await db
      .insert(escalations)
      .values({ ...e, state: 'running' })
      .onConflictDoNothing()
      .returning({ id: escalations.id })
  )[0]?.id;

export const findEscalation = async (db: Db, id: number) =>
  (
    await db
      .select({
        escalation: escalations,
        policy: escalationPolicies,
        timezone: items.timezone,
        stationName: items.name,
        uniqueId: items.uniqueId,
      })
      .from(escalations)
      .innerJoin(escalationPolicies, eq(escalationPolicies.id, escalations.policyId))
      .innerJoin(items, eq(items.id, escalations.itemId))
      .where(eq(escalations.id, id))
  )[0];

/** Moves a running escalation from the step it stood at to the next, only if nobody moved or stopped it meanwhile. */
export const advanceEscalation = async (
  db: Db,
  {
    id,
    from,
    to,
  }: { id: number; from: { stepsDone: number; repeats: number }; to: { stepsDone: number; repeats: number; state?: 'exhausted' } },
) =>
  (
    await db
      .update(escalations)
      .set(to)
      .where(
        and(
          eq(escalations.id, id),
          eq(escalations.state, 'running'),
          eq(escalations.stepsDone, from.stepsDone),
          eq(escalations.repeats, from.repeats),
        ),
      )
      .returning({ id: escalations.id })
  ).length > 0;

/** Active subjects by id, and the active members of groups, as recipients. */
export async function selectRecipients(db: Db, { subjectIds, groupIds }: { subjectIds: number[]; groupIds: number[] }) {
  if (!subjectIds.length && !groupIds.length) return [];
  return db
    .selectDistinct({ id: subjects.id, username: subjects.username, firstName: subjects.firstName, secondName: subjects.secondName })
    .from(subjects)
    .leftJoin(subjectGroups, eq(subjectGroups.subjectId, subjects.id))
    .where(
      and(
        eq(subjects.status, 'active'),
        or(
          subjectIds.length ? inArray(subjects.id, subjectIds) : undefined,
          groupIds.length ? inArray(subjectGroups.groupId, groupIds) : undefined,
        ),
      ),
    )
    .orderBy(subjects.id);
}

/** Records a step's notices, acknowledgement links and webhook deliveries (due now) in one batch; returns the deliveries' ids. */
export async function recordStep(
  db: Db,
  {
    notices,
    tokens,
    deliveries,
  }: {
    notices: (typeof escalationNotices.$inferInsert)[];
    tokens: (typeof escalationTokens.$inferInsert)[];
    deliveries: { webhookId: number; payload: string; alarmId: number | null; now: number }[];
  },
): Promise<number[]> {
  const inserts = deliveries.map(({ webhookId, payload, alarmId, now }) =>
    db
      .insert(webhookDeliveries)
      .values({ webhookId, event: 'escalation.step', alarmId, payload, status: 'pending', attempts: 0, nextAttemptAt: now, createdAt: now })
      .returning({ id: webhookDeliveries.id }),
  );
  const results = (await atomically(db, [
    ...inserts,
    ...chunkedInserts(db, escalationNotices, notices),
    ...chunkedInserts(db, escalationTokens, tokens),
  ])) as {
    id: number;
  }[][];
  return results.slice(0, inserts.length).map((r) => r[0].id);
}

/** Stops a running escalation with who acknowledged it and how; false when it was not running. */
export const acknowledgeEscalationRow = async (
  db: Db,
  a: { id: number; at: number; by: number; via: 'app' | 'email' | 'push'; note: string | null; falseAlarm: boolean; token?: string },
) => {
  const results = (await atomically(db, [
    db
      .update(escalations)
      .set({
        state: 'acknowledged',
        acknowledgedAt: a.at,
        acknowledgedBy: a.by,
        acknowledgedVia: a.via,
        note: a.note,
        falseAlarm: a.falseAlarm,
      })
      .where(and(eq(escalations.id, a.id), eq(escalations.state, 'running')))
      .returning({ id: escalations.id }),
    ...(a.token ? [db.update(escalationTokens).set({ usedAt: a.at }).where(eq(escalationTokens.hash, a.token))] : []),
  ])) as { id: number }[][];
  return results[0].length > 0;
};

/** The running escalations of an alarm, which its acknowledgement or clearing stops. */
export const selectRunningForAlarm = (db: Db, alarmId: number) =>
  db
    .select({ id: escalations.id })
    .from(escalations)
    .where(and(eq(escalations.alarmId, alarmId), eq(escalations.state, 'running')));

export const endEscalationsOfAlarm = (db: Db, alarmId: number) =>
  db
    .update(escalations)
    .set({ state: 'ended' })
    .where(and(eq(escalations.alarmId, alarmId), eq(escalations.state, 'running')));

/** An unused, unexpired link's escalation and the subject it was sent to. */
export const findToken = async (db: Db, hash: string, now: number) =>
  (
    await db
      .select({ escalationId: escalationTokens.escalationId, subjectId: escalationTokens.subjectId })
      .from(escalationTokens)
      .where(and(eq(escalationTokens.hash, hash), isNull(escalationTokens.usedAt), sql`${escalationTokens.expiresAt} > ${now}`))
  )[0];

const acker = sql<
  string | null
>`(SELECT ${subjects.firstName} || ' ' || ${subjects.secondName} FROM ${subjects} WHERE ${subjects.id} = ${escalations.acknowledgedBy})`;

/** Escalations of the stations the subject may see (or one by id), newest first, with their notices. */
export async function selectEscalations(
  db: Db,
  subject: Subject | null,
  q: { id?: number; state?: EscalationRow['state']; itemId?: number; limit: number },
): Promise<Escalation[]> {
  const rows = await db
    .select({ e: escalations, policyName: escalationPolicies.name, uniqueId: items.uniqueId, stationName: items.name, ackName: acker })
    .from(escalations)
    .innerJoin(escalationPolicies, eq(escalationPolicies.id, escalations.policyId))
    .innerJoin(items, eq(items.id, escalations.itemId))
    .where(
      and(
        q.id === undefined ? undefined : eq(escalations.id, q.id),
        q.state ? eq(escalations.state, q.state) : undefined,
        q.itemId === undefined ? undefined : eq(escalations.itemId, q.itemId),
        subject ? visibleTo(subject, sql`${escalations.itemId}`) : undefined,
      ),
    )
    .orderBy(desc(escalations.id))
    .limit(q.limit);
  const notices = rows.length
    ? await db
        .select()
        .from(escalationNotices)
        .where(
          inArray(
            escalationNotices.escalationId,
            rows.map((r) => r.e.id),
          ),
        )
        .orderBy(escalationNotices.id)
    : [];
  return rows.map(({ e, policyName, uniqueId, stationName, ackName }) => ({
    id: e.id,
    policy_id: e.policyId,
    policy_name: policyName,
    item_id: e.itemId,
    unique_id: uniqueId,
    station_name: stationName,
    alarm_id: e.alarmId,
    reading: e.reading,
    level: e.level,
    state: e.state,
    started_at: isoInstant(e.startedAt),
    steps_done: e.stepsDone,
    repeats: e.repeats,
    acknowledged_at: isoInstant(e.acknowledgedAt),
    acknowledged_by: e.acknowledgedBy === null ? null : { id: e.acknowledgedBy, name: ackName ?? '' },
    acknowledged_via: e.acknowledgedVia,
    note: e.note,
    false_alarm: e.falseAlarm,
    notices: notices
      .filter((n) => n.escalationId === e.id)
      .map((n) => ({ step: n.step, repeat: n.repeat, at: isoInstant(n.at), channel: n.channel, to: n.recipient })),
  }));
}

const tables = { subjects: 'subjects', groups: 'groups', webhooks: 'webhooks', alarm_rules: 'alarm_rules' } as const;

/** Of `ids`, those with no row in `table` (alarm rules: or deleted). */
export async function missingIds(db: Db, table: keyof typeof tables, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const live = table === 'alarm_rules' ? sql` AND deleted_at IS NULL` : sql``;
  const rows = await db.all<{ id: number }>(
    sql`SELECT value AS id FROM json_each(${JSON.stringify([...new Set(ids)])})
        WHERE value NOT IN (SELECT id FROM ${sql.identifier(tables[table])} WHERE 1 = 1${live})`,
  );
  return rows.map((r) => r.id);
}
