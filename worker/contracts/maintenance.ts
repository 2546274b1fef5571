import { z } from './zod';
import { defineCall } from './call';
import { id, idQuery, optionalText } from './validation';

const instant = z.iso.datetime({ offset: true });

/** A window as sent: planned (`starts_at`, `ends_at`) or started now for `minutes` (the phone's button). */
export const MaintenanceInput = z
  .object({
    item_id: id(),
    starts_at: instant.optional().meta({ description: 'Default: now.' }),
    ends_at: instant.optional(),
    minutes: z
      .number()
      .int()
      .min(5)
      .max(7 * 24 * 60)
      .optional()
      .meta({ description: 'Instead of `ends_at`: how long from the start.' }),
    note: optionalText(500),
  })
  .refine((w) => (w.ends_at === undefined) !== (w.minutes === undefined), { path: ['ends_at'] });
export type MaintenanceInput = z.output<typeof MaintenanceInput>;

export const MaintenanceWindow = z.object({
  id: z.number(),
  item_id: z.number(),
  starts_at: z.string(),
  ends_at: z.string(),
  note: z.string().nullable(),
  created_by: z.number().nullable(),
});
export type MaintenanceWindow = z.infer<typeof MaintenanceWindow>;

export const maintenanceCalls = {
  list: defineCall({
    method: 'get',
    path: '/maintenance',
    access: 'user',
    summary: "A station's maintenance windows (newest first)",
    query: z.object({ item_id: id() }),
    reply: z.array(MaintenanceWindow),
  }),
  save: defineCall({
    method: 'post',
    path: '/maintenance/edit',
    access: 'admin',
    summary: 'Plan a maintenance window, or start one now for `minutes`; an overlapping window is refused (422)',
    description:
      "During a window the station's alarms and warning levels notify nobody and its readings are flagged suspect (reason " +
      '`maintenance`, in the quality log); an alarm still active when the window ends notifies then.',
    body: MaintenanceInput,
    model: 'Maintenance',
    reply: MaintenanceWindow,
  }),
  delete: defineCall({
    method: 'post',
    path: '/maintenance/delete',
    access: 'admin',
    summary: 'Cancel a maintenance window',
    query: idQuery,
    reply: z.object({ id: z.number() }),
  }),
};
