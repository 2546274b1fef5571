import type { z } from 'zod';
import type { SubjectCtx } from '../../context';
import type {
  Correction,
  CorrectionInput,
  CorrectionRemoval,
  CorrectionsQuery,
  DriftQuery,
  DriftSuggestion,
} from '../../contracts/corrections';
import { isoInstant } from '../../../shared/station-time';
import { isReadingOf } from '../../../shared/readings';
import { findStationFor, type Item } from '../../db/stations';
import { stationOf } from '../../station/directory';
import type { CorrectionChange } from '../../station/facets';
import type { CorrectionParams } from '../../station/corrections/stack';
import { conflict, invalid, notFound } from '../errors';
import { controlled, editorOf, ownReading, station } from '../quality/manage';

const refOf = (item: Item) => ({ id: item.id, uniqueId: item.uniqueId, source: item.nameForApi, timezone: item.timezone });

/**
 * The kind's parameters as the station object keeps them. A barometric correction needs pressure: the station's own,
 * or that of another station the subject may see (`source`), whose object the station's object then copies it from.
 */
async function paramsOf(ctx: SubjectCtx, item: Item, input: CorrectionInput): Promise<CorrectionParams> {
  switch (input.kind) {
    case 'offset':
    case 'drift':
      return { kind: input.kind, amount: input.amount };
    case 'clock_shift':
      return { kind: 'clock_shift', seconds: input.seconds };
    case 'delete_range':
      return { kind: 'delete_range' };
    case 'gap_fill':
      return { kind: 'gap_fill', maxGapMinutes: input.max_gap_minutes, intervalMinutes: item.reportMinutes };
    case 'barometric': {
      if (input.reading === 'pressure') throw invalid({ reading: ['Pressure cannot compensate itself.'] });
      const source = input.source === item.id ? null : input.source;
      const params = { kind: 'barometric' as const, source, density: input.density, referenceHpa: input.reference_hpa };
      if (source === null) {
        if (!isReadingOf(item.nameForApi, 'pressure'))
          throw invalid({ source: [`${item.nameForApi} stations report no pressure: name a station whose pressure to use.`] });
        return params;
      }
      const found = await findStationFor(ctx.db, ctx.subject, { id: source });
      if (!found?.visible) throw invalid({ source: [`There is no station ${source} that you may see.`] });
      if (!isReadingOf(found.item.nameForApi, 'pressure'))
        throw invalid({ source: [`${found.item.name} is a ${found.item.nameForApi} station, which reports no pressure.`] });
      return params;
    }
  }
}

/** The change's correction, or the error a refused change gets. */
function settled(outcome: CorrectionChange, code: string | null): Correction {
  if (outcome.ok) return outcome.correction;
  if (outcome.reason === 'approved')
    throw conflict(
      'from',
      `${code ?? 'This reading'} of this station is approved up to ${isoInstant(outcome.approvedUntil)}: an administrator must withdraw the approval first.`,
    );
  throw outcome.reason === 'missing'
    ? notFound('Correction', 'correction')
    : conflict('correction', 'This correction was removed already.');
}

/** A station's corrections (of one reading), removed ones too, or those in force at an instant. */
export async function corrections(ctx: SubjectCtx, query: z.output<typeof CorrectionsQuery>): Promise<Correction[]> {
  const { item } = await station(ctx, query.id);
  if (query.reading) ownReading(item, query.reading);
  return stationOf(ctx.env, item.id)
    .corrections()
    .list(query.reading, query.at === undefined ? undefined : Date.parse(query.at));
}

/** Adds a correction to one reading of a station (quality control right); approved data refuse it (409). */
export async function addCorrection(ctx: SubjectCtx, { id, body }: { id: number; body: CorrectionInput }): Promise<Correction> {
  const item = await controlled(ctx, id);
  ownReading(item, body.reading);
  const outcome = await stationOf(ctx.env, item.id)
    .corrections()
    .add(
      refOf(item),
      {
        code: body.reading,
        from: Date.parse(body.from),
        to: body.to === null ? null : Date.parse(body.to),
        order: body.order,
        params: await paramsOf(ctx, item, body),
        note: body.note,
      },
      editorOf(ctx),
    );
  return settled(outcome, body.reading);
}

/** Removes a correction (quality control right): the series is computed again without it. */
export async function removeCorrection(
  ctx: SubjectCtx,
  { id, body }: { id: number; body: z.output<typeof CorrectionRemoval> },
): Promise<Correction> {
  const item = await controlled(ctx, id);
  const outcome = await stationOf(ctx.env, item.id).corrections().remove(refOf(item), body.correction, body.note, editorOf(ctx));
  return settled(outcome, null);
}

/** The drift that brings a reading's corrected series onto values measured by hand at both ends of a range. */
export async function suggestedDrift(ctx: SubjectCtx, query: z.output<typeof DriftQuery>): Promise<z.output<typeof DriftSuggestion>> {
  const { item } = await station(ctx, query.id);
  ownReading(item, query.reading);
  const [from, to] = [Date.parse(query.from), Date.parse(query.to)];
  const suggestion = await stationOf(ctx.env, item.id)
    .corrections()
    .suggestDrift(
      query.reading,
      from,
      to,
      query.start_value === undefined || query.end_value === undefined ? undefined : { start: query.start_value, end: query.end_value },
    );
  if (!suggestion)
    throw invalid({ from: [`${query.reading} has no reading, or no manual measurement, near both ends of the range to compare with.`] });
  return {
    reading: query.reading,
    from: isoInstant(from),
    to: isoInstant(to),
    start_difference: suggestion.startDifference,
    end_difference: suggestion.endDifference,
    amount: suggestion.amount,
  };
}
