import { z } from './zod';
import { defineCall } from './call';
import { NamedRef } from './subjects';
import { flag, id } from './validation';

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
  stations: z
    .array(z.object({ item_id: id(), mode }))
    .max(10_000)
    .default([]),
  groups: z
    .array(z.object({ group_id: id(), mode }))
    .max(10_000)
    .default([]),
  push: flag().optional().meta({
    description: 'Also push each alarm e-mailed to the subject to its push devices (GET /rest/push/devices); unchanged when absent.',
  }),
});
export type NotificationSettingsInput = z.input<typeof NotificationSettingsInput>;

export const NotificationSettings = z.object({
  mode,
  push: z.boolean().meta({ description: 'Alarms e-mailed to the subject also go to its push devices.' }),
  stations: z.array(z.object({ item_id: z.number(), mode })),
  groups: z.array(z.object({ group_id: z.number(), mode })),
  /** What overrides may name: the stations the subject may see, and its groups (every group for administrators). */
  allStations: z.array(NamedRef),
  allGroups: z.array(NamedRef),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;

const rules =
  'E-mail goes to active subjects who may see the station: `all` alarms, `critical` only, or `none`. For a station, its own override wins; ' +
  "else the most generous override of the subject's groups holding it; else the default `mode`. One e-mail when an alarm fires, one when it clears.";

export const notificationCalls = {
  settings: defineCall({
    method: 'get',
    path: '/notifications/settings',
    access: 'user',
    summary: "The signed-in subject's alarm e-mail settings, with the stations and groups overrides may name",
    description: rules,
    reply: NotificationSettings,
  }),
  saveSettings: defineCall({
    method: 'post',
    path: '/notifications/settings',
    access: 'user',
    summary: "Replace the signed-in subject's alarm e-mail settings",
    description: rules,
    body: NotificationSettingsInput,
    model: 'NotificationSettings',
    reply: NotificationSettings,
  }),
};
