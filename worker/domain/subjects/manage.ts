import type { z } from 'zod';
import type { Ctx, SubjectCtx } from '../../context';
import type { CurrentUser, LinkInput, Profile, SubjectEdit, SubjectStatusValue, Users } from '../../contracts/subjects';
import {
  countActiveAdmins,
  deleteSubjectRow,
  insertSubject,
  selectSubjectRows,
  toSessionUser,
  toSubjectRow,
  updateSubject,
} from '../../db/accounts';
import { linkSides, type LinkSide } from '../../db/links';
import type { Subject } from '../../db/schema';
import { countVisibleItems } from '../../db/stations';
import { hashPassword, verifyPassword } from '../auth/password';
import { limitedCheck, limits } from '../auth/rate-limit';
import { conflict, invalid } from '../errors';
import { linkTabs, replaceLinks } from '../links';
import { endLiveSessions, refreshLiveAccess } from '../live-access';
import { getSubject, withUniqueUsername } from './records';

type ProfileInput = z.output<typeof Profile>;

export const listSubjects = ({ db }: Ctx, { status }: { status?: SubjectStatusValue }) => selectSubjectRows(db, status);

/** The signed-in subject as its dashboard greets it: its details and how many stations it sees. */
export const currentUser = async ({ db, subject }: SubjectCtx): Promise<CurrentUser> => ({
  ...toSessionUser(subject),
  nItems: await countVisibleItems(db, subject),
});

/** The subject form's data: the subject (none for a new one), its links, and everything it could link to. */
export async function subjectForEdit(ctx: Ctx, { id }: { id?: number }): Promise<SubjectEdit> {
  const subject = id === undefined ? null : toSubjectRow(await getSubject(ctx, id));
  return { subject, ...(await linkTabs(ctx, id, { items: linkSides.subjectItems, groups: linkSides.subjectGroups })) };
}

async function assertNotLastAdmin(ctx: Ctx, { target, field, message }: { target: Subject; field: string; message: string }) {
  if (target.isAdmin && target.status === 'active' && (await countActiveAdmins(ctx.db)) <= 1) throw conflict(field, message);
}

const personal = (input: ProfileInput) => ({
  username: input.username,
  firstName: input.firstName,
  secondName: input.secondName,
  subject: input.subject,
  phone: input.phone,
});

/**
 * Changes a subject; a new password, in the same batch, ends its sessions but `keepSession` (the one making
 * the change) and uses up its outstanding reset links, and the ended sessions' open pages close.
 */
async function changeSubject(
  ctx: Ctx,
  {
    id,
    values,
    password,
    keepSession,
  }: { id: number; values: Parameters<typeof updateSubject>[1]['values']; password?: string; keepSession?: string },
) {
  const passwordHash = password ? await hashPassword(password) : undefined;
  const row = await withUniqueUsername(() => updateSubject(ctx.db, { id, values, passwordHash, keepSession }));
  if (passwordHash) await endLiveSessions(ctx, { subjectId: id, except: keepSession });
  return row;
}

/** Creates (no id) or updates a subject from the administrator's form; `sessionId` is the session making the change. */
export async function saveSubject(ctx: SubjectCtx, { input, sessionId }: { input: z.output<typeof Users>; sessionId: string }) {
  if (input.id === undefined) {
    if (!input.password) throw invalid({ password: ['This field is required.'] });
    const passwordHash = await hashPassword(input.password);
    const values = {
      ...personal(input),
      isAdmin: input.isAdmin,
      passwordHash,
      status: 'active' as const,
      approvedAt: new Date(),
      approvedBy: ctx.subject.id,
    };
    return toSubjectRow(await withUniqueUsername(() => insertSubject(ctx.db, values)));
  }
  const current = await getSubject(ctx, input.id);
  if (!input.isAdmin) {
    await assertNotLastAdmin(ctx, {
      target: current,
      field: 'isAdmin',
      message: 'The last administrator cannot lose the administrator role.',
    });
  }
  const keepSession = input.id === ctx.subject.id ? sessionId : undefined;
  const row = await changeSubject(ctx, {
    id: input.id,
    values: { ...personal(input), isAdmin: input.isAdmin },
    password: input.password,
    keepSession,
  });
  // An administrator who is one no longer sees only the stations linked to them, on open pages too.
  if (current.isAdmin && !row.isAdmin) await refreshLiveAccess(ctx, [row.id]);
  return toSubjectRow(row);
}

/**
 * Checks the current password before a change of e-mail or password, so a session left open cannot take
 * the account over. Wrong guesses count against the sign-in limits of the address.
 */
async function confirmCurrentPassword(
  { subject, ...ctx }: SubjectCtx,
  { currentPassword, client }: { currentPassword?: string; client: string },
) {
  if (!currentPassword) {
    throw invalid({ currentPassword: ['Enter your current password to change your e-mail or password.'] });
  }
  if (
    !(await limitedCheck(ctx, limits.loginFailures(subject.username, client), () => verifyPassword(currentPassword, subject.passwordHash)))
  ) {
    throw invalid({ currentPassword: ['The current password is not correct.'] });
  }
}

/** The subject's own profile: never touches isAdmin or status; a new e-mail or password needs the current password. */
export async function updateProfile(
  ctx: SubjectCtx,
  { input, sessionId, client }: { input: ProfileInput; sessionId: string; client: string },
) {
  if (input.password !== undefined || input.username.toLowerCase() !== ctx.subject.username.toLowerCase()) {
    await confirmCurrentPassword(ctx, { currentPassword: input.currentPassword, client });
  }
  return toSessionUser(
    await changeSubject(ctx, { id: ctx.subject.id, values: personal(input), password: input.password, keepSession: sessionId }),
  );
}

/** Deletes a subject; its open pages' sockets close. */
export async function deleteSubject(ctx: Ctx, { id }: { id: number }) {
  const target = await getSubject(ctx, id);
  await assertNotLastAdmin(ctx, { target, field: '_', message: 'The last administrator cannot be deleted.' });
  await deleteSubjectRow(ctx.db, id);
  await endLiveSessions(ctx, { subjectId: id });
}

/** Replaces one side of a subject's links; its open pages keep only the stations it may still see. */
async function relinkSubject(ctx: Ctx, link: { side: LinkSide; id: number; links: (number | LinkInput)[]; field: string }) {
  await getSubject(ctx, link.id);
  const linked = await replaceLinks(ctx, { ...link, ownerId: link.id });
  await refreshLiveAccess(ctx, [link.id]);
  return linked;
}

/** Replaces the subject's directly linked items, and the quality control right on each where it says. */
export const setSubjectItems = (ctx: Ctx, { id, items }: { id: number; items: (number | LinkInput)[] }) =>
  relinkSubject(ctx, { side: linkSides.subjectItems, id, links: items, field: 'ItemsSubject' });

/** Replaces the subject's groups, and the quality control right on each where it says. */
export const setSubjectGroups = (ctx: Ctx, { id, groups }: { id: number; groups: (number | LinkInput)[] }) =>
  relinkSubject(ctx, { side: linkSides.subjectGroups, id, links: groups, field: 'SubjectGroups' });
