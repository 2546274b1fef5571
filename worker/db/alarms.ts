import { and, asc, count, desc, eq, gte, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias, type SQLiteSelect } from 'drizzle-orm/sqlite-core';
import type { z } from 'zod';
import type { Alarm, AlarmRule, AlarmRuleSpec, AlarmsQuery } from '../contracts/alarms';
import type { RuleKind } from '../contracts/alarm-kinds';
import { isoInstant } from '../../shared/station-time';
import type { Db } from './client';
import { newestReading } from './daily-stats';
import { alarmRules, alarms, items, subjects, type AlarmRuleRow, type Subject } from './schema';
import { visibleTo } from './stations';

/** Where a value rule clears: back past its threshold by the deadband. */
export function clearLevel(rule: Pick<AlarmRuleRow, 'kind' | 'threshold' | 'deadband'>): number | null {
  if (rule.threshold === null) return null;
  if (rule.kind === 'above') return rule.threshold - rule.deadband;
  if (rule.kind === 'below' || rule.kind === 'low_voltage') return rule.threshold + rule.deadband;
  return null;
}

/** A rule its station's object evaluates; the others (`k_of_n`) are rules across stations (worker/db/group-rules.ts). */
export type StationRuleRow = AlarmRuleRow & { kind: RuleKind };
export const isStationRule = (r: AlarmRuleRow): r is StationRuleRow => r.kind !== 'k_of_n';

export const toAlarmRule = (r: StationRuleRow, uniqueId: string): AlarmRule => ({
  id: r.id,
  item_id: r.itemId,
  unique_id: uniqueId,
  name: r.name,
  kind: r.kind,
  reading: r.reading,
  threshold: r.threshold,
  deadband: r.deadband,
  window_minutes: r.windowMinutes,
  silence_minutes: r.silenceMinutes,
  hold_minutes: r.holdMinutes,
  severity: r.severity,
  on_suspect: r.onSuspect,
  series: r.series,
  clear_level: clearLevel(r),
  created_at: isoInstant(r.createdAt),
  updated_at: isoInstant(r.updatedAt),
});

/** A rule as an administrator sent it, in the columns it is stored in. */
export const ruleColumns = (input: AlarmRuleSpec) => ({
  name: input.name,
  kind: input.kind,
  reading: input.reading,
  threshold: input.threshold,
  deadband: input.deadband,
  windowMinutes: input.window_minutes,
  silenceMinutes: input.silence_minutes,
  holdMinutes: input.hold_minutes,
  severity: input.severity,
  onSuspect: input.on_suspect,
  series: input.series,
});

// The station's next rule-set revision, computed by D1 in the statement that writes it (so concurrent edits differ).
const nextRevision = (itemId: number) =>
  sql`(SELECT coalesce(max(${alarmRules.rev}), 0) + 1 FROM ${alarmRules} WHERE ${alarmRules.itemId} = ${itemId})`;

/** Rules (not deleted) of the stations the subject may see: of one station (`itemId`), or of all of them. */
export async function selectRules(db: Db, subject: Subject, itemId: number | undefined): Promise<AlarmRule[]> {
  const rows = await db
    .select({ rule: alarmRules, uniqueId: items.uniqueId })
    .from(alarmRules)
    .innerJoin(items, eq(items.id, alarmRules.itemId))
    .where(and(isNull(alarmRules.deletedAt), itemId === undefined ? undefined : eq(alarmRules.itemId, itemId), visibleTo(subject)))
    .orderBy(asc(alarmRules.itemId), asc(alarmRules.id));
  return rows.flatMap((r) => (isStationRule(r.rule) ? [toAlarmRule(r.rule, r.uniqueId)] : []));
}

export const countStationRules = async (db: Db, itemId: number) =>
  (
    await db
      .select({ n: count() })
      .from(alarmRules)
      .where(and(eq(alarmRules.itemId, itemId), isNull(alarmRules.deletedAt), ne(alarmRules.kind, 'k_of_n')))
  )[0].n;

/** Writes a new rule (no `id`) or a rule's new version, in the station's next rule-set revision, to be pushed. */
export async function writeRule(
  db: Db,
  { id, itemId, columns, now }: { id?: number; itemId: number; columns: ReturnType<typeof ruleColumns>; now: number },
) {
  const values = { ...columns, updatedAt: now, rev: nextRevision(itemId), pushed: false };
  const [row] = await (id === undefined
    ? db
        .insert(alarmRules)
        .values({ ...values, itemId, createdAt: now })
        .returning()
    : db.update(alarmRules).set(values).where(eq(alarmRules.id, id)).returning());
  // Written from a station rule's columns, so of a station rule's kind.
  return row as StationRuleRow;
}

/** Marks a rule deleted in the station's next revision (its row stays for the alarms it raised). */
export const deleteRuleRow = (db: Db, { id, itemId, now }: { id: number; itemId: number; now: number }) =>
  db
    .update(alarmRules)
    .set({ deletedAt: now, updatedAt: now, pushed: false, rev: nextRevision(itemId) })
    .where(eq(alarmRules.id, id));

