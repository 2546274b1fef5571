import { inTimeOrder, type ChartColumns } from '../../../worker/contracts/telemetry';
import { fetchReadings } from '~/server/telemetry';
import { toCsv } from './csv';

/** Hands a text to the browser as a file download. */
function download(text: string, fileName: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the download has taken its own reference by then.
  setTimeout(() => URL.revokeObjectURL(url));
}

/**
 * Downloads every raw reading of the station over the days the chart answered (not its downsampled points or
 * totals), named after the station and the days: `DANES-BRNO-01_2026-11-01_2026-11-22.csv`.
 */
export async function exportCsv({ item, range: { from, to } }: Pick<ChartColumns, 'item' | 'range'>) {
  const { data } = await fetchReadings({ data: { id: item.unique_id, from, to } });
  download(toCsv(inTimeOrder(data), item.timezone), `${item.unique_id}_${from}_${to}.csv`);
}
