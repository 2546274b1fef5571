import { z } from './zod';
import { id, idList, text } from './validation';
import { NamedRef } from './subjects';

export const Groups = z.object({ id: id().optional(), name: text(4, 100) });

export const GroupRow = z.object({ id: z.number(), name: z.string(), nItems: z.number(), nSubjects: z.number() });
export type GroupRow = z.infer<typeof GroupRow>;

export const GroupEdit = z.object({
  group: z.object({ id: z.number(), name: z.string() }).nullable(),
  items: z.array(z.number()),
  allItems: z.array(NamedRef),
});
export type GroupEdit = z.infer<typeof GroupEdit>;

export const GroupEditQuery = z.object({ id: id().optional() });
export const GroupItems = idList();
