import { inTimeOrder, type ChartColumns, type RawReadings } from '../../../worker/contracts/telemetry';
import { download } from '~/lib/download';
import { fetchReadings } from '~/server/telemetry';
import { toCorrectedCsv, toCsv } from './csv';

/** Each reading's flag by code and time, from the export's `q` columns. */
const flagsOf = (data: RawReadings['data']) => (reading: string, ts: number) => {
  const { t, q } = data[reading] ?? { t: [] };
  if (!q) return 0;
  let lo = 0;
  let hi = t.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (t[mid] === ts) return q[mid];
    if (t[mid] < ts) lo = mid + 1;
    else hi = mid - 1;
  }
  return 0;
};

/**
 * Downloads every raw reading of the station over the days the chart answered (not its downsampled points or
 * totals), each with its flag (rejected ones left out if asked), named after the station and the days:
 * `DANES-BRNO-01_2026-11-01_2026-11-22.csv`. With `corrected`, raw and corrected values side by side with the derived
 * codes, each line's flag and approval (`…_corrected.csv`).
 */
export async function exportCsv(
  { item, range: { from, to } }: Pick<ChartColumns, 'item' | 'range'>,
  { withoutRejected = false, corrected = false } = {},
) {
  const readings = await fetchReadings({
    data: { id: item.unique_id, from, to, rejected: withoutRejected ? 'exclude' : undefined, corrected: corrected || undefined },
  });
  const name = `${item.unique_id}_${from}_${to}`;
  if (corrected) download(toCorrectedCsv(readings, item.timezone), `${name}_corrected.csv`);
  else download(toCsv(inTimeOrder(readings.data), item.timezone, { flags: flagsOf(readings.data) }), `${name}.csv`);
}
