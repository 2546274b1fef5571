import type { z } from 'zod';
import type { Ctx, SubjectCtx } from '../../context';
import {
  lockingLevel,
  openEnd,
  openStart,
  toCheckSettings,
  toCodeChecks,
  type FlaggedReading,
  type FlagOutcome,
  type FlagsQuery,
  type LogEntry,
  type QualityApprove,
  type QualityChecks,
  type QualityFlagEdit,
  type QualityLogQuery,
  type QualityState,
  type QualityWithdraw,
} from '../../contracts/quality';
import { isReadingOf, readingInfo, readingsOf, type CheckSettings } from '../../../shared/readings';
import { dayBounds, isoInstant, today } from '../../../shared/station-time';
import { reserveApprovalLevel, writeApprovalLevelUses } from '../../db/approval-levels';
import { approvalLevels } from './approval-levels';
import {
  markQualityPushed,
  mayControlQuality,
  selectQualitySettings,
  selectUnpushedQualityStations,
  writeQualitySettings,
} from '../../db/quality';
import { toNamedRef } from '../../db/accounts';
import { toItemRow, type Item } from '../../db/stations';
import { stationOf } from '../../station/directory';
import type { Editor } from '../../station/quality';
import { conflict, forbidden, invalid } from '../errors';
import { visibleItem } from '../items/visibility';
import { pushToStation, type StationPush } from '../station-push';

/** Who changes something, as the audit log keeps them: id and the name at the time. */
export const editorOf = ({ subject }: SubjectCtx): Editor => toNamedRef(subject);

const codesOf = (item: Item) => readingsOf(item.nameForApi).map((r) => r.code);

/** A station the subject may see, and whether it may control its quality. */
export async function station(ctx: SubjectCtx, id: number) {
  const item = await visibleItem(ctx, { id }, 'id');
  return { item, mayEdit: await mayControlQuality(ctx.db, ctx.subject, item.id) };
}

/** A station the subject may control the quality of (administrators, or a link with the right); else 403. */
export async function controlled(ctx: SubjectCtx, id: number) {
  const found = await station(ctx, id);
  if (!found.mayEdit)
    throw forbidden('You may not control the quality of this station: ask an administrator for the quality control right.', 'id');
  return found.item;
}

/** Refuses a reading the station's source does not report, under `field`. */
export function ownReading(item: Item, code: string, field = 'reading') {
  if (!isReadingOf(item.nameForApi, code)) throw invalid({ [field]: [`${code} is not a reading of ${item.nameForApi} stations.`] });
}

/** A station's check settings in force per code: its own where it set them, else the catalogue's. */
async function checksOf({ db }: Ctx, item: Item): Promise<Record<string, CheckSettings>> {
  const own = (await selectQualitySettings(db, item.id))?.checks ?? {};
  return Object.fromEntries(codesOf(item).map((code) => [code, own[code] ?? readingInfo(code)!.checks]));
}

async function stateOf(ctx: SubjectCtx, item: Item, mayEdit: boolean): Promise<QualityState> {
  const codes = codesOf(item);
  const [checks, approvals, levels] = await Promise.all([
    checksOf(ctx, item),
    stationOf(ctx.env, item.id).quality().approvals(codes),
    approvalLevels(ctx),
  ]);
  return {
    item_id: item.id,
    item: toItemRow(item),
    may_edit: mayEdit,
    may_approve: ctx.subject.isAdmin,
    approvals,
    levels,
    checks: codes.map((code) => toCodeChecks(code, checks[code])),
    defaults: codes.map((code) => toCodeChecks(code, readingInfo(code)!.checks)),
  };
}

/** A station's quality state: approvals, the checks in force, and what the subject may do. */
export async function qualityState(ctx: SubjectCtx, { id }: { id: number }): Promise<QualityState> {
  const { item, mayEdit } = await station(ctx, id);
  return stateOf(ctx, item, mayEdit);
}

/** A station's check settings as its object holds them: the station's own per code, with their revision. */
export const qualityChecksPush: StationPush = {
  label: 'quality checks',
  async send({ db, env }, itemId) {
    const row = await selectQualitySettings(db, itemId);
    if (!row) return null;
    await stationOf(env, itemId).quality().setChecks(row.rev, row.checks);
    return row.rev;
  },
  markPushed: markQualityPushed,
  unpushed: selectUnpushedQualityStations,
};

/**
 * Sets a station's checks per code (codes sent with the catalogue's settings, and codes left out, follow the
 * catalogue), then hands them to the station's object; a failed push is repaired by the cron.
 */
export async function saveChecks(
  ctx: SubjectCtx,
  { id, body }: { id: number; body: z.output<typeof QualityChecks> },
): Promise<QualityState> {
  const item = await controlled(ctx, id);
  body.checks.forEach((c, i) => ownReading(item, c.reading, `checks.${i}`));
  const own = Object.fromEntries(
    body.checks.flatMap((c) => {
      const settings = toCheckSettings(c);
      return JSON.stringify(settings) === JSON.stringify(readingInfo(c.reading)!.checks) ? [] : [[c.reading, settings]];
    }),
  );
  await writeQualitySettings(ctx.db, { itemId: item.id, checks: own, by: ctx.subject.id, now: Date.now() });
  await pushToStation(ctx, qualityChecksPush, { itemId: item.id });
  return stateOf(ctx, item, true);
}

