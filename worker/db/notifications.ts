import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Severity } from '../contracts/alarm-kinds';
import type { NotificationMode } from '../contracts/notifications';
import { atomically, chunkedInserts } from './batch';
import type { Db } from './client';
import { alarms, groups, items, notificationOverrides, notificationPreferences, outbox, subjectGroups, type Subject } from './schema';
import { visibleTo } from './stations';

// The groups a subject may name in an override: its own, or every group for an administrator.
const ownGroups = (subject: Subject) =>
  subject.isAdmin
    ? sql`1 = 1`
    : sql`${groups.id} IN (SELECT ${subjectGroups.groupId} FROM ${subjectGroups} WHERE ${subjectGroups.subjectId} = ${subject.id})`;

/** A subject's default and overrides, with the stations and groups its overrides may name. */
export const selectNotificationSettings = (db: Db, subject: Subject) =>
  Promise.all([
    db
      .select({ mode: notificationPreferences.mode, push: notificationPreferences.push })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.subjectId, subject.id)),
    db.select().from(notificationOverrides).where(eq(notificationOverrides.subjectId, subject.id)).orderBy(asc(notificationOverrides.id)),
    db.select({ id: items.id, name: items.name }).from(items).where(visibleTo(subject)).orderBy(asc(items.name)),
    db.select({ id: groups.id, name: groups.name }).from(groups).where(ownGroups(subject)).orderBy(asc(groups.name)),
  ]);

/** Of these stations, those the subject may name in an override (the ones it may see). */
export const selectChoosableStations = (db: Db, subject: Subject, ids: number[]) =>
  db
    .select({ id: items.id })
    .from(items)
    .where(sql`${inArray(items.id, ids)} AND ${visibleTo(subject)}`);

/** Of these groups, those the subject may name in an override. */
export const selectChoosableGroups = (db: Db, subject: Subject, ids: number[]) =>
  db
    .select({ id: groups.id })
    .from(groups)
    .where(sql`${inArray(groups.id, ids)} AND ${ownGroups(subject)}`);

/** Replaces a subject's default and overrides at once (and its push choice, unless `push` is undefined). */
export const replaceNotificationSettings = (
  db: Db,
  subjectId: number,
  {
    mode,
    push,
    overrides,
  }: { mode: NotificationMode; push: boolean | undefined; overrides: (typeof notificationOverrides.$inferInsert)[] },
) =>
  atomically(db, [
    db
      .insert(notificationPreferences)
      .values({ subjectId, mode, push: push ?? false })
      .onConflictDoUpdate({ target: notificationPreferences.subjectId, set: push === undefined ? { mode } : { mode, push } }),
    db.delete(notificationOverrides).where(eq(notificationOverrides.subjectId, subjectId)),
    ...chunkedInserts(db, notificationOverrides, overrides),
  ]);

export interface Recipient {
  id: number;
  username: string;
  firstName: string;
}

/**
 * Active subjects who may see the station and whose settings ask for alarm e-mail of this severity. A subject's
 * setting for a station: its override for the station, else the most generous override of the groups holding the
 * station (one group's "none" does not silence another's "all"), else its default, else `all`.
 */
export const selectAlarmRecipients = (db: Db, { itemId, severity }: { itemId: number; severity: Severity }) =>
  db.all<Recipient>(sql`
SELECT id, username, firstName FROM (
  SELECT s.id, s.username, s.first_name AS firstName, coalesce(
    (SELECT o.mode FROM notification_overrides o WHERE o.subject_id = s.id AND o.item_id = ${itemId}),
    (SELECT CASE max(CASE o.mode WHEN 'all' THEN 2 WHEN 'critical' THEN 1 ELSE 0 END) WHEN 2 THEN 'all' WHEN 1 THEN 'critical' WHEN 0 THEN 'none' END
       FROM notification_overrides o JOIN group_items gi ON gi.group_id = o.group_id WHERE o.subject_id = s.id AND gi.item_id = ${itemId}),
    (SELECT p.mode FROM notification_preferences p WHERE p.subject_id = s.id),
    'all') AS mode
  FROM subjects s
  WHERE s.status = 'active' AND (s.is_admin = 1 OR s.id IN (
    SELECT subject_id FROM subject_items WHERE item_id = ${itemId}
    UNION SELECT sg.subject_id FROM subject_groups sg JOIN group_items gi ON gi.group_id = sg.group_id WHERE gi.item_id = ${itemId}))
) WHERE mode = 'all' OR (mode = 'critical' AND ${severity} = 'critical')
ORDER BY id`);

/** Keeps an alarm's e-mail in `outbox`, only if the alarm row `guard` names exists (see AlarmWrite). */
export const queueAlarmMail = (
  db: Db,
  { mail, guard, now }: { mail: { to: string; subject: string; body: string }; guard: SQL; now: number },
) =>
  db
    .insert(outbox)
    .select(sql`SELECT NULL, ${mail.to}, ${mail.subject}, ${mail.body}, ${now}, NULL FROM ${alarms} WHERE ${guard}`)
    .returning({ id: outbox.id });
