import { earliestReading, futureMargin } from '../../config';
import type { Ctx } from '../../context';
import type { ReadingInfo } from '../../../shared/readings';
import type { IngestResult } from '../../contracts/telemetry';
import type { StationRecord } from '../../db/stations';
import { BatchBuilder, type ReadingBatch, type Refusal } from '../../station/batch';
import { stationOf } from '../../station/directory';
import { AppError, type FieldErrors } from '../errors';
import { approvedText, importerStation, noteTokenUse, phaseTimer, stationRef } from './ingest';
import { fieldKinds, parseLineProtocol, type Precision } from './line-protocol';
import { readingOfSource, timeLimits, timeProblem, valueProblem } from './rows';
import type { IngestCaller } from './tokens';

/** The tag that names a point's station (its unique id); a station's own token may leave it out. */
export const stationTag = 'station';

/** Most readings (fields) one write may carry. */
export const maxLineReadings = 100_000;

// A refusal names this many lines at most, then says how many more there were.
const maxNamedLines = 20;

/** One station's share of a write: its readings, and the line each came from. */
interface StationLines {
  item: StationRecord;
  builder: BatchBuilder;
  lines: number[];
  /** Per field name of the write (its index), the code it is in the batch (-1: not a reading of this station). */
  codes: Map<number, { code: number; info: ReadingInfo } | null>;
  batch?: ReadingBatch;
}

const lineOf = (key: string) => Number(key.slice('lines.'.length));

/** Refusals by line, as `lines.<n>` (the JSON ingest's `rows.<i>`), at most `maxNamedLines` lines named. */
class LineRefusals {
  readonly errors: FieldErrors = {};
  private lines = 0;

  add(line: number, message: string) {
    const key = `lines.${line}`;
    if (this.errors[key]) this.errors[key].push(message);
    else if (++this.lines <= maxNamedLines) this.errors[key] = [message];
  }

  /** Throws what was found (400, or `code`), if anything was, line by line. */
  throwAny(code: 'bad_request' | 'forbidden' = 'bad_request') {
    if (!this.lines) return;
    const errors = Object.fromEntries(Object.entries(this.errors).sort(([a], [b]) => lineOf(a) - lineOf(b)));
    if (this.lines > maxNamedLines) errors._ = [`…and ${this.lines - maxNamedLines} more lines refused.`];
    throw new AppError(code, errors);
  }
}

/** The code a field names at a station: the station's own mapping, else the field's own name (a reading code). */
function codeOfField(item: StationRecord, field: string) {
  const code = item.lineFields?.[field] ?? field;
  return readingOfSource(item.nameForApi, code);
}

const fieldText = (field: string) => JSON.stringify(field);

/**
 * Stores a write of InfluxDB line protocol all-or-nothing (docs/decisions/0023): every line is read and checked
 * (its station from the `station` tag or the token, fields mapped to reading codes, the JSON ingest's plausibility
 * rules) before any station stores anything; a write for several stations asks each of their objects whether it would
 * refuse a reading (approved data) before any of them stores. Bad lines are named (`lines.<n>`), nothing is stored.
 */
