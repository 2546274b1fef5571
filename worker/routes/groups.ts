import { z } from 'zod';
import { GroupEdit, GroupEditQuery, GroupItems, GroupRow, Groups } from '../contracts/groups';
import { NamedRef } from '../contracts/subjects';
import { idList, idQuery } from '../contracts/validation';
import { deleteGroup, groupForEdit, listGroups, saveGroup, setGroupItems } from '../domain/groups/manage';
import { createRouter, defineRoute } from '../http/route';

export const groupRoutes = createRouter();

defineRoute(
  groupRoutes,
  { method: 'get', path: '/', access: 'admin', summary: 'List groups, newest first', data: z.array(GroupRow) },
  ({ c }) => listGroups(c.var.db),
);

defineRoute(
  groupRoutes,
  {
    method: 'get',
    path: '/edit',
    access: 'admin',
    summary: 'A group with its items and every item (no id: data for a new group)',
    query: GroupEditQuery,
    data: GroupEdit,
  },
  ({ c, query }) => groupForEdit(c.var.db, query.id),
);

defineRoute(
  groupRoutes,
  { method: 'post', path: '/edit', access: 'admin', summary: 'Create (no id) or rename a group', body: { model: 'Groups', schema: Groups }, data: NamedRef },
  ({ c, body }) => saveGroup(c.var.db, body),
);

defineRoute(
  groupRoutes,
  { method: ['get', 'post'], path: '/delete', access: 'admin', summary: 'Delete a group', query: idQuery, data: z.null(), writes: true },
  async ({ c, query }) => {
    await deleteGroup(c.var.db, c.env, query.id);
    return null;
  },
);

defineRoute(
  groupRoutes,
  {
    method: 'post',
    path: '/items',
    access: 'admin',
    summary: 'Replace the items of a group',
    query: idQuery,
    body: { model: 'GroupItems', schema: GroupItems },
    data: idList(),
  },
  ({ c, query, body }) => setGroupItems(c.var.db, c.env, query.id, body),
);
