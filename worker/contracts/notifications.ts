import { z } from './zod';
import { NamedRef } from './subjects';
import { id } from './validation';

/** Which alarm e-mails a subject receives: all, critical ones only, or none. */
export const notificationModes = ['all', 'critical', 'none'] as const;
export type NotificationMode = (typeof notificationModes)[number];

const mode = z.enum(notificationModes);

/**
 * A subject's alarm e-mail settings: a default `mode`, and overrides for single stations or for groups. For a
 * station, its own override wins; else the most generous override of the groups holding it; else the default.
 */
export const NotificationSettingsInput = z.object({
  mode,
  stations: z.array(z.object({ item_id: id(), mode })).max(10_000).default([]),
  groups: z.array(z.object({ group_id: id(), mode })).max(10_000).default([]),
});
export type NotificationSettingsInput = z.input<typeof NotificationSettingsInput>;

export const NotificationSettings = z.object({
  mode,
  stations: z.array(z.object({ item_id: z.number(), mode })),
  groups: z.array(z.object({ group_id: z.number(), mode })),
  /** What overrides may name: the stations the subject may see, and its groups (every group for administrators). */
  allStations: z.array(NamedRef),
  allGroups: z.array(NamedRef),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;
