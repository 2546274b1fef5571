/**
 * Posts a CSV of historical readings through the ingest API in batches:
 *   HLADINA_INGEST_TOKEN=… npm run import -- --station UNIQUE_ID --source danes|uniwan FILE.csv [--url URL] [--batch 5000]
 * The CSV has a header row with the source's row fields: data_name,data_value,date (DANES) or
 * value_id,value,timestamp (UNIWAN). A refused batch is posted again without its bad rows, which are reported.
 */
import { createReadStream } from 'node:fs';
import { parseArgs } from 'node:util';
import { SingleBar, Presets } from 'cli-progress';
import { parse } from 'csv-parse';
import { maxIngestRows, rowFields } from '../worker/contracts/telemetry';
import { postBatch, type IngestSource } from './lib/ingest';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    station: { type: 'string' },
    source: { type: 'string' },
    url: { type: 'string', default: 'http://localhost:5173' },
    batch: { type: 'string', default: String(maxIngestRows) },
    token: { type: 'string' },
  },
});
const token = values.token ?? process.env.HLADINA_INGEST_TOKEN;
const file = positionals[0];
if (!values.station || (values.source !== 'danes' && values.source !== 'uniwan') || !file || !token) {
  console.error('usage: HLADINA_INGEST_TOKEN=… npm run import -- --station UNIQUE_ID --source danes|uniwan FILE.csv [--url URL]');
  console.error('(create a token with `npm run create-importer-token -- --local`)');
  process.exit(2);
}
const source: IngestSource = values.source;
const station = values.station;
const batchSize = Math.min(maxIngestRows, Math.max(1, Number(values.batch)));
const valueField = rowFields[source === 'danes' ? 'DANES' : 'UNIWAN'].value;

const records: Record<string, string | number>[] = [];
for await (const record of createReadStream(file).pipe(parse({ columns: true, skip_empty_lines: true, trim: true }))) {
  const row = record as Record<string, string>;
  // CSV has no numbers; a value that is not one is left as text for the server to refuse by row.
  records.push({
    ...row,
    [valueField]: row[valueField] === '' || Number.isNaN(Number(row[valueField])) ? row[valueField] : Number(row[valueField]),
  });
}

const totals = { accepted: 0, duplicates: 0, rejected: 0 };
const reasons: string[] = [];
const bar = new SingleBar(
  { format: '{bar} {percentage}% | {value}/{total} rows | accepted {accepted} duplicates {duplicates} rejected {rejected}' },
  Presets.shades_classic,
);
bar.start(records.length, 0, totals);

for (let offset = 0; offset < records.length; offset += batchSize) {
  let rows = records.slice(offset, offset + batchSize);
  let reply = await postBatch(values.url, token, source, station, rows);
  const bad = Object.keys(reply.errors).filter((k) => k.startsWith('rows.'));
  if (reply.status === 422 && bad.length) {
    const badIndexes = new Set(bad.map((k) => Number(k.slice(5))));
    for (const k of bad) reasons.push(`line ${offset + Number(k.slice(5)) + 2}: ${reply.errors[k].join(' ')}`);
    totals.rejected += badIndexes.size;
    rows = rows.filter((_, i) => !badIndexes.has(i));
    reply = rows.length ? await postBatch(values.url, token, source, station, rows) : { ...reply, status: 200, accepted: 0, duplicates: 0 };
  }
  if (reply.status !== 200) {
    bar.stop();
    console.error(`The server refused a batch (HTTP ${reply.status}): ${JSON.stringify(reply.errors)}`);
    process.exit(1);
  }
  totals.accepted += reply.accepted;
  totals.duplicates += reply.duplicates;
  bar.update(Math.min(records.length, offset + batchSize), totals);
}
bar.stop();
for (const reason of reasons.slice(0, 20)) console.log(`  rejected ${reason}`);
if (reasons.length > 20) console.log(`  … and ${reasons.length - 20} more`);
console.log(`Done: ${totals.accepted} accepted, ${totals.duplicates} duplicates, ${totals.rejected} rejected.`);
