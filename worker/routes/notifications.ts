import { notificationCalls } from '../contracts/notifications';
import { notificationSettingsOf, saveNotificationSettings } from '../domain/notifications/settings';
import { createRouter, mount } from '../http/route';

export const notificationRoutes = createRouter();

mount(notificationRoutes, notificationCalls.settings, ({ ctx }) => notificationSettingsOf(ctx.db, ctx.subject));
mount(notificationRoutes, notificationCalls.saveSettings, ({ ctx, body }) => saveNotificationSettings(ctx.db, ctx.subject, body));
