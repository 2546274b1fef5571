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
import { lineFieldsOf, setLineFields } from '../domain/items/line-fields';
import { createRouter, mount } from '../http/route';

export const itemRoutes = createRouter();

mount(itemRoutes, itemCalls.list, ({ ctx }) => listAllItems(ctx));
mount(itemRoutes, itemCalls.own, ({ ctx }) => listOwnItems(ctx));
mount(itemRoutes, itemCalls.detail, ({ ctx, query }) => itemForEdit(ctx, query));
mount(itemRoutes, itemCalls.save, ({ ctx, body }) => saveItem(ctx, body));
mount(itemRoutes, itemCalls.setGroups, ({ ctx, query, body }) => setItemGroups(ctx, { id: query.id, groupIds: body }));
mount(itemRoutes, itemCalls.setSubjects, ({ ctx, query, body }) => setItemSubjects(ctx, { id: query.id, subjects: body }));
mount(itemRoutes, itemCalls.issueToken, ({ ctx, query }) => issueStationToken(ctx, query));
mount(itemRoutes, itemCalls.lineFields, ({ ctx, query }) => lineFieldsOf(ctx, query));
mount(itemRoutes, itemCalls.setLineFields, ({ ctx, query, body }) => setLineFields(ctx, { id: query.id, fields: body.fields }));
