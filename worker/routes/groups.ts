import { groupCalls } from '../contracts/groups';
import { deleteGroup, groupForEdit, listGroups, saveGroup, setGroupItems } from '../domain/groups/manage';
import { createRouter, mount } from '../http/route';

export const groupRoutes = createRouter();

mount(groupRoutes, groupCalls.list, ({ ctx }) => listGroups(ctx));
mount(groupRoutes, groupCalls.detail, ({ ctx, query }) => groupForEdit(ctx, query));
mount(groupRoutes, groupCalls.save, ({ ctx, body }) => saveGroup(ctx, body));
mount(groupRoutes, groupCalls.delete, async ({ ctx, query }) => {
  await deleteGroup(ctx, query);
  return null;
});
mount(groupRoutes, groupCalls.setItems, ({ ctx, query, body }) => setGroupItems(ctx, { id: query.id, itemIds: body }));
