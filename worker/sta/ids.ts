/** Datastream ids pack the station and the code's place in the catalogue: station × 16 + index. */
export const codesPerStation = 16;
export const datastreamId = (station: number, codeIndex: number) => station * codesPerStation + codeIndex;
export const datastreamOf = (id: number) => ({ station: Math.floor(id / codesPerStation), codeIndex: id % codesPerStation });