/** Every rule row of a station, deleted ones too (they carry the revision). */
export const selectStationRules = (db: Db, itemId: number) => db.select().from(alarmRules).where(eq(alarmRules.itemId, itemId));

/** The station's rows up to `revision` are held by its object. */
export const markRulesPushed = (db: Db, { itemId, revision }: { itemId: number; revision: number }) =>
  db
    .update(alarmRules)
    .set({ pushed: true })
    .where(and(eq(alarmRules.itemId, itemId), lte(alarmRules.rev, revision), eq(alarmRules.pushed, false)));

/** Stations whose objects may not hold their latest rule set. */
export const selectUnpushedStations = (db: Db, limit: number) =>
  db.selectDistinct({ itemId: alarmRules.itemId }).from(alarmRules).where(eq(alarmRules.pushed, false)).limit(limit);

/** A rule with the station it watches, as a transition or a rule deletion reads it. */
export const findRuleWithStation = async (db: Db, ruleId: number) =>
  (
    await db
      .select({ rule: alarmRules, uniqueId: items.uniqueId, stationName: items.name, timezone: items.timezone })
      .from(alarmRules)
      .innerJoin(items, eq(items.id, alarmRules.itemId))
      .where(eq(alarmRules.id, ruleId))
  )[0];
export type RuleWithStation = NonNullable<Awaited<ReturnType<typeof findRuleWithStation>>>;

/**
 * Stations whose silence may have run out before `now` under a no-data rule with no open alarm. The newest reading D1
 * knows (the station's `last_update`, from its newest roll-up row) lags the station's newest reading by at most a
 * roll-up period and is never ahead of it, so this lists every such station (a few that reported meanwhile too; their
 * object knows). Rules whose alarm is already open are left alone, so a silent station is called once, not every
 * five minutes. A newest reading after `now` (a fast station clock) lists the station too: its object measures the
 * silence from the newest reading up to `now`.
 */
export const selectSilentStations = (db: Db, { now, limit }: { now: number; limit: number }) =>
  db
    .selectDistinct({ id: items.id, timezone: items.timezone, source: items.nameForApi })
    .from(alarmRules)
    .innerJoin(items, eq(items.id, alarmRules.itemId))
    .where(
      sql`${alarmRules.kind} = 'no_data' AND ${alarmRules.deletedAt} IS NULL
        AND (coalesce(${newestReading}, ${alarmRules.createdAt}) + ${alarmRules.silenceMinutes} * 60000 < ${now}
          OR ${newestReading} > ${now})
        AND NOT EXISTS (SELECT 1 FROM ${alarms} WHERE ${alarms.ruleId} = ${alarmRules.id} AND ${alarms.state} <> 'cleared')`,
    )
    .orderBy(items.id)
    .limit(limit);

type AlarmRow = typeof alarms.$inferSelect;
const acknowledger = alias(subjects, 'acknowledger');

/** An alarm with what the API shows beside it: its station, its rule's name and who acknowledged it. */
const alarmFields = {
  alarm: alarms,
  uniqueId: items.uniqueId,
  stationName: items.name,
  ruleName: alarmRules.name,
  acknowledgedName: sql<string | null>`${acknowledger.firstName} || ' ' || ${acknowledger.secondName}`,
};

const withJoins = <T extends SQLiteSelect>(query: T) =>
  query
    .innerJoin(items, eq(items.id, alarms.itemId))
    .innerJoin(alarmRules, eq(alarmRules.id, alarms.ruleId))
    .leftJoin(acknowledger, eq(acknowledger.id, alarms.acknowledgedBy));

const joinedAlarms = (db: Db) => withJoins(db.select(alarmFields).from(alarms).$dynamic());
type AlarmJoined = Awaited<ReturnType<typeof joinedAlarms>>[number];

const toAlarm = ({ alarm: a, uniqueId, stationName, ruleName, acknowledgedName }: AlarmJoined): Alarm => ({
  id: a.id,
  rule_id: a.ruleId,
  item_id: a.itemId,
  unique_id: uniqueId,
  station_name: stationName,
  rule_name: ruleName,
  kind: a.kind,
  reading: a.reading,
  severity: a.severity,
  threshold: a.threshold,
  state: a.state,
  started_at: isoInstant(a.startedAt),
  fired_at: isoInstant(a.firedAt),
  value: a.value,
  acknowledged_at: isoInstant(a.acknowledgedAt),
  acknowledged_by: a.acknowledgedBy === null ? null : { id: a.acknowledgedBy, name: acknowledgedName ?? '' },
  note: a.note,
  cleared_at: isoInstant(a.clearedAt),
  clear_value: a.clearValue,
  cleared_reason: a.clearedReason,
});

const visibleAlarms = (subject: Subject) => visibleTo(subject, sql`${alarms.itemId}`);

