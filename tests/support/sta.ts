/**
 * The SensorThings API's tests: a small network of stations seen by two users (each with an integration token),
 * requests to `/sta/v1.1` as QGIS, Grafana and scripts send them, and a paging client of our own (no SensorThings
 * client library exists on npm, and PyPI's cannot run here) that follows `@iot.nextLink` three ways.
 */
import { expect } from 'vitest';
import { NewApiToken } from '../../worker/contracts/api-tokens';
import { fetchWorker, origin, post } from './api';
import { make, type TestSubject } from './make';
import { ingest, runCron } from './telemetry';

export const root = `${origin}/sta/v1.1`;

/** An integration token of `subject`'s, made through the real call. */
export async function apiToken(subject: TestSubject, name = 'Integration'): Promise<string> {
  const res = await post('/rest/api-tokens/create', { ApiToken: { name } }, { token: subject.token, reply: NewApiToken });
  if (res.status !== 200) throw new Error(`token refused: ${res.text}`);
  return res.data.token;
}

/** How a client authenticates: a Bearer token, or HTTP Basic with the token as the password (QGIS, Grafana). */
export type Auth = { bearer: string } | { basic: string } | null;
const header = (auth: Auth): Record<string, string> =>
  !auth ? {} : 'bearer' in auth ? { Authorization: `Bearer ${auth.bearer}` } : { Authorization: `Basic ${btoa(`grafana:${auth.basic}`)}` };

export interface StaReply {
  status: number;
  json: any;
  text: string;
  headers: Headers;
}

/** GETs a SensorThings URL (absolute, or a path under the root) as a client would. */
export async function sta(url: string, auth: Auth): Promise<StaReply> {
  const absolute = url.startsWith('http') ? url : `${root}${url}`;
  const response = await fetchWorker(new Request(absolute, { headers: { 'CF-Connecting-IP': '198.51.100.7', ...header(auth) } }));
  const text = await response.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    // $value and 204 replies are not JSON
  }
  return { status: response.status, json, text, headers: response.headers };
}

/** An entity's key as a path writes it: a number as it is, an Observation's text id quoted. */
export const keyOf = (id: number | string) => (typeof id === 'string' ? `'${id}'` : String(id));

/** Reads a URL and expects 200, returning the JSON. */
export async function ok(url: string, auth: Auth) {
  const res = await sta(url, auth);
  expect(res.status, `${url}: ${res.text.slice(0, 300)}`).toBe(200);
  return res.json;
}

/**
 * How a client follows `@iot.nextLink`: as the spec says (opaque), as Grafana's plugin does (keeps only its
 * query and glues it to its own path), or as QGIS does on its extent path (rewrites `$top`).
 */
export type PagingMode = 'spec' | 'grafana' | 'qgis';

