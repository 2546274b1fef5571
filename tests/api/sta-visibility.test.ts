/**
 * A token sees exactly the stations its owner sees, through every entity set, nested path, `$expand`, `$filter`
 * and `@iot.count` of the SensorThings API: never a station it may not see, not even by counting.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { make } from '../support/make';
import { apiToken, ok, sta, staNetwork, t0, type Auth } from '../support/sta';

type Network = Awaited<ReturnType<typeof staNetwork>>;
let network: Network;
let owner: Auth;
let other: Auth;

beforeAll(async () => {
  network = await staNetwork();
  owner = { bearer: network.ownerToken };
  other = { basic: network.otherToken };
});

/** The station an entity of a set belongs to. */
const stationOf = (set: string, e: any): number =>
  ['Things', 'Locations', 'HistoricalLocations', 'FeaturesOfInterest'].includes(set)
    ? e['@iot.id']
    : Math.floor(((set === 'Datastreams' ? e['@iot.id'] : Number(e['@iot.id'].split('-')[0])) % 2 ** 30) / 16);
/** An Observation's id as a path writes it: its datastream (the station's first code here) and instant, quoted. */
const observationKey = (station: number, ts: number) => `'${station * 16}-${ts}'`;
const stationSets = ['Things', 'Locations', 'HistoricalLocations', 'FeaturesOfInterest', 'Datastreams', 'Observations'];

describe('a token reads its owner’s stations only', () => {
  it.each(stationSets)('%s lists and counts only the owner’s stations', async (set) => {
    const seen = async (auth: Auth) => {
      const json = await ok(`/${set}?$count=true&$top=1000`, auth);
      return {
        stations: [...new Set(json.value.map((e: any) => stationOf(set, e)))].sort((a: any, b: any) => a - b),
        count: json['@iot.count'],
        listed: json.value.length,
      };
    };
    const mine = await seen(owner);
    expect(mine.stations).toEqual([network.brno.id, network.praha.id]);
    expect(mine.count).toBe(mine.listed);
    const theirs = await seen(other);
    expect(theirs.stations).toEqual([network.ostrava.id]);
    expect(theirs.count).toBe(theirs.listed);
  });

  it.each([
    (n: Network) => `/Things(${n.ostrava.id})`,
    (n: Network) => `/Things(${n.hidden.id})/Datastreams`,
    (n: Network) => `/Locations(${n.ostrava.id})/Things`,
    (n: Network) => `/HistoricalLocations(${n.ostrava.id})/Thing`,
    (n: Network) => `/FeaturesOfInterest(${n.ostrava.id})/Observations`,
    (n: Network) => `/Datastreams(${n.ostrava.id * 16})`,
    (n: Network) => `/Datastreams(${n.ostrava.id * 16})/Observations?$count=true`,
    (n: Network) => `/Observations(${observationKey(n.ostrava.id, t0)})`,
    (n: Network) => `/Observations(${observationKey(n.ostrava.id, t0)})/FeatureOfInterest`,
    (n: Network) => `/Sensors(1)/Datastreams(${n.ostrava.id * 16})`,
    (n: Network) => `/Things(${n.brno.id})/Datastreams(${n.ostrava.id * 16})`,
  ])('answers 404 for another user’s station by any path (%#)', async (path) => {
    const url = path(network);
    expect((await sta(url, owner)).status, url).toBe(404);
  });

  it('keeps other stations out of relations of shared entities, expansions, filters and counts', async () => {
    const danes = await ok('/Sensors(1)/Datastreams?$count=true', owner);
    // Seven codes, each a corrected and a raw Datastream.
    expect(danes['@iot.count']).toBe(14);
    expect(new Set(danes.value.map((d: any) => stationOf('Datastreams', d)))).toEqual(new Set([network.brno.id]));
    const sensors = await ok('/Sensors?$expand=Datastreams($count=true;$top=1000;$expand=Thing,Observations($count=true))', owner);
    const expanded = sensors.value.flatMap((s: any) => s.Datastreams);
    expect(sensors.value.map((s: any) => s['Datastreams@iot.count'])).toEqual([14, 12]);
    expect(new Set(expanded.map((d: any) => d.Thing['@iot.id']))).toEqual(new Set([network.brno.id, network.praha.id]));
    // Each reading twice: in its code's corrected Datastream and its raw one.
    expect(expanded.reduce((n: number, d: any) => n + d['Observations@iot.count'], 0)).toBe(18);
    const h1 = await ok('/ObservedProperties(1)?$expand=Datastreams($expand=Observations)', owner);
    expect(h1.Datastreams.map((d: any) => d['@iot.id'])).toEqual([network.brno.id * 16, network.brno.id * 16 + 2 ** 30]);

    const theirs = `Datastream/id eq ${network.ostrava.id * 16}`;
    const filtered = await ok(`/Observations?$count=true&$filter=${encodeURIComponent(theirs)}`, owner);
    expect(filtered).toEqual({ '@iot.count': 0, value: [] });
    const byName = await ok(`/Things?$count=true&$filter=${encodeURIComponent("startswith(name,'Ostrava')")}`, owner);
    expect(byName).toEqual({ '@iot.count': 0, value: [] });
    const inOstrava = await ok(
      `/Locations?$count=true&$filter=${encodeURIComponent("geo.intersects(location, geography'POLYGON((18 49, 19 49, 19 50, 18 50, 18 49))')")}`,
      owner,
    );
    expect(inOstrava['@iot.count']).toBe(0);
  });

  it('sees every station with an administrator’s token, and follows the owner’s links as they change', async () => {
    const admin = await make.admin();
    const all = await ok('/Things?$top=1000', { bearer: await apiToken(admin) });
    expect(all.value.map((t: any) => t['@iot.id'])).toEqual(
      expect.arrayContaining([network.brno.id, network.praha.id, network.ostrava.id, network.hidden.id]),
    );
    await make.link(network.owner, network.hidden);
    expect((await ok('/Things?$count=true', owner))['@iot.count']).toBe(3);
  });

  it('reads with the owner’s session too, and with nothing at all refuses everything but the root', async () => {
    expect((await ok('/Things?$count=true', { bearer: network.other.token }))['@iot.count']).toBe(1);
    const cookie = await call('GET', '/sta/v1.1/Things?$count=true', { headers: { Cookie: `hladina_session=${network.other.token}` } });
    expect(cookie.json['@iot.count']).toBe(1);
    for (const path of ['/Things', '/Observations?$count=true&$top=0', `/Datastreams(${network.brno.id * 16})`]) {
      const res = await sta(path, null);
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ code: 401, type: 'error', message: expect.stringMatching(/integration token/) });
    }
    expect((await sta('/Things', { bearer: 'hladina_unknown' })).status).toBe(401);
  });
});
