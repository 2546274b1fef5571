import { NotificationSettings, NotificationSettingsInput } from '../contracts/notifications';
import { notificationSettingsOf, saveNotificationSettings } from '../domain/notifications/settings';
import { createRouter, defineRoute } from '../http/route';

export const notificationRoutes = createRouter();

const rules =
  'E-mail goes to active subjects who may see the station: `all` alarms, `critical` only, or `none`. For a station, its own override wins; ' +
  "else the most generous override of the subject's groups holding it; else the default `mode`. One e-mail when an alarm fires, one when it clears.";

defineRoute(
  notificationRoutes,
  {
    method: 'get',
    path: '/settings',
    access: 'user',
    summary: "The signed-in subject's alarm e-mail settings, with the stations and groups overrides may name",
    description: rules,
    data: NotificationSettings,
  },
  ({ c, actor }) => notificationSettingsOf(c.var.db, actor),
);

defineRoute(
  notificationRoutes,
  {
    method: 'post',
    path: '/settings',
    access: 'user',
    summary: "Replace the signed-in subject's alarm e-mail settings",
    description: rules,
    body: { model: 'NotificationSettings', schema: NotificationSettingsInput },
    data: NotificationSettings,
  },
  ({ c, actor, body }) => saveNotificationSettings(c.var.db, actor, body),
);
