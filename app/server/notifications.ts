import { createServerFn } from '@tanstack/react-start';
import { notificationSettingsOf } from '../../worker/domain/notifications/settings';
import { signedIn } from './middleware';

/** The signed-in subject's alarm e-mail settings, with the stations and groups its overrides may name. */
export const fetchNotificationSettings = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .handler(({ context: { ctx } }) => notificationSettingsOf(ctx));
