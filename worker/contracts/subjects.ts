import { z } from './zod';
import { email, flag, id, idList, optionalText, password, text } from './validation';
import { SessionUser } from './site';

const subjectFields = {
  username: email().pipe(z.string().min(4)),
  firstName: text(3, 100),
  secondName: text(3, 100),
  subject: text(3, 200),
  phone: optionalText(50),
};

/** The administrator's subject form; a blank password keeps the current one when editing. */
export const Users = z.object({
  id: id().optional(),
  ...subjectFields,
  password: z.union([z.literal('').transform(() => undefined), password()]).optional(),
  isAdmin: flag().optional().default(false),
});

/**
 * The subject's own profile: the same fields without the administrator switch. Changing the e-mail or the
 * password also needs the current password.
 */
export const Profile = z.object({
  ...subjectFields,
  password: z.union([z.literal('').transform(() => undefined), password()]).optional(),
  currentPassword: z.string().max(256).optional(),
});

export const subjectStatus = z.enum(['pending', 'active', 'rejected', 'disabled']);
export type SubjectStatusValue = z.infer<typeof subjectStatus>;

export const SubjectRow = SessionUser.extend({
  status: subjectStatus,
  createdAt: z.string(),
});
export type SubjectRow = z.infer<typeof SubjectRow>;

export const SubjectListQuery = z.object({ status: subjectStatus.optional() });

export const NamedRef = z.object({ id: z.number(), name: z.string() });

export const SubjectEdit = z.object({
  subject: SubjectRow.nullable(),
  items: z.array(z.number()),
  groups: z.array(z.number()),
  allItems: z.array(NamedRef),
  allGroups: z.array(NamedRef),
});
export type SubjectEdit = z.infer<typeof SubjectEdit>;

export const CurrentUser = SessionUser.extend({ nItems: z.number() });
export type CurrentUser = z.infer<typeof CurrentUser>;

export const SubjectEditQuery = z.object({ id: id().optional() });
export const ItemsSubject = idList();
export const SubjectGroups = idList();
