/** SensorThings' entity ids, as D1's entity reads, the station objects and the API's pages all reckon them. */

/** Datastream ids pack the station and the code's place in the catalogue: station × 16 + index. */
export const codesPerStation = 16;
export const datastreamId = (station: number, codeIndex: number) => station * codesPerStation + codeIndex;
export const datastreamOf = (id: number) => ({ station: Math.floor(id / codesPerStation), codeIndex: id % codesPerStation });

/**
 * Observation ids pack the datastream and the reading's second since 1900 (UTC): datastream × 2^33 + second.
 * Safe integers hold datastream ids below 2^20 (stations below 65,536) and seconds until 2172.
 */
const timeSlots = 2 ** 33;
const secondsBefore1970 = 2_208_988_800;
export const observationId = (datastream: number, ts: number) => datastream * timeSlots + Math.floor(ts / 1000) + secondsBefore1970;
/** The datastream of an observation id and the second (epoch ms, [start, start + 1000)) its reading lies in. */
export const observationOf = (id: number) => ({
  datastream: Math.floor(id / timeSlots),
  start: ((id % timeSlots) - secondsBefore1970) * 1000,
});
export const maxObservationStation = 2 ** 20 / codesPerStation - 1;
