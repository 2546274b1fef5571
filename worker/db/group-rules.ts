import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { GroupRule, GroupRuleSpec } from '../contracts/group-rules';
import { isoInstant } from '../../shared/station-time';
import type { Db } from './client';
import { alarmRules, alarms, groupRuleMembers, items, warningCurrent, warningScales } from './schema';

/** A rule across stations as its row stores it; `itemId` is its first member's station, which its alarms belong to. */
const ruleValues = (spec: GroupRuleSpec, now: number) => ({
  itemId: spec.members[0].item_id,
  name: spec.name,
  kind: 'k_of_n' as const,
  threshold: spec.k,
  severity: spec.severity,
  updatedAt: now,
  // Never pushed to a station's object: D1 evaluates it (decision 0034).
  rev: 0,
  pushed: true,
});

const memberRows = (ruleId: number | SQL, spec: GroupRuleSpec) =>
  spec.members.map((m) => ({ ruleId, itemId: m.item_id, reading: m.reading, level: m.level }));

/**
 * Writes a new rule across stations (no `id`) or a rule's new version with its members, in one batch (nothing
 * half-saved). Returns its id.
 */
export async function writeGroupRule(db: Db, spec: GroupRuleSpec, now: number): Promise<number> {
  if (spec.id === undefined) {
    // D1 runs a batch alone, so the highest id right after the insert is the insert's.
    const [[row]] = await db.batch([
      db
        .insert(alarmRules)
        .values({ ...ruleValues(spec, now), createdAt: now })
        .returning({ id: alarmRules.id }),
      db.insert(groupRuleMembers).values(memberRows(sql`(SELECT max(${alarmRules.id}) FROM ${alarmRules})`, spec)),
    ]);
    return row.id;
  }
  await db.batch([
    db.update(alarmRules).set(ruleValues(spec, now)).where(eq(alarmRules.id, spec.id)),
    db.delete(groupRuleMembers).where(eq(groupRuleMembers.ruleId, spec.id)),
    db.insert(groupRuleMembers).values(memberRows(spec.id, spec)),
  ]);
  return spec.id;
}

/** Marks a rule across stations deleted (its row and members stay for the alarms it raised). */
export const deleteGroupRuleRow = (db: Db, { id, now }: { id: number; now: number }) =>
  db.update(alarmRules).set({ deletedAt: now, updatedAt: now }).where(eq(alarmRules.id, id));

const isGroupRule = and(eq(alarmRules.kind, 'k_of_n'), isNull(alarmRules.deletedAt));

/** A rule across stations that is not deleted. */
export const findGroupRule = async (db: Db, id: number) =>
  (
    await db
      .select()
      .from(alarmRules)
      .where(and(eq(alarmRules.id, id), isGroupRule))
  )[0];

/** The rules across stations (not deleted) one of whose members is this station's reading. */
export const selectGroupRulesWatching = async (db: Db, { itemId, reading }: { itemId: number; reading: string }) =>
  (
    await db
      .selectDistinct({ id: alarmRules.id })
      .from(groupRuleMembers)
      .innerJoin(alarmRules, eq(alarmRules.id, groupRuleMembers.ruleId))
      .where(and(eq(groupRuleMembers.itemId, itemId), eq(groupRuleMembers.reading, reading), isGroupRule))
  ).map((r) => r.id);

/** Whether a station's reading has warning levels, and how many. */
export const countScaleLevels = async (db: Db, { itemId, reading }: { itemId: number; reading: string }) => {
  const [row] = await db
    .select({ levels: warningScales.levels })
    .from(warningScales)
    .where(and(eq(warningScales.itemId, itemId), eq(warningScales.reading, reading), isNull(warningScales.deletedAt)));
  return row ? row.levels.length : null;
};

/** Rules across stations (all, or one) with their members as they stand now, read in one query. */
export async function selectGroupRules(db: Db, id?: number): Promise<GroupRule[]> {
  const rows = await db
    .select({
      rule: alarmRules,
      member: groupRuleMembers,
      uniqueId: items.uniqueId,
      stationName: items.name,
      current: sql<number>`coalesce(${warningCurrent.level}, 0)`,
      openAlarm: sql<
        number | null
      >`(SELECT ${alarms.id} FROM ${alarms} WHERE ${alarms.ruleId} = ${alarmRules.id} AND ${alarms.state} <> 'cleared')`,
    })
    .from(alarmRules)
    .innerJoin(groupRuleMembers, eq(groupRuleMembers.ruleId, alarmRules.id))
    .innerJoin(items, eq(items.id, groupRuleMembers.itemId))
    .leftJoin(warningCurrent, and(eq(warningCurrent.itemId, groupRuleMembers.itemId), eq(warningCurrent.reading, groupRuleMembers.reading)))
    .where(and(isGroupRule, id === undefined ? undefined : eq(alarmRules.id, id)))
    .orderBy(asc(alarmRules.id), asc(sql`${groupRuleMembers}.rowid`));
  const rules = new Map<number, GroupRule>();
  for (const { rule, member, uniqueId, stationName, current, openAlarm } of rows) {
    let found = rules.get(rule.id);
    if (!found) {
      found = {
        id: rule.id,
        name: rule.name,
        k: rule.threshold ?? 1,
        n: 0,
        severity: rule.severity,
        members: [],
        counting: 0,
        open_alarm_id: openAlarm,
        created_at: isoInstant(rule.createdAt),
        updated_at: isoInstant(rule.updatedAt),
      };
      rules.set(rule.id, found);
    }
    const counts = current >= member.level;
    found.members.push({
      item_id: member.itemId,
      reading: member.reading,
      level: member.level,
      unique_id: uniqueId,
      station_name: stationName,
      current_level: current,
      counts,
    });
    found.n += 1;
    if (counts) found.counting += 1;
  }
  return [...rules.values()];
}
