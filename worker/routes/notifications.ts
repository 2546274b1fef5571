import { notificationCalls } from '../contracts/notifications';
import { notificationSettingsOf, saveNotificationSettings } from '../domain/notifications/settings';
import { createRouter, mount } from '../http/route';

export const notificationRoutes = createRouter();

mount(notificationRoutes, notificationCalls.settings, ({ ctx }) => notificationSettingsOf(ctx));
mount(notificationRoutes, notificationCalls.saveSettings, ({ ctx, body }) => saveNotificationSettings(ctx, body));
