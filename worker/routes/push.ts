import { pushCalls } from '../contracts/push';
import { listDevices, pushKey, sendTestPush, subscribeDevice, unsubscribeDevice } from '../domain/push/devices';
import { createRouter, mount } from '../http/route';

export const pushRoutes = createRouter();

mount(pushRoutes, pushCalls.key, ({ ctx }) => pushKey(ctx));
mount(pushRoutes, pushCalls.devices, ({ ctx }) => listDevices(ctx));
mount(pushRoutes, pushCalls.subscribe, ({ ctx, body }) => subscribeDevice(ctx, body));
mount(pushRoutes, pushCalls.unsubscribe, ({ ctx, query }) => unsubscribeDevice(ctx, query));
mount(pushRoutes, pushCalls.test, ({ ctx }) => sendTestPush(ctx));
