/**
 * The requests QGIS's SensorThings provider and the FROST Grafana datasource send (as their published source
 * builds them: qgis/QGIS src/core/providers/sensorthings and its Python tests; FraunhoferIOSB/
 * frost-sensorthings-datasource src/api.ts and src/datasource.ts), replayed against the Worker; and a year of
 * observations read page by page. No SensorThings client library is published on npm (and PyPI cannot be reached
 * here), so the paging client is our own (tests/support/sta.ts): it follows @iot.nextLink as the spec says, as
 * Grafana does and as QGIS does.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { make } from '../support/make';
import { ingest, runCron } from '../support/telemetry';
import { allPages, apiToken, ok, root, sta, staNetwork, t0, type Auth, type PagingMode } from '../support/sta';

type Network = Awaited<ReturnType<typeof staNetwork>>;
let network: Network;
let basic: Auth;

beforeAll(async () => {
  network = await staNetwork();
  basic = { basic: network.ownerToken };
});

/** QGIS's geometry-type filter for Locations (QgsSensorThingsUtils), and its combination of several filters. */
const pointType = "location/type eq 'Point' or location/geometry/type eq 'Point'";
const combine = (...filters: string[]) => (filters.length === 1 ? filters[0] : filters.map((f) => `(${f})`).join(' and '));
/** QgsRectangle::asWktPolygon: xmin/ymin first, full double precision, a space after each comma. */
const extent = (x1: number | string, y1: number, x2: number, y2: number) =>
  `geo.intersects(location, geography'POLYGON((${x1} ${y1}, ${x2} ${y1}, ${x2} ${y2}, ${x1} ${y2}, ${x1} ${y1}))')`;

/** A reply QGIS can read: strings are never null (nlohmann's get<std::string> throws on null). */
function qgisReadable(entity: any) {
  for (const key of ['name', 'description', 'encodingType', 'metadata', 'definition', 'observationType'])
    if (key in entity) expect(typeof entity[key], key).toBe('string');
}

