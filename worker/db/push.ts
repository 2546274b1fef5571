import { and, desc, eq, sql } from 'drizzle-orm';
import { inJson } from './batch';
import type { Db } from './client';
import { notificationPreferences, pushSubscriptions } from './schema';

/** A subject's push devices, newest first. */
export const selectSubjectDevices = (db: Db, subjectId: number) =>
  db.select().from(pushSubscriptions).where(eq(pushSubscriptions.subjectId, subjectId)).orderBy(desc(pushSubscriptions.id));

/** The devices of these subjects. */
export const selectDevicesOf = (db: Db, subjectIds: number[]) =>
  db.select().from(pushSubscriptions).where(inJson(pushSubscriptions.subjectId, subjectIds));

/** Stores a subscription; the same endpoint again (a browser subscribed anew, or another subject on it) replaces its row. */
export const upsertDevice = async (db: Db, row: typeof pushSubscriptions.$inferInsert) =>
  (
    await db
      .insert(pushSubscriptions)
      .values(row)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          subjectId: row.subjectId,
          p256dh: row.p256dh,
          auth: row.auth,
          label: row.label,
          createdAt: row.createdAt,
          lastSuccessAt: null,
          lastFailureAt: null,
          lastError: null,
        },
      })
      .returning()
  )[0];

/** Removes one of a subject's devices; returns whether there was one. */
export const deleteSubjectDevice = async (db: Db, { id, subjectId }: { id: number; subjectId: number }) =>
  (
    await db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.subjectId, subjectId)))
      .returning({ id: pushSubscriptions.id })
  ).length > 0;

/** Removes a subscription its push service no longer knows. */
export const deleteDevice = (db: Db, id: number) => db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));

/** Records how the newest message to a device went. */
export const recordDeviceOutcome = (db: Db, id: number, outcome: { ok: true; at: number } | { ok: false; at: number; error: string }) =>
  db
    .update(pushSubscriptions)
    .set(outcome.ok ? { lastSuccessAt: outcome.at } : { lastFailureAt: outcome.at, lastError: outcome.error })
    .where(eq(pushSubscriptions.id, id));

/** Of these subjects, those whose alarms also go to their push devices. */
export const selectPushSubjects = async (db: Db, subjectIds: number[]) =>
  (
    await db
      .select({ id: notificationPreferences.subjectId })
      .from(notificationPreferences)
      .where(sql`${inJson(notificationPreferences.subjectId, subjectIds)} AND ${notificationPreferences.push} = 1`)
  ).map((r) => r.id);
