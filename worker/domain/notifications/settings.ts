import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { NotificationSettings, NotificationSettingsInput } from '../../contracts/notifications';
import { atomically, chunkedInserts } from '../../db/batch';
import type { Db } from '../../db/client';
import { groups, items, notificationOverrides, notificationPreferences, subjectGroups, type Subject } from '../../db/schema';
import { invalid } from '../errors';
import { visibleTo } from '../../db/stations';

// The groups a subject may name in an override: its own, or every group for an administrator.
const ownGroups = (subject: Subject) =>
  subject.isAdmin ? sql`1 = 1` : sql`${groups.id} IN (SELECT ${subjectGroups.groupId} FROM ${subjectGroups} WHERE ${subjectGroups.subjectId} = ${subject.id})`;

/** A subject's alarm e-mail settings with the stations and groups its overrides may name. */
export async function notificationSettingsOf(db: Db, subject: Subject): Promise<NotificationSettings> {
  const [preference, overrides, allStations, allGroups] = await Promise.all([
    db.select({ mode: notificationPreferences.mode }).from(notificationPreferences).where(eq(notificationPreferences.subjectId, subject.id)),
    db.select().from(notificationOverrides).where(eq(notificationOverrides.subjectId, subject.id)).orderBy(asc(notificationOverrides.id)),
    db.select({ id: items.id, name: items.name }).from(items).where(visibleTo(subject)).orderBy(asc(items.name)),
    db.select({ id: groups.id, name: groups.name }).from(groups).where(ownGroups(subject)).orderBy(asc(groups.name)),
  ]);
  return {
    mode: preference[0]?.mode ?? 'all',
    stations: overrides.flatMap((o) => (o.itemId === null ? [] : [{ item_id: o.itemId, mode: o.mode }])),
    groups: overrides.flatMap((o) => (o.groupId === null ? [] : [{ group_id: o.groupId, mode: o.mode }])),
    allStations,
    allGroups,
  };
}

/** Ids of `wanted` that `found` lacks, as a 422 under `field`. */
function refuseUnknown(wanted: number[], found: { id: number }[], field: string, what: string) {
  const known = new Set(found.map((r) => r.id));
  const missing = wanted.filter((id) => !known.has(id));
  if (missing.length) throw invalid({ [field]: [`${what} you may not choose: ${missing.join(', ')}.`] });
}

/**
 * Replaces a subject's alarm e-mail settings at once. Overrides may name only stations the subject may see and
 * groups it belongs to (any group for an administrator); a station or group named twice keeps its last mode.
 */
export async function saveNotificationSettings(db: Db, subject: Subject, input: z.output<typeof NotificationSettingsInput>) {
  const stations = new Map(input.stations.map((s) => [s.item_id, s.mode]));
  const groupModes = new Map(input.groups.map((g) => [g.group_id, g.mode]));
  const stationIds = [...stations.keys()];
  const groupIds = [...groupModes.keys()];
  for (let i = 0; i < stationIds.length; i += 90) {
    const chunk = stationIds.slice(i, i + 90);
    refuseUnknown(chunk, await db.select({ id: items.id }).from(items).where(sql`${inArray(items.id, chunk)} AND ${visibleTo(subject)}`), 'stations', 'Stations');
  }
  for (let i = 0; i < groupIds.length; i += 90) {
    const chunk = groupIds.slice(i, i + 90);
    refuseUnknown(chunk, await db.select({ id: groups.id }).from(groups).where(sql`${inArray(groups.id, chunk)} AND ${ownGroups(subject)}`), 'groups', 'Groups');
  }
  const rows = [
    ...[...stations].map(([itemId, mode]) => ({ subjectId: subject.id, itemId, groupId: null, mode })),
    ...[...groupModes].map(([groupId, mode]) => ({ subjectId: subject.id, itemId: null, groupId, mode })),
  ];
  await atomically(db, [
    db
      .insert(notificationPreferences)
      .values({ subjectId: subject.id, mode: input.mode })
      .onConflictDoUpdate({ target: notificationPreferences.subjectId, set: { mode: input.mode } }),
    db.delete(notificationOverrides).where(eq(notificationOverrides.subjectId, subject.id)),
    ...chunkedInserts(db, notificationOverrides, rows),
  ]);
  return notificationSettingsOf(db, subject);
}