describe('QGIS SensorThings provider', () => {
  it('connects: the root document (as typed, with or without a slash) names each set by an absolute URL it uses verbatim', async () => {
    for (const url of [root, `${root}/`]) {
      const json = await ok(url, basic);
      expect(json.value.find((v: any) => v.name === 'Locations').url).toBe(`${root}/Locations`);
    }
  });

  it('counts and reads a Location layer, its map extent and its subset filter, and follows nextLinks with $top rewritten', async () => {
    const locations = `${root}/Locations`;
    expect((await ok(`${locations}?$top=0&$count=true&$filter=${pointType}`, basic))['@iot.count']).toBe(2);
    const first = await ok(`${locations}?$top=2&$count=false&$filter=${pointType}`, basic);
    expect(first.value).toHaveLength(2);
    expect(first).not.toHaveProperty(['@iot.count']);
    first.value.forEach(qgisReadable);

    const inBrno = combine(pointType, extent('16.600000000000001', 49, 17, 50));
    expect((await ok(`${locations}?$top=2&$count=false&$filter=${inBrno}`, basic)).value.map((l: any) => l['@iot.id'])).toEqual([
      network.brno.id,
    ]);
    expect((await ok(`${locations}?$top=0&$count=true&$filter=${combine(pointType, "name eq 'Brno-Komín'")}`, basic))['@iot.count']).toBe(
      1,
    );
    expect(
      (await ok(`${locations}?$top=2&$count=false&$filter=${combine(pointType, extent(10, 45, 20, 55), "name eq 'Praha'")}`, basic)).value,
    ).toHaveLength(1);

    // getFeatureIdsInExtent: the nextLink's $top is rewritten by regex to QGIS's own page size.
    const page = await ok(`${locations}?$top=1&$count=false&$filter=${combine(pointType, extent(10, 45, 20, 55))}`, basic);
    const rewritten = page['@iot.nextLink'].replace(/\$top=\d+/, '$top=200');
    const rest = await ok(rewritten, basic);
    expect([...page.value, ...rest.value].map((l: any) => l['@iot.id'])).toEqual([network.brno.id, network.praha.id]);
    expect(rest).not.toHaveProperty(['@iot.nextLink']);
  });

  it('reads Things, Observations and FeaturesOfInterest layers as its tests request them', async () => {
    expect((await ok(`${root}/Things?$top=0&$count=true`, basic))['@iot.count']).toBe(2);
    (await ok(`${root}/Things?$top=2&$count=false`, basic)).value.forEach(qgisReadable);
    expect((await ok(`${root}/Observations?$top=0&$count=true`, basic))['@iot.count']).toBe(9);
    const observations = await ok(`${root}/Observations?$top=2&$count=false`, basic);
    expect(observations.value).toHaveLength(2);
    for (const o of observations.value) {
      expect(o.phenomenonTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(typeof o.result).toBe('number');
    }
    const features = await ok(
      `${root}/FeaturesOfInterest?$top=2&$count=false&$filter=feature/type eq 'Point' or feature/geometry/type eq 'Point'`,
      basic,
    );
    expect(features.value.map((f: any) => f.feature.type)).toEqual(['Point', 'Point']);
    features.value.forEach(qgisReadable);
  });

  it('expands Things, Datastreams and their newest Observations from a Location layer (QGIS 3.38)', async () => {
    const json = await ok(
      `${root}/Locations?$top=200&$count=false&$expand=Things($top=100;$expand=Datastreams($top=10;$expand=Observations($orderby=phenomenonTime desc;$top=100)))`,
      basic,
    );
    const brno = json.value.find((l: any) => l['@iot.id'] === network.brno.id);
    const h1 = brno.Things[0].Datastreams.find((d: any) => d.properties.code === 'H1');
    expect(h1.Observations.map((o: any) => o.result)).toEqual([4, 3, 2, 1]);
    // Seven codes, each a corrected and a raw Datastream: the first ten of them.
    expect(brno.Things[0].Datastreams).toHaveLength(10);
    // QGIS orders expansions by id too (its doc comment says `$orderby=id desc`).
    expect((await ok(`${root}/Things?$expand=Datastreams($orderby=id desc;$top=1)`, basic)).value[0].Datastreams).toHaveLength(1);
  });

  it('probes geometry types without credentials: refused with 401, never a server error', async () => {
    expect((await sta(root, null)).status).toBe(200);
    const probe = await sta(
      `${root}/Locations?$top=0&$count=true&$filter=location/type eq 'LineString' or location/geometry/type eq 'LineString'`,
      null,
    );
    expect(probe.status).toBe(401);
    expect(probe.headers.get('WWW-Authenticate')).toMatch(/^Basic realm=/);
  });
});

describe('Grafana SensorThings datasource (iosb-sensorthings-datasource)', () => {
  // Grafana's proxy appends the plugin's path to the URL configured with a trailing slash.
  const base = `${root}/`;

  it('passes "Save & Test" and lists entities as its tables do, with column filters', async () => {
    expect((await sta(base, basic)).status).toBe(200);
    expect((await sta(base, { basic: 'hladina_not-a-token' })).status).toBe(401);
    const things = await ok(`${base}/Things?$count=true&$top=10`, basic);
    expect(things['@iot.count']).toBe(2);
    const filtered = await ok(
      `${base}/Things?$filter=startswith(name,'Br') and startswith(description,'DANES')&$count=true&$top=10`,
      basic,
    );
    expect(filtered.value.map((t: any) => t.name)).toEqual(['Brno well']);
    // Column names with a dot become paths; @iot.id is passed through unchanged.
    const units = await ok(`${base}/Datastreams?$filter=startswith(unitOfMeasurement/name,'hecto')&$count=true&$top=10`, basic);
    expect(units.value.map((d: any) => [d.properties.code, d.properties.series])).toEqual([
      ['pressure', 'corrected'],
      ['pressure', 'raw'],
    ]);
    const byId = await ok(`${base}/Datastreams?$filter=startswith(@iot.id,'${network.brno.id * 16}')&$count=true&$top=10`, basic);
    expect(byId.value[0]['@iot.id']).toBe(network.brno.id * 16);
    const ofThing = await ok(`${base}/Things(${network.brno.id})/Datastreams?$count=true&$top=10`, basic);
    expect(ofThing['@iot.count']).toBe(14);
    const second = await ok(`${base}/Datastreams?$count=true&$top=5&$skip=5`, basic);
    expect(second.value).toHaveLength(5);
    expect(second['@iot.count']).toBe(26);
  });

  it('draws a datastream over the dashboard range (its own $filter, inclusive, and $top=1000)', async () => {
    const from = new Date(t0).toISOString();
    const to = new Date(t0 + 20 * 60_000).toISOString();
    const path = `/Datastreams(${network.brno.id * 16})/Observations`;
    const series = await ok(
      `${base}${path}?$orderby=phenomenonTime asc&$filter=phenomenonTime ge ${from} and phenomenonTime le ${to}&$top=1000`,
      basic,
    );
    expect(series.value.map((o: any) => [o.phenomenonTime, o.result])).toEqual([
      [from, 1],
      [new Date(t0 + 10 * 60_000).toISOString(), 2],
      [to, 3],
    ]);
    // A path without `?` gets the filter appended with `&` all the same.
    const lenient = await ok(`${base}${path}&$filter=phenomenonTime ge ${from} and phenomenonTime le ${to}&$top=1000`, basic);
    expect(lenient.value).toHaveLength(3);
  });
});

describe('paging a year of observations', () => {
  let auth: Auth;
  let datastream: number;
  const hours = 365 * 24;

  beforeAll(async () => {
    const owner = await make.subject();
    const station = await make.station({ viewers: [owner], token: true, locationX: 49, locationY: 16 });
    const start = Date.UTC(2025, 0, 1);
    const rows = Array.from({ length: hours }, (_, h) => ({
      data_name: 'H1',
      data_value: Math.round(Math.sin(h / 24) * 1000) / 1000,
      date: new Date(start + h * 3_600_000).toISOString(),
    }));
    for (let i = 0; i < rows.length; i += 5000) await ingest('danes', station.token, { rows: rows.slice(i, i + 5000) });
    auth = { bearer: await apiToken(owner) };
    datastream = station.id * 16;
  }, 60_000);

  it('counts them exactly before the roll-up has run and after', async () => {
    const url = `/Datastreams(${datastream})/Observations?$top=0&$count=true`;
    expect((await ok(url, auth))['@iot.count']).toBe(hours);
    await runCron();
    expect((await ok(url, auth))['@iot.count']).toBe(hours);
    expect((await ok('/Observations?$top=0&$count=true', auth))['@iot.count']).toBe(hours);
  });

  it.each<PagingMode>(['spec', 'grafana', 'qgis'])(
    'reads every one once, in order, following nextLinks as %s does',
    { timeout: 60_000 },
    async (mode) => {
      const pages = await allPages(`/Datastreams(${datastream})/Observations?$orderby=phenomenonTime asc&$top=1000`, auth, mode);
      const times = pages.flat().map((o) => Date.parse(o.phenomenonTime));
      expect(times).toHaveLength(hours);
      expect(times.every((t, i) => i === 0 || t - times[i - 1] === 3_600_000)).toBe(true);
      expect(new Set(pages.flat().map((o) => o['@iot.id'])).size).toBe(hours);
      expect(pages.slice(0, -1).every((p) => p.length === (mode === 'qgis' && p !== pages[0] ? 700 : 1000))).toBe(true);
    },
  );

  it.each<PagingMode>(['spec', 'grafana', 'qgis'])(
    'pages newest first, and through Things and Datastreams, as %s does',
    { timeout: 60_000 },
    async (mode) => {
      const newest = (await allPages(`/Observations?$orderby=phenomenonTime desc&$top=2000`, auth, mode)).flat();
      expect(newest).toHaveLength(hours);
      expect(newest.every((o, i) => i === 0 || Date.parse(o.phenomenonTime) < Date.parse(newest[i - 1].phenomenonTime))).toBe(true);
      expect((await allPages('/Things?$top=1', auth, mode, 1)).flat()).toHaveLength(1);
      const datastreams = (await allPages('/Datastreams?$top=2', auth, mode, 3)).flat();
      const codes = Array.from({ length: 7 }, (_, i) => datastream + i);
      expect(datastreams.map((d) => d['@iot.id'])).toEqual([...codes, ...codes.map((id) => id + 2 ** 30)]);
    },
  );
});
