import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { AlarmRule, AlarmRuleSpec, RulePreview } from '../../contracts/alarms';
import { isReadingOf } from '../../contracts/readings';
import { readConfig } from '../../config';
import type { Db } from '../../db/client';
import { alarmRules, items, type Subject } from '../../db/schema';
import { stationOf } from '../../station/directory';
import { inPool } from '../fan-out';
import { invalid, notFound } from '../errors';
import { visibleTo } from '../../db/stations';
import { visibleItem } from '../items/visibility';
import type { RuleSpec } from '../../station/evaluate';
import { alarmSelect, clearLevel, toAlarm, toAlarmRule, toRuleSpec, type AlarmJoined } from './records';
import { clearAlarm, ruleFacts, ruleWithStation, runPlan, sendNotice } from './transitions';

/** Most rules one station may have. */
const maxRulesPerStation = 50;
/** Stations whose rules the cron pushes again per run, and pushes in flight. */
const pushesPerRun = 200;
const pushConcurrency = 16;

/** Work a verb leaves for after the reply (the route passes the request's `waitUntil`). */
export type Defer = (work: Promise<unknown>) => void;

// The station's next rule-set revision, computed by D1 in the statement that writes it (so concurrent edits differ).
const nextRevision = (itemId: number) => sql`(SELECT coalesce(max(${alarmRules.rev}), 0) + 1 FROM ${alarmRules} WHERE ${alarmRules.itemId} = ${itemId})`;

/** Rules of the stations the subject may see: of one station (`itemId`), or of all of them. */
export async function listRules(db: Db, subject: Subject, itemId: number | undefined): Promise<AlarmRule[]> {
  if (itemId !== undefined) await visibleItem({ db, subject }, { id: itemId }, 'item_id');
  const rows = await db
    .select({ rule: alarmRules, uniqueId: items.uniqueId })
    .from(alarmRules)
    .innerJoin(items, eq(items.id, alarmRules.itemId))
    .where(and(isNull(alarmRules.deletedAt), itemId === undefined ? undefined : eq(alarmRules.itemId, itemId), visibleTo(subject)))
    .orderBy(asc(alarmRules.itemId), asc(alarmRules.id));
  return rows.map((r) => toAlarmRule(r.rule, r.uniqueId));
}

/** The station a rule is for, refusing a reading its source does not report (the low-voltage preset needs POWER). */
async function stationForRule(db: Db, rule: AlarmRuleSpec) {
  const [item] = await db.select().from(items).where(eq(items.id, rule.item_id));
  if (!item) throw notFound('Station', 'item_id');
  if (rule.reading !== null && !isReadingOf(item.nameForApi, rule.reading)) {
    throw invalid({ reading: [`${rule.reading} is not a reading of ${item.nameForApi} stations.`] });
  }
  return item;
}

/**
 * Sends a station's current rules to its object with the rule set's revision; once the object holds it, the rows
 * are marked pushed. A failed push stays unmarked and the cron pushes again. Returns whether it got there.
 */
export async function pushRules(env: Cloudflare.Env, db: Db, itemId: number): Promise<boolean> {
  const rows = await db.select().from(alarmRules).where(eq(alarmRules.itemId, itemId));
  if (!rows.length) return true;
  const revision = Math.max(...rows.map((r) => r.rev));
  const specs = rows.filter((r) => r.deletedAt === null).map(toRuleSpec);
  try {
    await stationOf(env, itemId).setAlarmRules(revision, specs);
  } catch (err) {
    console.error('alarm rules not pushed to the station; the cron retries', itemId, err);
    return false;
  }
  await db.run(sql`UPDATE ${alarmRules} SET pushed = 1 WHERE ${alarmRules.itemId} = ${itemId} AND ${alarmRules.rev} <= ${revision} AND pushed = 0`);
  return true;
}

/** The cron's repair: pushes the rules of stations whose objects may not hold their latest revision. */
export async function pushPendingRules(env: Cloudflare.Env, db: Db, limit = pushesPerRun) {
  const stations = await db.selectDistinct({ itemId: alarmRules.itemId }).from(alarmRules).where(eq(alarmRules.pushed, false)).limit(limit);
  let pushed = 0;
  await inPool(stations, { concurrency: pushConcurrency, budgetMs: 20_000 }, 'alarm rules push failed', async ({ itemId }) => {
    if (await pushRules(env, db, itemId)) pushed++;
  });
  return pushed;
}