/**
 * Flags one reading of a station over a range with a note: its object changes the flags (never the values), logs the
 * change and marks the days it touched for the roll-up. Approved readings are refused (409).
 */
export async function flagReadings(ctx: SubjectCtx, { id, edit }: { id: number; edit: QualityFlagEdit }): Promise<FlagOutcome> {
  const item = await controlled(ctx, id);
  ownReading(item, edit.reading);
  const [from, to] = [Date.parse(edit.from), Date.parse(edit.to)];
  const outcome = await stationOf(ctx.env, item.id)
    .quality()
    .flagRange(
      { id: item.id, uniqueId: item.uniqueId, source: item.nameForApi, timezone: item.timezone },
      { code: edit.reading, from, to, flag: edit.flag, note: edit.note },
      editorOf(ctx),
    );
  if (!outcome.ok) {
    throw conflict(
      'from',
      `${edit.reading} of this station is approved up to ${isoInstant(outcome.approvedUntil)}: an administrator must withdraw the approval first.`,
    );
  }
  return {
    item_id: item.id,
    reading: edit.reading,
    from: isoInstant(from),
    to: isoInstant(to),
    flag: edit.flag,
    changed: outcome.changed,
    days: outcome.days,
    entry: outcome.entry,
  };
}

/** A station's audit log, newest first. */
export async function qualityLog(ctx: SubjectCtx, { id, before, limit }: z.output<typeof QualityLogQuery>): Promise<LogEntry[]> {
  const { item } = await station(ctx, id);
  return stationOf(ctx.env, item.id).quality().log(before, limit);
}

/** A reading's flagged readings over a range, now or rebuilt for a past moment from the audit log. */
export async function flaggedReadings(ctx: SubjectCtx, query: z.output<typeof FlagsQuery>): Promise<FlaggedReading[]> {
  const { item } = await station(ctx, query.id);
  ownReading(item, query.reading);
  return stationOf(ctx.env, item.id)
    .quality()
    .flags(query.reading, Date.parse(query.from), Date.parse(query.to), query.at === undefined ? undefined : Date.parse(query.at));
}

/**
 * Paints a range on a station's object and records which levels its ranges stand at now. A level is reserved in D1
 * first, so it cannot be removed while the object paints (a level already removed is refused under `level`); a paint
 * that fails leaves the reservation, which only keeps the level until the station's next paint.
 */
async function paintRange(
  ctx: SubjectCtx,
  item: Item,
  range: { reading?: string | null; from: number; to: number; level: number | null; note: string | null },
) {
  if (range.level !== null && !(await reserveApprovalLevel(ctx.db, item.id, range.level)))
    throw invalid({ level: [`There is no approval level ${range.level}.`] });
  const { painted, levels } = await stationOf(ctx.env, item.id)
    .quality()
    .setApproval({
      codes: range.reading ? [range.reading] : codesOf(item),
      from: range.from,
      to: range.to,
      level: range.level,
      who: editorOf(ctx),
      note: range.note,
    });
  await writeApprovalLevelUses(ctx.db, item.id, levels);
  return painted;
}

/**
 * Sets an approval level (the highest when left out) over a station's data (one reading or all) from the start of a
 * day (or the first reading) to the end of a day (administrators). A later range overrides an earlier one where they
 * overlap, and a range never reaches past a code's newest stored reading (decision 0033): a day after today is refused,
 * and the end is clamped, so readings still to arrive are never refused by an approval of the future.
 */
export async function approve(ctx: SubjectCtx, { id, body }: { id: number; body: z.output<typeof QualityApprove> }): Promise<QualityState> {
  const { item, mayEdit } = await station(ctx, id);
  if (body.reading) ownReading(item, body.reading);
  const level = body.level ?? lockingLevel;
  if (body.to > today(item.timezone, Date.now()))
    throw invalid({ to: [`${body.to} is in the future for this station: approve at most up to today.`] });
  if (body.from && body.from > body.to) throw invalid({ from: [`${body.from} is after ${body.to}.`] });
  const from = body.from ? dayBounds(body.from, item.timezone).start : openStart;
  const painted = await paintRange(ctx, item, {
    reading: body.reading,
    from,
    to: dayBounds(body.to, item.timezone).end,
    level,
    note: body.note,
  });
  if (!painted.length)
    throw invalid({ to: [`No readings of ${body.reading ?? 'this station'} are stored in that range: there is nothing to approve.`] });
  return stateOf(ctx, item, mayEdit);
}

/** Withdraws a station's approval (one reading or all) over a range of days, or entirely; logged with its note (administrators). */
export async function withdraw(
  ctx: SubjectCtx,
  { id, body }: { id: number; body: z.output<typeof QualityWithdraw> },
): Promise<QualityState> {
  const { item, mayEdit } = await station(ctx, id);
  if (body.reading) ownReading(item, body.reading);
  if (body.from && body.to && body.from > body.to) throw invalid({ from: [`${body.from} is after ${body.to}.`] });
  const from = body.from ? dayBounds(body.from, item.timezone).start : openStart;
  const to = body.to ? dayBounds(body.to, item.timezone).end : openEnd;
  await paintRange(ctx, item, { reading: body.reading, from, to, level: null, note: body.note });
  return stateOf(ctx, item, mayEdit);
}
