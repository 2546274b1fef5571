import type { MaintenanceInput, MaintenanceWindow } from '../../contracts/maintenance';
import type { Ctx, SubjectCtx } from '../../context';
import {
  cancelWindow,
  findOverlap,
  findWindow,
  insertWindow,
  markWindowsPushed,
  selectStationWindows,
  selectUnpushedWindowStations,
  selectWindows,
  toWindow,
} from '../../db/maintenance';
import { isoInstant } from '../../../shared/station-time';
import { stationOf } from '../../station/directory';
import { invalid, notFound } from '../errors';
import { visibleItem } from '../items/visibility';
import { pushToStation, type StationPush } from '../station-push';

const minute = 60_000;

/** A station's windows as its object holds them (cancelled ones left out), with the highest revision. */
export const maintenancePush: StationPush = {
  label: 'maintenance windows',
  async send({ db, env }, itemId) {
    const rows = await selectStationWindows(db, itemId);
    if (!rows.length) return null;
    const revision = Math.max(...rows.map((r) => r.rev));
    const windows = rows.filter((r) => r.cancelledAt === null).map((r) => ({ id: r.id, start: r.startsAt, end: r.endsAt }));
    await stationOf(env, itemId).warning().setMaintenance(revision, windows);
    return revision;
  },
  markPushed: markWindowsPushed,
  unpushed: selectUnpushedWindowStations,
};

export async function listWindows(ctx: SubjectCtx, { item_id }: { item_id: number }): Promise<MaintenanceWindow[]> {
  await visibleItem(ctx, { id: item_id }, 'item_id');
  return (await selectWindows(ctx.db, item_id)).map(toWindow);
}

/** Plans a window (or starts one now); an overlapping window is refused with 422 naming it, nothing saved. */
export async function saveWindow(ctx: SubjectCtx, input: MaintenanceInput): Promise<MaintenanceWindow> {
  const item = await visibleItem(ctx, { id: input.item_id }, 'item_id');
  const now = Date.now();
  const start = input.starts_at ? Date.parse(input.starts_at) : now;
  const end = input.ends_at ? Date.parse(input.ends_at) : start + input.minutes! * minute;
  if (end <= start) throw invalid({ ends_at: ['The window must end after it starts.'] });
  if (end <= now) throw invalid({ ends_at: ['The window has already ended.'] });
  const row = await insertWindow(ctx.db, { itemId: item.id, start, end, note: input.note, by: ctx.subject.id, now });
  if (!row) {
    const other = await findOverlap(ctx.db, { itemId: item.id, start, end });
    const when = other ? ` (${isoInstant(other.startsAt)} – ${isoInstant(other.endsAt)})` : '';
    throw invalid({ starts_at: [`This window overlaps another maintenance window of the station${when}: change or cancel that one.`] });
  }
  await pushToStation(ctx, maintenancePush, { itemId: item.id });
  return toWindow(row);
}

export async function deleteWindow(ctx: Ctx, { id }: { id: number }) {
  const row = await findWindow(ctx.db, id);
  if (!row || row.cancelledAt !== null) throw notFound('Maintenance window');
  await cancelWindow(ctx.db, { id, itemId: row.itemId, now: Date.now() });
  await pushToStation(ctx, maintenancePush, { itemId: row.itemId });
  return { id };
}
