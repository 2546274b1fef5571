import type { Ctx } from '../../context';
import type { LineField, LineFieldsReply } from '../../contracts/items';
import { isReadingOf, readingsOf } from '../../../shared/readings';
import { findStationRecord, updateLineFields, type StationRecord } from '../../db/stations';
import { invalid, notFound } from '../errors';
import { forgetImporterStation } from '../telemetry/ingest';
import { forgetStationTokens } from '../telemetry/tokens';

async function stationById({ db }: Pick<Ctx, 'db'>, id: number) {
  const station = await findStationRecord(db, { id });
  if (!station) throw notFound('Item');
  return station;
}

const replyOf = (station: StationRecord): LineFieldsReply => ({
  item_id: station.id,
  source: station.nameForApi,
  codes: readingsOf(station.nameForApi).map((r) => r.code),
  fields: Object.entries(station.lineFields ?? {})
    .map(([field, code]) => ({ field, code }))
    .sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0)),
});

/** How a station's line protocol fields name its reading codes. */
export const lineFieldsOf = async (ctx: Pick<Ctx, 'db'>, { id }: { id: number }) => replyOf(await stationById(ctx, id));

/**
 * Replaces a station's field names; each must name a code of its source (422 naming `fields.<i>.code`). This isolate
 * takes the new names at once, others within the minute they trust a station for (decision 0015).
 */
export async function setLineFields(ctx: Pick<Ctx, 'db'>, { id, fields }: { id: number; fields: LineField[] }) {
  const station = await stationById(ctx, id);
  const errors = Object.fromEntries(
    fields.flatMap(({ code }, i) =>
      isReadingOf(station.nameForApi, code) ? [] : [[`fields.${i}.code`, [`${code} is not a reading of ${station.nameForApi} stations.`]]],
    ),
  );
  if (Object.keys(errors).length) throw invalid(errors);
  const mapped = fields.length ? Object.fromEntries(fields.map((f) => [f.field, f.code])) : null;
  await updateLineFields(ctx.db, { id, fields: mapped });
  forgetStationTokens(id);
  forgetImporterStation(station.uniqueId);
  return replyOf({ ...station, lineFields: mapped });
}
