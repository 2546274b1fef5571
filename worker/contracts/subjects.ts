import { z } from './zod';
import { defineCall } from './call';
import { email, flag, id, idList, optionalText, password, text, idQuery } from './validation';
import { SessionUser } from './site';

const subjectFields = {
  username: email().pipe(z.string().min(4)),
  firstName: text(3, 100),
  secondName: text(3, 100),
  subject: text(3, 200),
  phone: optionalText(50),
  /** A blank password keeps the current one. */
  password: z.union([z.literal('').transform(() => undefined), password()]).optional(),
};

/** The administrator's subject form. */
export const Users = z.object({
  id: id().optional(),
  ...subjectFields,
  isAdmin: flag().optional().default(false),
});

/**
 * The subject's own profile: the same fields without the administrator switch. Changing the e-mail or the
 * password also needs the current password.
 */
export const Profile = z.object({
  ...subjectFields,
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
export type NamedRef = z.infer<typeof NamedRef>;

/** The key of everything a link tab offers: `items` → `allItems`. */
export const allOf = <K extends string>(tab: K) => `all${tab[0].toUpperCase()}${tab.slice(1)}` as `all${Capitalize<K>}`;

/**
 * An edit screen's link tabs: the ids the record links to on each, and every record each tab offers; `quality`, per
 * tab whose links carry the quality control right (subject–item, subject–group), the ids linked with it.
 */
export type LinkTabs<K extends string> = Record<K, number[]> &
  Record<`all${Capitalize<K>}`, NamedRef[]> & { quality?: Partial<Record<K, number[]>> };
type LinkTabsShape<K extends string> = Record<K, z.ZodArray<z.ZodNumber>> & Record<`all${Capitalize<K>}`, z.ZodArray<typeof NamedRef>>;

const qualityLists = z.record(z.string(), z.array(z.number())).optional().meta({
  description: 'Per tab whose links carry the quality control right: the ids linked with it (they may flag readings and set checks).',
});

/** An edit screen's data: the record under `name` (null for a new one) and its link `tabs`. */
export const editData = <N extends string, R extends z.ZodType, K extends string>(name: N, record: R, tabs: readonly K[]) =>
  z.object({
    [name]: record.nullable(),
    ...Object.fromEntries(
      tabs.flatMap((tab) => [
        [tab, z.array(z.number())],
        [allOf(tab), z.array(NamedRef)],
      ]),
    ),
    quality: qualityLists,
  } as Record<N, z.ZodNullable<R>> & LinkTabsShape<K> & { quality: typeof qualityLists });

/** One link as a link tab sends it: its id, and whether it carries the quality control right (left out: as it is). */
export interface LinkInput {
  id: number;
  quality?: boolean;
}

/**
 * The list a link tab sends for links that carry the quality control right: ids (the documented shape; each keeps the
 * right it has) or `{id, quality}` to set it.
 */
export const linkList = () =>
  z
    .array(z.union([id(), z.object({ id: id(), quality: z.boolean() })]))
    .max(10_000)
    .transform((list) => list.map((x): LinkInput => (typeof x === 'number' ? { id: x } : x)))
    .meta({
      description:
        'Ids, or `{"id": …, "quality": true|false}` to grant or take the quality control right on that link; a plain id keeps the right it has.',
    });

export const SubjectEdit = editData('subject', SubjectRow, ['items', 'groups']);
export type SubjectEdit = z.infer<typeof SubjectEdit>;

export const CurrentUser = SessionUser.extend({ nItems: z.number() });
export type CurrentUser = z.infer<typeof CurrentUser>;

export const SubjectEditQuery = z.object({ id: id().optional() });
export const ItemsSubject = linkList();
export const SubjectGroups = linkList();

export const subjectCalls = {
  list: defineCall({
    method: 'get',
    path: '/subjects',
    access: 'admin',
    summary: 'List subjects, newest first',
    query: SubjectListQuery,
    reply: z.array(SubjectRow),
  }),
  current: defineCall({
    method: 'get',
    path: '/subjects/user',
    access: 'user',
    summary: 'The signed-in subject and the number of stations on its dashboard',
    reply: CurrentUser,
  }),
  detail: defineCall({
    method: 'get',
    path: '/subjects/edit',
    access: 'admin',
    summary: 'A subject with its links and everything it could be linked to (no id: data for a new subject)',
    query: SubjectEditQuery,
    reply: SubjectEdit,
  }),
  save: defineCall({
    method: 'post',
    path: '/subjects/edit',
    access: 'admin',
    summary: 'Create (no id) or update a subject',
    body: Users,
    model: 'Users',
    reply: SubjectRow,
  }),
  delete: defineCall({
    method: ['post', 'get'],
    path: '/subjects/delete',
    access: 'admin',
    summary: 'Delete a subject (never the last administrator)',
    query: idQuery,
    reply: z.null(),
    writes: true,
  }),
  setItems: defineCall({
    method: 'post',
    path: '/subjects/items',
    access: 'admin',
    summary: "Replace a subject's directly linked items (and the quality control right on each)",
    query: idQuery,
    body: ItemsSubject,
    model: 'ItemsSubject',
    reply: idList(),
  }),
  setGroups: defineCall({
    method: 'post',
    path: '/subjects/groups',
    access: 'admin',
    summary: "Replace a subject's groups (and the quality control right on each)",
    query: idQuery,
    body: SubjectGroups,
    model: 'SubjectGroups',
    reply: idList(),
  }),
  profile: defineCall({
    method: 'post',
    path: '/subjects/profile',
    access: 'user',
    summary: "Edit the signed-in subject's own profile (cannot change the administrator role)",
    body: Profile,
    model: 'Users',
    reply: SessionUser,
  }),
  approve: defineCall({
    method: 'post',
    path: '/subjects/approve',
    access: 'admin',
    summary: 'Approve a pending registration and e-mail the applicant',
    query: idQuery,
    reply: SubjectRow,
  }),
  reject: defineCall({
    method: 'post',
    path: '/subjects/reject',
    access: 'admin',
    summary: 'Reject a pending registration and e-mail the applicant',
    query: idQuery,
    reply: SubjectRow,
  }),
};