/** Every page of a collection, following nextLinks the client's way; checks each link is absolute and carries `$top`. */
export async function allPages(url: string, auth: Auth, mode: PagingMode, qgisTop = 700) {
  const path = `${root}${url.split('?')[0]}`;
  const pages: any[][] = [];
  for (let next: string | undefined = `${root}${url}`; next;) {
    const json = await ok(next, auth);
    pages.push(json.value);
    const link: string | undefined = json['@iot.nextLink'];
    if (!link) break;
    expect(link).toMatch(/^http:\/\/hladina\.test\/sta\/v1\.1\//);
    expect(link).toMatch(/[?&]\$top=\d+/);
    expect(link.split('?').length, 'no "?" inside the query').toBe(2);
    next =
      mode === 'grafana' ? `${path}?${link.split(/[?]+/).pop()}` : mode === 'qgis' ? link.replace(/\$top=\d+/, `$top=${qgisTop}`) : link;
  }
  return pages;
}

/** 2026-03-01T00:00:00Z: the network's readings start here. */
export const t0 = Date.UTC(2026, 2, 1);
const at = (minutes: number) => new Date(t0 + minutes * 60_000).toISOString();

/**
 * Two users, each with a session and an integration token, and four stations: Brno (DANES, the owner's own),
 * Praha (UNIWAN, the owner's through a group), Ostrava (DANES, the other user's) and a hidden one nobody but
 * administrators sees; with readings rolled up.
 */
export async function staNetwork() {
  const [owner, other] = [await make.subject(), await make.subject()];
  const group = await make.group({ members: [owner] });
  const brno = await make.station({
    viewers: [owner],
    token: true,
    name: 'Brno well',
    locationX: 49.19,
    locationY: 16.61,
    locationName: 'Brno-Komín',
    locationGroup: 'South Moravia',
  });
  const praha = await make.station({
    source: 'UNIWAN',
    groups: [group],
    token: true,
    name: 'Praha gauge',
    locationX: 50.08,
    locationY: 14.42,
    locationName: 'Praha',
  });
  const ostrava = await make.station({ viewers: [other], token: true, name: 'Ostrava well', locationX: 49.83, locationY: 18.28 });
  const hidden = await make.station({ token: true, name: 'Hidden well', locationX: 49.5, locationY: 17 });
  await ingest('danes', brno.token, {
    rows: [
      ...[1, 2, 3, 4].map((v, k) => ({ data_name: 'H1', data_value: v, date: at(k * 10) })),
      { data_name: '_T', data_value: -1.5, date: at(0) },
      { data_name: '_T', data_value: 0.5, date: at(10) },
    ],
  });
  await ingest('uniwan', praha.token, {
    rows: [
      { value_id: 'pressure', value: 1000, timestamp: at(0) },
      { value_id: 'pressure', value: 1010, timestamp: at(60) },
      { value_id: 'humidity', value: 55, timestamp: at(0) },
    ],
  });
  await ingest('danes', ostrava.token, { rows: [{ data_name: 'H1', data_value: 7, date: at(0) }] });
  await ingest('danes', hidden.token, { rows: [{ data_name: 'H1', data_value: 9, date: at(0) }] });
  await runCron();
  return {
    owner,
    other,
    group,
    brno,
    praha,
    ostrava,
    hidden,
    ownerToken: await apiToken(owner, 'QGIS'),
    otherToken: await apiToken(other, 'Grafana'),
  };
}

/** The observations of the network's owner: Brno's H1 (4) and _T (2), Praha's pressure (2) and humidity (1). */
export const ownersObservations = 9;

/** Mandatory properties and relations per entity set, as the suite checks them. */
export const entityTypes = {
  Things: { properties: ['name', 'description'], relations: ['Datastreams', 'HistoricalLocations', 'Locations'] },
  Locations: { properties: ['name', 'description', 'encodingType', 'location'], relations: ['HistoricalLocations', 'Things'] },
  HistoricalLocations: { properties: ['time'], relations: ['Thing', 'Locations'] },
  Datastreams: {
    properties: ['name', 'description', 'unitOfMeasurement', 'observationType'],
    relations: ['Thing', 'Sensor', 'ObservedProperty', 'Observations'],
  },
  Sensors: { properties: ['name', 'description', 'encodingType', 'metadata'], relations: ['Datastreams'] },
  ObservedProperties: { properties: ['name', 'definition', 'description'], relations: ['Datastreams'] },
  Observations: { properties: ['phenomenonTime', 'result', 'resultTime'], relations: ['Datastream', 'FeatureOfInterest'] },
  FeaturesOfInterest: { properties: ['name', 'description', 'encodingType', 'feature'], relations: ['Observations'] },
} as const;
export type SetName = keyof typeof entityTypes;
export const sets = Object.keys(entityTypes) as SetName[];
/** The set a relation leads to (whose mandatory properties its entities carry). */
export const targetOf = (relation: string): SetName =>
  sets.find((s) => s === relation) ??
  sets.find((s) => s === `${relation}s`) ??
  (relation === 'ObservedProperty' ? 'ObservedProperties' : 'FeaturesOfInterest');
/** Whether a relation holds many entities (it is named like a set). */
export const isPlural = (relation: string) => (sets as string[]).includes(relation);
