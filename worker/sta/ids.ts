/** SensorThings' entity ids, as D1's entity reads, the station objects and the API's pages all reckon them. */

/** Datastream ids pack the station and the code's place in the catalogue: station × 16 + index. */
export const codesPerStation = 16;
export const datastreamId = (station: number, codeIndex: number) => station * codesPerStation + codeIndex;
export const datastreamOf = (id: number) => ({ station: Math.floor(id / codesPerStation), codeIndex: id % codesPerStation });

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
