/** SQL for 90 days (or `days`) of 10-minute demo readings of the demo stations, already rolled up into daily_stats. */
import { localDay } from '../../worker/contracts/station-time';
import { recomputeDay, type Statement } from '../../worker/domain/telemetry/rollup';
import { sqlValue } from '../lib/d1';
import { demoStations } from './accounts';
import { StationWeather } from './weather';

const STEP = 10 * 60_000;
const DAYS = 90;
const rowsPerInsert = 500;

// The seed runs the cron's own roll-up statements, with their parameters written in.
const inline = ({ text, params }: Statement) => `${text.replace(/\?(\d+)/g, (_, n) => sqlValue(params[Number(n) - 1]))};`;

export function readingsSql(now = Date.now(), timezone = 'Europe/Prague', days = DAYS): string {
  const end = Math.floor(now / STEP) * STEP;
  const start = end - days * 24 * 3_600_000;
  const lines: string[] = [];
  for (const station of demoStations) {
    const weather = new StationWeather(station.source, station.id * 7919, start);
    const values: string[] = [];
    const days = new Set<string>();
    for (let ts = start; ts <= end; ts += STEP) {
      days.add(localDay(ts, timezone));
      for (const [code, value] of Object.entries(weather.step(ts))) values.push(`(${station.id}, ${sqlValue(code)}, ${ts}, ${value})`);
    }
    for (let i = 0; i < values.length; i += rowsPerInsert) {
      lines.push(`INSERT INTO readings (item_id, reading, ts, value) VALUES ${values.slice(i, i + rowsPerInsert).join(', ')};`);
    }
    for (const day of days) lines.push(...recomputeDay({ itemId: station.id, day, timezone }).map(inline));
    lines.push(`UPDATE items SET last_update = ${end} WHERE id = ${station.id};`);
  }
  return lines.join('\n');
}
