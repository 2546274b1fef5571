/**
 * Hladina as a SensorThings data model (docs/decisions/0017): the entity sets, the properties each entity
 * carries, and the relations between them. A Thing, its Location, its HistoricalLocation and its FeatureOfInterest
 * are one station and share its id; a Datastream is a station × reading code; Sensors are the sources and
 * ObservedProperties the reading codes; Observations are the readings in the station objects.
 */
import type { D1Set } from '../db/sta';

export type SetName = D1Set | 'Observations';

/** The sets in the order the root document lists them. */
export const setNames: SetName[] = [
  'Things',
  'Locations',
  'HistoricalLocations',
  'Datastreams',
  'Sensors',
  'ObservedProperties',
  'Observations',
  'FeaturesOfInterest',
];

export const isSet = (name: string): name is SetName => (setNames as string[]).includes(name);

/** What one entity of each set is called (in "not found" replies). */
export const singular: Record<SetName, string> = {
  Things: 'Thing',
  Locations: 'Location',
  HistoricalLocations: 'HistoricalLocation',
  Datastreams: 'Datastream',
  Sensors: 'Sensor',
  ObservedProperties: 'ObservedProperty',
  Observations: 'Observation',
  FeaturesOfInterest: 'FeatureOfInterest',
};

/**
 * An entity before links: its id, its properties in the order they are written, the ids of what it relates to,
 * and the relations a request expanded.
 */
export interface Entity {
  set: SetName;
  /** A number; text for an Observation (docs/decisions/0021). */
  id: number | string;
  props: Record<string, unknown>;
  keys: Record<string, number>;
  expanded?: Record<string, Expanded>;
}

/** An expanded relation: its entities (one at most for a to-one relation), and for a to-many one its count and next page. */
export interface Expanded {
  entities: Entity[];
  count?: number;
  nextLink?: string;
  select?: string[];
}

/** Properties per set, in the order they are written (optional ones left out when empty). */
export const propertiesOf: Record<SetName, string[]> = {
  Things: ['name', 'description', 'properties'],
  Locations: ['name', 'description', 'encodingType', 'location', 'properties'],
  HistoricalLocations: ['time'],
  Datastreams: ['name', 'description', 'unitOfMeasurement', 'observationType', 'phenomenonTime', 'resultTime', 'properties'],
  Sensors: ['name', 'description', 'encodingType', 'metadata'],
  ObservedProperties: ['name', 'definition', 'description', 'properties'],
  Observations: ['phenomenonTime', 'resultTime', 'result', 'resultQuality', 'parameters'],
  FeaturesOfInterest: ['name', 'description', 'encodingType', 'feature'],
};

/**
 * A relation: the set it leads to, whether to many, the target's column that names the source, and the value
 * of the source it matches (the source's id, or the id of what it belongs to).
 */
export interface Relation {
  name: string;
  target: SetName;
  many: boolean;
  column: string;
  key: (e: Entity) => number;
}

// Only Observations have text ids, and they are never the parent of a to-many relation.
const own = (e: Entity) => e.id as number;
const many = (name: string, target: SetName, column: string, key = own): Relation => ({ name, target, many: true, column, key });
const one = (name: string, target: SetName, key: (e: Entity) => number): Relation => ({ name, target, many: false, column: 'id', key });

export const relationsOf: Record<SetName, Relation[]> = {
  Things: [
    many('Locations', 'Locations', 'id'),
    many('HistoricalLocations', 'HistoricalLocations', 'id'),
    many('Datastreams', 'Datastreams', 'Thing/id'),
  ],
  Locations: [many('Things', 'Things', 'id'), many('HistoricalLocations', 'HistoricalLocations', 'id')],
  HistoricalLocations: [one('Thing', 'Things', own), many('Locations', 'Locations', 'id')],
  Datastreams: [
    one('Thing', 'Things', (e) => e.keys.station),
    one('Sensor', 'Sensors', (e) => e.keys.sensor),
    one('ObservedProperty', 'ObservedProperties', (e) => e.keys.observedProperty),
    many('Observations', 'Observations', 'Datastream/id'),
  ],
  Sensors: [many('Datastreams', 'Datastreams', 'Sensor/id')],
  ObservedProperties: [many('Datastreams', 'Datastreams', 'ObservedProperty/id')],
  Observations: [
    one('Datastream', 'Datastreams', (e) => e.keys.datastream),
    one('FeatureOfInterest', 'FeaturesOfInterest', (e) => e.keys.station),
  ],
  FeaturesOfInterest: [many('Observations', 'Observations', 'FeatureOfInterest/id')],
};

export const relationOf = (set: SetName, name: string) => relationsOf[set].find((r) => r.name === name);

/** Most entities a page holds, and how many when `$top` is not given. */
export const maxTop = 10_000;
export const defaultTop = 100;

/** The conformance classes the root document lists: the read-only core and its query options. */
export const conformance = [
  'http://www.opengis.net/spec/iot_sensing/1.1/req/datamodel',
  'http://www.opengis.net/spec/iot_sensing/1.1/req/resource-path/resource-path-to-entities',
  'http://www.opengis.net/spec/iot_sensing/1.1/req/request-data',
];
