import { z } from './zod';
import { defineCall } from './call';
import { id, idList, idQuery, text } from './validation';
import { editData, NamedRef } from './subjects';

export const Groups = z.object({ id: id().optional(), name: text(4, 100) });

export const GroupRow = z.object({ id: z.number(), name: z.string(), nItems: z.number(), nSubjects: z.number() });
export type GroupRow = z.infer<typeof GroupRow>;

export const GroupEdit = editData('group', NamedRef, ['items']);
export type GroupEdit = z.infer<typeof GroupEdit>;

export const GroupEditQuery = z.object({ id: id().optional() });
export const GroupItems = idList();

export const groupCalls = {
  list: defineCall({ method: 'get', path: '/groups', access: 'admin', summary: 'List groups, newest first', reply: z.array(GroupRow) }),
  detail: defineCall({
    method: 'get',
    path: '/groups/edit',
    access: 'admin',
    summary: 'A group with its items and every item (no id: data for a new group)',
    query: GroupEditQuery,
    reply: GroupEdit,
  }),
  save: defineCall({
    method: 'post',
    path: '/groups/edit',
    access: 'admin',
    summary: 'Create (no id) or rename a group',
    body: Groups,
    model: 'Groups',
    reply: NamedRef,
  }),
  delete: defineCall({
    method: ['post', 'get'],
    path: '/groups/delete',
    access: 'admin',
    summary: 'Delete a group',
    query: idQuery,
    reply: z.null(),
    writes: true,
  }),
  setItems: defineCall({
    method: 'post',
    path: '/groups/items',
    access: 'admin',
    summary: 'Replace the items of a group',
    query: idQuery,
    body: GroupItems,
    model: 'GroupItems',
    reply: idList(),
  }),
};
