import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groups, items, subjectGroups, subjectItems, subjects } from '../../db/schema';
import type { z } from 'zod';
import type { Profile, SubjectStatusValue, Users } from '../../contracts/subjects';
import { hashPassword, verifyPassword } from '../auth/password';
import type { Subject } from '../../db/schema';
import { passwordSetEffects } from '../auth/password-reset';
import { consumeAttempt, limits, refundAttempts } from '../auth/rate-limit';
import { conflict, invalid } from '../errors';
import { endLiveSessions, refreshLiveAccess } from '../live-access';
import { replaceLinks, type LinkSide } from '../links';
import { linkSides } from '../link-sides';
import { visibleTo } from '../../db/stations';
import { getSubject, isUniqueViolation, toSubjectRow } from './records';
import { usernameTaken } from './registration';

type UsersInput = z.output<typeof Users>;
type ProfileInput = z.output<typeof Profile>;

export async function listSubjects(db: Db, status?: SubjectStatusValue) {
  const rows = await db
    .select()
    .from(subjects)
    .where(status ? eq(subjects.status, status) : undefined)
    .orderBy(desc(subjects.id));
  return rows.map(toSubjectRow);
}

const namedItems = (db: Db) => db.select({ id: items.id, name: items.name }).from(items).orderBy(asc(items.name));
const namedGroups = (db: Db) => db.select({ id: groups.id, name: groups.name }).from(groups).orderBy(asc(groups.name));

/** The subject form's data: the subject (none for a new one), its links, and everything it could link to. */
export async function subjectForEdit(db: Db, id: number | undefined) {
  const subject = id === undefined ? null : await getSubject(db, id);
  const [itemLinks, groupLinks, allItems, allGroups] = await Promise.all([
    id === undefined ? [] : db.select({ id: subjectItems.itemId }).from(subjectItems).where(eq(subjectItems.subjectId, id)),
    id === undefined ? [] : db.select({ id: subjectGroups.groupId }).from(subjectGroups).where(eq(subjectGroups.subjectId, id)),
    namedItems(db),
    namedGroups(db),
  ]);
  return {
    subject: subject && toSubjectRow(subject),
    items: itemLinks.map((r) => r.id),
    groups: groupLinks.map((r) => r.id),
    allItems,
    allGroups,
  };
}

async function activeAdminCount(db: Db) {
  const [row] = await db
    .select({ n: count() })
    .from(subjects)
    .where(and(eq(subjects.isAdmin, true), eq(subjects.status, 'active')));
  return row.n;
}

const isActiveAdmin = (s: Subject) => s.isAdmin && s.status === 'active';

async function assertNotLastAdmin(db: Db, target: Subject, field: string, message: string) {
  if (isActiveAdmin(target) && (await activeAdminCount(db)) <= 1) throw conflict(field, message);
}

async function withUniqueUsername<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw usernameTaken();
    throw err;
  }
}

const personal = (input: ProfileInput) => ({
  username: input.username,
  firstName: input.firstName,
  secondName: input.secondName,
  subject: input.subject,
  phone: input.phone,
});

/**
 * Updates a subject; a new password, in the same batch, ends its sessions but `keepSession` (the one making
 * the change) and uses up its outstanding reset links.
 */
async function updateSubject(
  db: Db,
  env: Cloudflare.Env,
  id: number,
  values: Partial<typeof subjects.$inferInsert>,
  password: string | undefined,
  keepSession: string | undefined,
) {
  const passwordHash = password ? await hashPassword(password) : undefined;
  const update = db
    .update(subjects)
    .set({ ...values, ...(passwordHash ? { passwordHash } : {}) })
    .where(eq(subjects.id, id))
    .returning();
  const [[row]] = await withUniqueUsername(() =>
    db.batch([update, ...(passwordHash ? passwordSetEffects(db, id, keepSession) : [])]),
  );
  if (passwordHash) await endLiveSessions({ env }, id, { except: keepSession });
  return row;
}

