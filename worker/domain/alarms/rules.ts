import type { AlarmRule, AlarmRuleSpec, RulePreview } from '../../contracts/alarms';
import type { Ctx, SubjectCtx } from '../../context';
import {
  clearLevel,
  countStationRules,
  deleteRuleRow,
  findOpenAlarm,
  findRuleWithStation,
  isStationRule,
  markRulesPushed,
  ruleColumns,
  selectRules,
  selectStationRules,
  selectUnpushedStations,
  toAlarmRule,
  writeRule,
} from '../../db/alarms';
import { findScale } from '../../db/warning';
import { derivedReadingsOf, isReadingOf } from '../../../shared/readings';
import { isoInstant } from '../../../shared/station-time';
import { stationOf } from '../../station/directory';
import type { RuleSpec } from '../../station/evaluate';
import { invalid, notFound } from '../errors';
import { pushPending, pushToStation, type StationPush } from '../station-push';
import { visibleItem } from '../items/visibility';
import { announce, clearAlarm, sendNotice } from './transitions';

/** Most rules one station may have. */
const maxRulesPerStation = 50;

/** What the station's object keeps of a rule, and nothing more. */
const toRuleSpec = (rule: RuleSpec): RuleSpec => ({
  id: rule.id,
  kind: rule.kind,
  reading: rule.reading,
  threshold: rule.threshold,
  deadband: rule.deadband,
  windowMinutes: rule.windowMinutes,
  silenceMinutes: rule.silenceMinutes,
  holdMinutes: rule.holdMinutes,
  createdAt: rule.createdAt,
  onSuspect: rule.onSuspect,
  series: rule.series,
});

/** Rules of the stations the subject may see: of one station (`itemId`), or of all of them. */
export async function listRules(ctx: SubjectCtx, { itemId }: { itemId?: number }): Promise<AlarmRule[]> {
  if (itemId !== undefined) await visibleItem(ctx, { id: itemId }, 'item_id');
  return selectRules(ctx.db, ctx.subject, itemId);
}

/** A station rule that is not deleted, with its station (rules across stations have their own calls). */
async function getRule({ db }: Ctx, id: number) {
  const found = await findRuleWithStation(db, id);
  if (!found || found.rule.deletedAt !== null || !isStationRule(found.rule)) throw notFound('Rule');
  return found;
}

/**
 * The station a rule is for, refusing a reading its source does not report (the low-voltage preset needs POWER), and
 * a forecast rule on a reading without warning levels or for a level its scale does not have; with a forecast rule's
 * level in the reading's unit (`levelValue`).
 */
async function stationForRule(ctx: SubjectCtx, rule: AlarmRuleSpec) {
  const item = await visibleItem(ctx, { id: rule.item_id }, 'item_id');
  const derived = derivedReadingsOf(item.nameForApi).some((d) => d.code === rule.reading);
  if (rule.reading !== null && !isReadingOf(item.nameForApi, rule.reading) && !derived) {
    throw invalid({ reading: [`${rule.reading} is not a reading of ${item.nameForApi} stations.`] });
  }
  if (rule.kind === 'forecast') {
    const found = await findScale(ctx.db, item.id, rule.reading!);
    const levels = found && found.scale.deletedAt === null ? found.scale.levels.length : 0;
    if (!levels) throw invalid({ reading: [`${rule.reading} of this station has no warning levels to forecast.`] });
    if (rule.threshold! > levels) throw invalid({ threshold: [`${rule.reading} of this station has ${levels} warning levels.`] });
    return { item, levelValue: found!.scale.levels[rule.threshold! - 1].threshold };
  }
  return { item, levelValue: null };
}

