import { maintenanceCalls } from '../contracts/maintenance';
import { deleteWindow, listWindows, saveWindow } from '../domain/maintenance/windows';
import { createRouter, mount } from '../http/route';

export const maintenanceRoutes = createRouter();

mount(maintenanceRoutes, maintenanceCalls.list, ({ ctx, query }) => listWindows(ctx, query));
mount(maintenanceRoutes, maintenanceCalls.save, ({ ctx, body }) => saveWindow(ctx, body));
mount(maintenanceRoutes, maintenanceCalls.delete, ({ ctx, query }) => deleteWindow(ctx, query));