/** Creates (no id) or updates a station's rule, then hands the station's new rule set to its object. */
export async function saveRule(db: Db, env: Cloudflare.Env, input: AlarmRuleSpec): Promise<AlarmRule> {
  const item = await stationForRule(db, input);
  const now = Date.now();
  const values = {
    name: input.name,
    kind: input.kind,
    reading: input.reading,
    threshold: input.threshold,
    deadband: input.deadband,
    windowMinutes: input.window_minutes,
    silenceMinutes: input.silence_minutes,
    holdMinutes: input.hold_minutes,
    severity: input.severity,
    updatedAt: now,
    rev: nextRevision(item.id),
    pushed: false,
  };
  let row;
  if (input.id === undefined) {
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)` })
      .from(alarmRules)
      .where(and(eq(alarmRules.itemId, item.id), isNull(alarmRules.deletedAt)));
    if (n >= maxRulesPerStation) throw invalid({ item_id: [`A station has at most ${maxRulesPerStation} rules.`] });
    [row] = await db
      .insert(alarmRules)
      .values({ ...values, itemId: item.id, createdAt: now })
      .returning();
  } else {
    const [existing] = await db.select().from(alarmRules).where(and(eq(alarmRules.id, input.id), isNull(alarmRules.deletedAt)));
    if (!existing) throw notFound('Rule');
    if (existing.itemId !== item.id) throw invalid({ item_id: ['A rule cannot move to another station.'] });
    [row] = await db.update(alarmRules).set(values).where(eq(alarmRules.id, input.id)).returning();
  }
  await pushRules(env, db, item.id);
  return toAlarmRule(row, item.uniqueId);
}

/**
 * Deletes a rule. Its open alarm, if any, clears (reason `rule_deleted`) with the usual notifications, in the same
 * batch; the rule's row stays for the alarms it raised.
 */
export async function deleteRule(db: Db, env: Cloudflare.Env, id: number, defer: Defer) {
  const [rule] = await db.select().from(alarmRules).where(and(eq(alarmRules.id, id), isNull(alarmRules.deletedAt)));
  if (!rule) throw notFound('Rule');
  const now = Date.now();
  const remove = env.DB.prepare(
    `UPDATE alarm_rules SET deleted_at = ?1, updated_at = ?1, pushed = 0,
       rev = (SELECT coalesce(max(rev), 0) + 1 FROM alarm_rules WHERE item_id = ?2) WHERE id = ?3`,
  ).bind(now, rule.itemId, id);
  const open = await env.DB.prepare(`${alarmSelect} WHERE a.rule_id = ? AND a.state <> 'cleared'`).bind(id).first<AlarmJoined>();
  if (!open) await remove.run();
  else {
    const facts = ruleFacts((await ruleWithStation(env.DB, id))!);
    const planned = await clearAlarm(env.DB, readConfig(env), toAlarm(open), facts, now, null, 'rule_deleted');
    const notice = await runPlan(env.DB, planned, [remove]);
    if (notice) {
      await stationOf(env, rule.itemId)
        .announce(rule.itemId, { type: 'alarm', unique_id: notice.alarm.unique_id, alarm: notice.alarm })
        .catch((err) => console.error('live announcement failed', err));
      defer(sendNotice(env, notice));
    }
  }
  await pushRules(env, db, rule.itemId);
  return { id };
}

const toSpec = (input: AlarmRuleSpec, createdAt: number): RuleSpec =>
  toRuleSpec({
    id: input.id ?? 0,
    kind: input.kind,
    reading: input.reading,
    threshold: input.threshold,
    deadband: input.deadband,
    windowMinutes: input.window_minutes,
    silenceMinutes: input.silence_minutes,
    holdMinutes: input.hold_minutes,
    createdAt,
  });

const dayMs = 86_400_000;

/** How often a rule (saved or not) would have fired over the last `days` days of its station, with what a chart needs. */
export async function previewRule(db: Db, env: Cloudflare.Env, input: AlarmRuleSpec, days: number): Promise<RulePreview> {
  const item = await stationForRule(db, input);
  const to = Date.now();
  const from = to - days * dayMs;
  const outcome = await stationOf(env, item.id).previewRule(toSpec(input, from), from, to);
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    item_id: item.id,
    reading: input.reading,
    from: iso(from),
    to: iso(to),
    fired: outcome.episodes.length,
    episodes: outcome.episodes.map((e) => ({
      started_at: iso(e.startedAt),
      fired_at: iso(e.firedAt),
      cleared_at: e.clearedAt === null ? null : iso(e.clearedAt),
      value: e.value,
    })),
    threshold: input.threshold,
    clear_level: clearLevel(input),
    series: outcome.series,
    downsampled: outcome.downsampled,
  };
}