/** A station's alarm rules as its object holds them: the rule set (deleted rules left out) with the station's highest revision. */
export const alarmRulesPush: StationPush = {
  label: 'alarm rules',
  async send({ db, env }, itemId) {
    const rows = (await selectStationRules(db, itemId)).filter(isStationRule);
    if (!rows.length) return null;
    const revision = Math.max(...rows.map((r) => r.rev));
    await stationOf(env, itemId)
      .alarms()
      .setRules(revision, rows.filter((r) => r.deletedAt === null).map(toRuleSpec));
    return revision;
  },
  markPushed: markRulesPushed,
  unpushed: selectUnpushedStations,
};

/**
 * Sends a station's current rules to its object with the rule set's revision; once the object holds it, the rows
 * are marked pushed. A failed push stays unmarked and the cron pushes again. Returns whether it got there.
 */
export const pushRules = (ctx: Ctx, station: { itemId: number }) => pushToStation(ctx, alarmRulesPush, station);

/** The cron's repair of alarm rules alone (the cron itself pushes every kind: `pushPending`). */
export const pushPendingRules = (ctx: Ctx, options: { limit?: number } = {}) => pushPending(ctx, [alarmRulesPush], options);

/** Creates (no id) or updates a station's rule, then hands the station's new rule set to its object. */
export async function saveRule(ctx: SubjectCtx, input: AlarmRuleSpec): Promise<AlarmRule> {
  const { item } = await stationForRule(ctx, input);
  if (input.id === undefined) {
    if ((await countStationRules(ctx.db, item.id)) >= maxRulesPerStation)
      throw invalid({ item_id: [`A station has at most ${maxRulesPerStation} rules.`] });
  } else if ((await getRule(ctx, input.id)).rule.itemId !== item.id) throw invalid({ item_id: ['A rule cannot move to another station.'] });
  const row = await writeRule(ctx.db, { id: input.id, itemId: item.id, columns: ruleColumns(input), now: Date.now() });
  await pushRules(ctx, { itemId: item.id });
  return toAlarmRule(row, item.uniqueId);
}

/**
 * Deletes a rule. Its open alarm, if any, clears (reason `rule_deleted`) with the usual notifications, in the same
 * batch; the rule's row stays for the alarms it raised.
 */
export async function deleteRule(ctx: Ctx, { id }: { id: number }) {
  const found = await getRule(ctx, id);
  const { itemId } = found.rule;
  const now = Date.now();
  const remove = deleteRuleRow(ctx.db, { id, itemId, now });
  const open = await findOpenAlarm(ctx.db, id);
  if (!open) await remove;
  else {
    const notice = await clearAlarm(ctx, { open, rule: found, at: now, value: null, reason: 'rule_deleted', before: [remove] });
    if (notice) {
      await announce(ctx, notice);
      ctx.defer(sendNotice(ctx, notice));
    }
  }
  await pushRules(ctx, { itemId });
  return { id };
}

const dayMs = 86_400_000;

/** How often a rule (saved or not) would have fired over the last `days` days of its station, with what a chart needs. */
export async function previewRule(ctx: SubjectCtx, { rule, days }: { rule: AlarmRuleSpec; days: number }): Promise<RulePreview> {
  const { item, levelValue } = await stationForRule(ctx, rule);
  const to = Date.now();
  const from = to - days * dayMs;
  const outcome = await stationOf(ctx.env, item.id)
    .alarms()
    .preview(toRuleSpec({ ...ruleColumns(rule), id: rule.id ?? 0, createdAt: from }), from, to);
  return {
    item_id: item.id,
    reading: rule.reading,
    from: isoInstant(from),
    to: isoInstant(to),
    fired: outcome.episodes.length,
    episodes: outcome.episodes.map((e) => ({
      started_at: isoInstant(e.startedAt),
      fired_at: isoInstant(e.firedAt),
      cleared_at: isoInstant(e.clearedAt),
      value: e.value,
    })),
    threshold: levelValue ?? rule.threshold,
    clear_level: clearLevel(rule),
    series: outcome.series,
    downsampled: outcome.downsampled,
  };
}
