import { warningCalls } from '../contracts/warning';
import { deleteScale, levelEvents, listScales, saveScale } from '../domain/warning/levels';
import { createRouter, mount } from '../http/route';

export const warningRoutes = createRouter();

mount(warningRoutes, warningCalls.list, ({ ctx, query }) => listScales(ctx, { itemId: query.item_id }));
mount(warningRoutes, warningCalls.save, ({ ctx, query, body }) => saveScale(ctx, { id: query.id, scale: body }));
mount(warningRoutes, warningCalls.delete, ({ ctx, query }) => deleteScale(ctx, query));
mount(warningRoutes, warningCalls.events, ({ ctx, query }) => levelEvents(ctx, query));
