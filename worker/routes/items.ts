import { z } from 'zod';
import { IngestToken, ItemEdit, ItemEditQuery, ItemGroups, ItemRow, Items, ItemSubjects } from '../contracts/items';
import { idList, idQuery } from '../contracts/validation';
import {
  issueStationToken,
  itemForEdit,
  listAllItems,
  listOwnItems,
  saveItem,
  setItemGroups,
  setItemSubjects,
} from '../domain/items/manage';
import { createRouter, defineRoute } from '../http/route';

export const itemRoutes = createRouter();

defineRoute(
  itemRoutes,
  { method: 'get', path: '/', access: 'admin', summary: 'List every item, newest first', data: z.array(ItemRow) },
  ({ c }) => listAllItems(c.var.db),
);

defineRoute(
  itemRoutes,
  {
    method: 'get',
    path: '/user-items',
    access: 'user',
    summary: 'Items linked to the signed-in subject, directly or through its groups',
    data: z.array(ItemRow),
  },
  ({ c, actor }) => listOwnItems(c.var.db, actor),
);

defineRoute(
  itemRoutes,
  {
    method: 'get',
    path: '/edit',
    access: 'admin',
    summary: 'An item with its groups and subjects, and everything it could be linked to (no id: data for a new item)',
    query: ItemEditQuery,
    data: ItemEdit,
  },
  ({ c, query }) => itemForEdit(c.var.db, query.id),
);

defineRoute(
  itemRoutes,
  { method: 'post', path: '/edit', access: 'admin', summary: 'Create (no id) or update an item', body: { model: 'Items', schema: Items }, data: ItemRow },
  ({ c, body }) => saveItem(c.var.db, body),
);

defineRoute(
  itemRoutes,
  {
    method: 'post',
    path: '/groups',
    access: 'admin',
    summary: 'Replace the groups an item belongs to',
    query: idQuery,
    body: { model: 'ItemGroups', schema: ItemGroups },
    data: idList(),
  },
  ({ c, query, body }) => setItemGroups(c.var.db, c.env, query.id, body),
);

defineRoute(
  itemRoutes,
  {
    method: 'post',
    path: '/subjects',
    access: 'admin',
    summary: 'Replace the subjects an item is linked to directly',
    query: idQuery,
    body: { model: 'ItemSubjects', schema: ItemSubjects },
    data: idList(),
  },
  ({ c, query, body }) => setItemSubjects(c.var.db, c.env, query.id, body),
);

defineRoute(
  itemRoutes,
  {
    method: 'post',
    path: '/token',
    access: 'admin',
    summary: "Issue a station's ingest token (shown once) and revoke the previous one",
    query: idQuery,
    data: IngestToken,
  },
  ({ c, query }) => issueStationToken(c.var.db, query.id),
);