/** Creates (no id) or updates a subject from the administrator's form. */
export async function saveSubject(db: Db, env: Cloudflare.Env, actor: Subject, sessionId: string, input: UsersInput) {
  if (input.id === undefined) {
    if (!input.password) throw invalid({ password: ['This field is required.'] });
    const passwordHash = await hashPassword(input.password);
    const [row] = await withUniqueUsername(() =>
      db
        .insert(subjects)
        .values({
          ...personal(input),
          isAdmin: input.isAdmin,
          passwordHash,
          status: 'active',
          approvedAt: new Date(),
          approvedBy: actor.id,
        })
        .returning(),
    );
    return toSubjectRow(row);
  }
  const current = await getSubject(db, input.id);
  if (!input.isAdmin) {
    await assertNotLastAdmin(db, current, 'isAdmin', 'The last administrator cannot lose the administrator role.');
  }
  const keep = input.id === actor.id ? sessionId : undefined;
  const row = await updateSubject(db, env, input.id, { ...personal(input), isAdmin: input.isAdmin }, input.password, keep);
  // An administrator who is one no longer sees only the stations linked to them, on open pages too.
  if (current.isAdmin && !row.isAdmin) await refreshLiveAccess({ env, db }, [row.id]);
  return toSubjectRow(row);
}

/**
 * Checks the current password before a change of e-mail or password, so a session left open cannot take
 * the account over. Wrong guesses count against the sign-in limits of the address.
 */
async function confirmCurrentPassword(db: Db, actor: Subject, currentPassword: string | undefined, client: string) {
  if (!currentPassword) {
    throw invalid({ currentPassword: ['Enter your current password to change your e-mail or password.'] });
  }
  const attempts = await consumeAttempt(db, limits.loginFailures(actor.username, client));
  if (!(await verifyPassword(currentPassword, actor.passwordHash))) {
    throw invalid({ currentPassword: ['The current password is not correct.'] });
  }
  await refundAttempts(db, attempts);
}

/** The subject's own profile: never touches isAdmin or status; a new e-mail or password needs the current password. */
export async function updateProfile(db: Db, env: Cloudflare.Env, actor: Subject, sessionId: string, input: ProfileInput, client: string) {
  if (input.password !== undefined || input.username.toLowerCase() !== actor.username.toLowerCase()) {
    await confirmCurrentPassword(db, actor, input.currentPassword, client);
  }
  return updateSubject(db, env, actor.id, personal(input), input.password, sessionId);
}

/** Deletes a subject; its open pages' sockets close. */
export async function deleteSubject(db: Db, env: Cloudflare.Env, id: number) {
  const target = await getSubject(db, id);
  await assertNotLastAdmin(db, target, '_', 'The last administrator cannot be deleted.');
  await db.delete(subjects).where(eq(subjects.id, id));
  await endLiveSessions({ env }, id, {});
}

/** Replaces one side of a subject's links; its open pages keep only the stations it may still see. */
async function relinkSubject(db: Db, env: Cloudflare.Env, side: LinkSide, id: number, targetIds: number[]) {
  await getSubject(db, id);
  const linked = await replaceLinks(db, side, id, targetIds);
  await refreshLiveAccess({ env, db }, [id]);
  return linked;
}

/** Replaces the subject's directly linked items. */
export const setSubjectItems = (db: Db, env: Cloudflare.Env, id: number, itemIds: number[]) => relinkSubject(db, env, linkSides.subjectItems, id, itemIds);

/** Replaces the subject's groups. */
export const setSubjectGroups = (db: Db, env: Cloudflare.Env, id: number, groupIds: number[]) =>
  relinkSubject(db, env, linkSides.subjectGroups, id, groupIds);

/** Number of stations on the subject's dashboard (every station for an administrator). */
export async function visibleItemCount(db: Db, subject: Subject) {
  const [row] = await db.select({ n: count() }).from(items).where(visibleTo(subject));
  return row.n;
}