export async function ingestLines(
  ctx: Ctx & { caller: IngestCaller },
  { text, precision, now = Date.now(), timings }: { text: string; precision: Precision; now?: number; timings?: Record<string, number> },
): Promise<IngestResult> {
  const { db, env, config, caller } = ctx;
  const lap = phaseTimer(timings);
  const parsed = parseLineProtocol(text, { precision, tag: stationTag, now, maxValues: maxLineReadings });
  if (parsed.overflow) {
    throw new AppError('payload_too_large', { _: [`Send at most ${maxLineReadings.toLocaleString('en')} readings per write.`] });
  }
  const refusals = new LineRefusals();
  // Lines that cannot be read are named with whatever is wrong with the others.
  for (const { line, message } of parsed.errors) refusals.add(line, message);
  lap('parse');

  // Each station the write names, once: the token's own, or (an importer) whatever its tag names.
  const named = [-1, ...parsed.stations.keys()];
  const items = await Promise.all(
    named.map((s) => (caller.station ? caller.station : s < 0 ? undefined : importerStation(db, parsed.stations[s], now))),
  );
  const byItem = new Map<number, StationLines>();
  const stations = new Map<number, StationLines | null>();
  named.forEach((s, i) => {
    const item = items[i];
    if (item && !byItem.has(item.id)) byItem.set(item.id, { item, builder: new BatchBuilder(), lines: [], codes: new Map() });
    stations.set(s, item ? byItem.get(item.id)! : null);
  });
  lap('station');

  const limits = timeLimits(now, earliestReading(config), futureMargin(config));
  const { valuePoint, valueField, valueKind, values, pointLine, pointTs, pointStation } = parsed;
  const foreign = new LineRefusals();
  let [checkedPoint, pointFine] = [-1, false];
  for (let v = 0; v < values.length; v++) {
    const point = valuePoint[v];
    const line = pointLine[point];
    const s = pointStation[point];
    const target = stations.get(s)!;
    if (point !== checkedPoint) {
      checkedPoint = point;
      pointFine = false;
      if (caller.station && s >= 0 && parsed.stations[s] !== caller.station.uniqueId) {
        foreign.add(line, `This token belongs to station ${caller.station.uniqueId}, not ${parsed.stations[s]}.`);
        continue;
      }
      if (!target) {
        refusals.add(
          line,
          s < 0
            ? `No station named: an importer token names each point's station with the tag ${stationTag}=<unique id>.`
            : `No station has the unique id ${fieldText(parsed.stations[s])}.`,
        );
        continue;
      }
      const late = timeProblem(pointTs[point], limits, 'The timestamp');
      if (late) {
        refusals.add(line, late);
        continue;
      }
      pointFine = true;
    }
    if (!pointFine || !target) continue;
    const field = valueField[v];
    let mapped = target.codes.get(field);
    if (mapped === undefined) {
      const info = codeOfField(target.item, parsed.fields[field]);
      mapped = info ? { code: target.builder.codeOf(info.code), info } : null;
      target.codes.set(field, mapped);
    }
    if (!mapped) {
      const { item } = target;
      refusals.add(
        line,
        `Field ${fieldText(parsed.fields[field])} is no reading of ${item.nameForApi} station ${item.uniqueId}: name a field after a reading code, or map it on the station's line protocol tab.`,
      );
      continue;
    }
    const kind = fieldKinds[valueKind[v]];
    if (kind === 'string' || kind === 'boolean') {
      refusals.add(line, `Field ${fieldText(parsed.fields[field])} is a ${kind}; readings are numbers.`);
      continue;
    }
    const bad = valueProblem(mapped.info, values[v], `Field ${fieldText(parsed.fields[field])}`);
    if (bad) {
      refusals.add(line, bad);
      continue;
    }
    target.builder.add(mapped.code, pointTs[point], values[v]);
    target.lines.push(line);
  }
  foreign.throwAny('forbidden');
  refusals.throwAny();
  const writes = [...byItem.values()].filter((t) => t.builder.size > 0);
  for (const target of writes) target.batch = target.builder.build();
  lap('rows');

  const refuseApproved = (target: StationLines, refused: Refusal[]) => {
    for (const { index, approvedUntil } of refused) {
      refusals.add(target.lines[index], approvedText(target.batch!.codes[target.batch!.code[index]], approvedUntil));
    }
  };
  if (writes.length > 1) {
    // Nothing is stored unless every station would take its readings (decision 0023).
    const conflicts = await Promise.all(
      writes.map((t) => stationOf(env, t.item.id).quality().approvalConflicts(stationRef(t.item), t.batch!)),
    );
    writes.forEach((t, i) => refuseApproved(t, conflicts[i]));
    refusals.throwAny();
    lap('check');
  }
  const outcomes = await Promise.all(writes.map((t) => stationOf(env, t.item.id).ingest(stationRef(t.item), t.batch!)));
  lap('rpc');
  let [accepted, duplicates] = [0, 0];
  outcomes.forEach((outcome, i) => {
    if (outcome.refused) refuseApproved(writes[i], outcome.refused);
    accepted += outcome.accepted;
    duplicates += outcome.duplicates;
    if (timings && writes.length === 1) Object.assign(timings, outcome.timings);
  });
  refusals.throwAny();
  noteTokenUse(ctx, caller, now);
  return { accepted, duplicates };
}
