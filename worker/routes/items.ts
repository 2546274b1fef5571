import { itemCalls } from '../contracts/items';
import {
  issueStationToken,
  itemForEdit,
  listAllItems,
  listOwnItems,
  saveItem,
  setItemGroups,
  setItemSubjects,
} from '../domain/items/manage';
import { createRouter, mount } from '../http/route';

export const itemRoutes = createRouter();

mount(itemRoutes, itemCalls.list, ({ ctx }) => listAllItems(ctx.db));
mount(itemRoutes, itemCalls.own, ({ ctx }) => listOwnItems(ctx.db, ctx.subject));
mount(itemRoutes, itemCalls.detail, ({ ctx, query }) => itemForEdit(ctx.db, query.id));
mount(itemRoutes, itemCalls.save, ({ ctx, body }) => saveItem(ctx.db, body));
mount(itemRoutes, itemCalls.setGroups, ({ ctx, query, body }) => setItemGroups(ctx.db, ctx.env, query.id, body));
mount(itemRoutes, itemCalls.setSubjects, ({ ctx, query, body }) => setItemSubjects(ctx.db, ctx.env, query.id, body));
mount(itemRoutes, itemCalls.issueToken, ({ ctx, query }) => issueStationToken(ctx.db, query.id));
