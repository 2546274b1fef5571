import type { z } from 'zod';
import type { NotificationSettings, NotificationSettingsInput } from '../../contracts/notifications';
import type { SubjectCtx } from '../../context';
import {
  replaceNotificationSettings,
  selectChoosableGroups,
  selectChoosableStations,
  selectNotificationSettings,
} from '../../db/notifications';
import { invalid } from '../errors';

/** A subject's alarm e-mail settings with the stations and groups its overrides may name. */
export async function notificationSettingsOf({ db, subject }: SubjectCtx): Promise<NotificationSettings> {
  const [preference, overrides, allStations, allGroups] = await selectNotificationSettings(db, subject);
  return {
    mode: preference[0]?.mode ?? 'all',
    push: preference[0]?.push ?? false,
    stations: overrides.flatMap((o) => (o.itemId === null ? [] : [{ item_id: o.itemId, mode: o.mode }])),
    groups: overrides.flatMap((o) => (o.groupId === null ? [] : [{ group_id: o.groupId, mode: o.mode }])),
    allStations,
    allGroups,
  };
}

/** Ids of `wanted` that the subject may not choose (checked 90 at a time, under D1's 100 parameters), as a 422 under `field`. */
async function refuseUnknown(wanted: number[], choosable: (ids: number[]) => Promise<{ id: number }[]>, field: string, what: string) {
  for (let i = 0; i < wanted.length; i += 90) {
    const chunk = wanted.slice(i, i + 90);
    const known = new Set((await choosable(chunk)).map((r) => r.id));
    const missing = chunk.filter((id) => !known.has(id));
    if (missing.length) throw invalid({ [field]: [`${what} you may not choose: ${missing.join(', ')}.`] });
  }
}

/**
 * Replaces a subject's alarm e-mail settings at once. Overrides may name only stations the subject may see and
 * groups it belongs to (any group for an administrator); a station or group named twice keeps its last mode.
 */
export async function saveNotificationSettings(ctx: SubjectCtx, input: z.output<typeof NotificationSettingsInput>) {
  const { db, subject } = ctx;
  const stations = new Map(input.stations.map((s) => [s.item_id, s.mode]));
  const groupModes = new Map(input.groups.map((g) => [g.group_id, g.mode]));
  await refuseUnknown([...stations.keys()], (ids) => selectChoosableStations(db, subject, ids), 'stations', 'Stations');
  await refuseUnknown([...groupModes.keys()], (ids) => selectChoosableGroups(db, subject, ids), 'groups', 'Groups');
  await replaceNotificationSettings(db, subject.id, {
    mode: input.mode,
    push: input.push,
    overrides: [
      ...[...stations].map(([itemId, mode]) => ({ subjectId: subject.id, itemId, groupId: null, mode })),
      ...[...groupModes].map(([groupId, mode]) => ({ subjectId: subject.id, itemId: null, groupId, mode })),
    ],
  });
  return notificationSettingsOf(ctx);
}
