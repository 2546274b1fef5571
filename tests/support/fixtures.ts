import { groupItems, groups, items, subjectGroups, subjectItems } from '../../worker/db/schema';
import { db } from './api';

let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${counter++}`;

export async function createItem(overrides: Partial<typeof items.$inferInsert> = {}) {
  const [row] = await db()
    .insert(items)
    .values({ name: 'Test well', uniqueId: unique('ITEM'), nameForApi: 'DANES', timezone: 'Europe/Prague', ...overrides })
    .returning();
  return row;
}

export async function createGroup(name = unique('Group')) {
  const [row] = await db().insert(groups).values({ name }).returning();
  return row;
}

export const linkSubjectItem = (subjectId: number, itemId: number) => db().insert(subjectItems).values({ subjectId, itemId });
export const linkSubjectGroup = (subjectId: number, groupId: number) => db().insert(subjectGroups).values({ subjectId, groupId });
export const linkGroupItem = (groupId: number, itemId: number) => db().insert(groupItems).values({ groupId, itemId });
