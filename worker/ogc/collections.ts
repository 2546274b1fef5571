/**
 * The OGC API – Features collections Hladina serves (docs/decisions/0022): what each is, and the properties its
 * `/items` may be filtered by (query parameters of the same name, compared for equality).
 */

export type CollectionId = 'stations' | 'daily' | 'observations';

export interface Queryable {
  description: string;
  type: 'string';
  format?: 'date';
  enum?: string[];
}

export interface CollectionInfo {
  id: CollectionId;
  title: string;
  description: string;
  queryables: Record<string, Queryable>;
  /** What `datetime` is compared with. */
  temporal: string;
}

const station: Queryable = { type: 'string', description: "The station's unique id (the `stations` collection's feature id)." };
const code: Queryable = { type: 'string', description: 'A reading code of the catalogue, e.g. H1, SRA1H, pressure.' };

export const collections: CollectionInfo[] = [
  {
    id: 'stations',
    title: 'Stations',
    description:
      'Measuring stations as points: name, unique id, source, place, group, time zone, the newest reading and the newest value of each reading code (from the roll-up, at most a few minutes behind).',
    queryables: {
      unique_id: station,
      name: { type: 'string', description: "The station's name." },
      source: { type: 'string', description: 'The logger family.', enum: ['DANES', 'UNIWAN'] },
      place: { type: 'string', description: "The station's place (location name)." },
      group: { type: 'string', description: "The station's location group." },
    },
    temporal: 'the newest reading (last_update)',
  },
  {
    id: 'daily',
    title: 'Daily statistics',
    description:
      "The roll-up per station, reading code and station-local day: readings counted (suspect ones also apart), minimum, maximum, mean (or total for precipitation), first and last reading. Days older than the roll-up's folding age are held as whole months (period: month).",
    queryables: {
      station,
      code,
      day: { type: 'string', format: 'date', description: 'A station-local day, YYYY-MM-DD (a folded month answers for its days).' },
    },
    temporal: "the day's (month's) readings, first to last",
  },
  {
    id: 'observations',
    title: 'Observations',
    description:
      'Every reading: time, code, value, unit, quality flag (good or suspect; rejected readings are left out) and approval. Pages continue from the last reading read, so a deep page costs what the first does.',
    queryables: {
      station,
      code,
      flag: { type: 'string', description: 'The quality flag.', enum: ['good', 'suspect'] },
    },
    temporal: "the reading's time",
  },
];

export const collectionOf = (id: string) => collections.find((c) => c.id === id);

export const conformance = [
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/oas30',
];
