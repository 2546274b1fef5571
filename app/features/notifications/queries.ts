import { queryOptions } from '@tanstack/react-query';
import { fetchNotificationSettings } from '~/server/notifications';

/** The signed-in subject's alarm e-mail settings (profile screen). */
export const notificationSettingsQuery = queryOptions({
  queryKey: ['notifications', 'settings'],
  queryFn: () => fetchNotificationSettings(),
});
