/** SensorThings' entity ids, as D1's entity reads, the station objects and the API's pages all reckon them. */
import { allReadingCodes, type DerivedKind } from '../../shared/readings';

/**
 * Datastream ids pack the station and a slot: station × 16 + slot (docs/decisions/0038). Slots 0–12 are the
 * catalogue's stored codes (their corrected series), 13–15 the derived series of the station's level code; a raw
 * series is its code's id + 2^30, which stays a signed 32-bit integer for stations below 2^26.
 */
export const codesPerStation = 16;
export const rawOffset = 2 ** 30;
/** The derived kinds in their slots' order, from slot 13 on. */
export const derivedKinds: readonly DerivedKind[] = ['elevation', 'depth_below_ground', 'discharge'];
export const firstDerivedSlot = codesPerStation - derivedKinds.length;
if (allReadingCodes.length > firstDerivedSlot) throw new Error('The catalogue outgrew the Datastream slots of a station.');

/**
 * A datastream within its station, as the station's object reads it: its slot, plus 16 for a raw series (so a code
 * is a small number that orders a station's datastreams: corrected and derived, then raw).
 */
export const rawCode = (slot: number) => slot + codesPerStation;

/** What a datastream within its station is: a stored code's corrected or raw series, or a derived kind. */
export type StreamSeries = { series: 'corrected' | 'raw'; code: string } | { series: 'derived'; kind: DerivedKind };

export function seriesOfCode(code: number): StreamSeries | undefined {
  const slot = code % codesPerStation;
  const raw = code >= codesPerStation;
  if (code < 0 || code >= 2 * codesPerStation) return undefined;
  if (slot >= firstDerivedSlot) return raw ? undefined : { series: 'derived', kind: derivedKinds[slot - firstDerivedSlot] };
  const stored = allReadingCodes[slot];
  return stored === undefined ? undefined : { series: raw ? 'raw' : 'corrected', code: stored };
}

export const datastreamId = (station: number, code: number) =>
  station * codesPerStation + (code % codesPerStation) + (code >= codesPerStation ? rawOffset : 0);
export function datastreamOf(id: number) {
  const raw = id >= rawOffset;
  const rest = raw ? id - rawOffset : id;
  const slot = rest % codesPerStation;
  return { station: Math.floor(rest / codesPerStation), codeIndex: raw ? rawCode(slot) : slot };
}

/**
 * An observation's id is text: its datastream and its instant in epoch milliseconds, `"<datastream>-<ms>"`
 * (docs/decisions/0021). Numbers would not do: clients read ids as 32-bit integers (QGIS) and more readings exist
 * than those hold.
 */
export const observationId = (datastream: number, ts: number) => `${datastream}-${ts}`;
/** The datastream and instant an observation id names, or undefined when the text is no observation id. */
export function observationKeyOf(id: string): { datastream: number; ts: number } | undefined {
  const match = /^(\d{1,15})-(-?\d{1,15})$/.exec(id);
  return match ? { datastream: Number(match[1]), ts: Number(match[2]) } : undefined;
}