/** Alarms of the stations the subject may see, newest first, filtered by state, station, severity and time. */
export async function selectAlarms(db: Db, subject: Subject, query: z.output<typeof AlarmsQuery>): Promise<Alarm[]> {
  const where: (SQL | undefined)[] = [visibleAlarms(subject)];
  if (query.state === 'open') where.push(ne(alarms.state, 'cleared'));
  else if (query.state) where.push(eq(alarms.state, query.state));
  if (query.item_id !== undefined) where.push(eq(alarms.itemId, query.item_id));
  if (query.severity) where.push(eq(alarms.severity, query.severity));
  if (query.to) where.push(lt(alarms.firedAt, Date.parse(query.to)));
  if (query.from) where.push(or(isNull(alarms.clearedAt), gte(alarms.clearedAt, Date.parse(query.from))));
  if (query.before !== undefined) where.push(lt(alarms.id, query.before));
  const rows = await joinedAlarms(db)
    .where(and(...where))
    .orderBy(desc(alarms.id))
    .limit(query.limit);
  return rows.map(toAlarm);
}

/** An alarm with whether the subject may see its station, in one query. */
export async function findAlarmFor(db: Db, subject: Subject, id: number) {
  const [row] = await withJoins(
    db
      .select({ ...alarmFields, visible: sql<number>`${visibleAlarms(subject)}` })
      .from(alarms)
      .$dynamic(),
  ).where(eq(alarms.id, id));
  return row && { alarm: toAlarm(row), visible: row.visible };
}

const findAlarm = async (db: Db, where: SQL) => {
  const [row] = await joinedAlarms(db).where(where);
  return row && toAlarm(row);
};

export const findAlarmById = (db: Db, id: number) => findAlarm(db, eq(alarms.id, id));

/** The alarm a station's object named by its key when the rule fired. */
export const findAlarmByKey = (db: Db, key: string) => findAlarm(db, eq(alarms.key, key));

/** A rule's open (not cleared) alarm; a rule has at most one. */
export const findOpenAlarm = (db: Db, ruleId: number) => findAlarm(db, and(eq(alarms.ruleId, ruleId), ne(alarms.state, 'cleared'))!);

/**
 * A transition's write in D1: `head` changes the alarm and returns its id (nothing when there was nothing to
 * change); `guard` holds on `alarms` only once it did, so what is written with it happens once.
 */
export interface AlarmWrite {
  head: ReturnType<typeof fireHead> | ReturnType<typeof changeHead>;
  guard: SQL;
}

// A second open alarm of the rule (D1's unique index) is refused quietly, and then nothing is notified.
const fireHead = (db: Db, values: typeof alarms.$inferInsert) =>
  db.insert(alarms).values(values).onConflictDoNothing().returning({ id: alarms.id });
const changeHead = (db: Db, set: Partial<AlarmRow>, where: SQL) => db.update(alarms).set(set).where(where).returning({ id: alarms.id });

/** What an alarm is when it fires: the rule's facts and the transition's times and value. */
export type FiredAlarm = Pick<
  AlarmRow,
  'key' | 'ruleId' | 'itemId' | 'kind' | 'reading' | 'severity' | 'threshold' | 'startedAt' | 'firedAt' | 'value'
>;

/** A rule's alarm firing, and the alarm as it will stand (id 0 until D1 gives it one). */
export function fireAlarm(db: Db, values: FiredAlarm, names: Omit<AlarmJoined, 'alarm'>): AlarmWrite & { alarm: Alarm } {
  const row: AlarmRow = {
    id: 0,
    state: 'active',
    acknowledgedAt: null,
    acknowledgedBy: null,
    note: null,
    clearedAt: null,
    clearValue: null,
    clearedReason: null,
    ...values,
  };
  return {
    alarm: toAlarm({ alarm: row, ...names }),
    head: fireHead(db, { ...values, state: 'active' }),
    guard: eq(alarms.key, values.key),
  };
}

/** Clears an open alarm (its condition ended, or its rule was deleted). */
export function clearAlarmRow(
  db: Db,
  { id, at, value, reason }: { id: number; at: number; value: number | null; reason: NonNullable<AlarmRow['clearedReason']> },
): AlarmWrite {
  return {
    head: changeHead(
      db,
      { state: 'cleared', clearedAt: at, clearValue: value, clearedReason: reason },
      and(eq(alarms.id, id), ne(alarms.state, 'cleared'))!,
    ),
    guard: and(eq(alarms.id, id), eq(alarms.state, 'cleared'), eq(alarms.clearedAt, at), eq(alarms.clearedReason, reason))!,
  };
}

/** Acknowledges an active alarm. */
export function acknowledgeAlarmRow(db: Db, { id, at, by, note }: { id: number; at: number; by: number; note: string | null }): AlarmWrite {
  return {
    head: changeHead(
      db,
      { state: 'acknowledged', acknowledgedAt: at, acknowledgedBy: by, note },
      and(eq(alarms.id, id), eq(alarms.state, 'active'))!,
    ),
    guard: and(eq(alarms.id, id), eq(alarms.acknowledgedAt, at), eq(alarms.acknowledgedBy, by))!,
  };
}
