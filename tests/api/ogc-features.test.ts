/**
 * OGC API – Features under `/ogc` against the real Worker, D1 and station objects: the landing page, conformance,
 * API document, the three collections with bbox, datetime, limit, property filters and paging both ways, single
 * features, the same visibility as the rest of the API, and bad requests. GDAL reads it in tests/clients/.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fetchWorker, origin, request } from '../support/api';
import { make } from '../support/make';
import { apiToken, ok as staOk, staNetwork, t0, type Auth } from '../support/sta';
import { ingest, runCron } from '../support/telemetry';

type Network = Awaited<ReturnType<typeof staNetwork>>;
let network: Network;
let auth: Auth;

const root = `${origin}/ogc`;

beforeAll(async () => {
  network = await staNetwork();
  auth = { bearer: network.ownerToken };
});

interface Reply {
  status: number;
  json: any;
  text: string;
  headers: Headers;
}

async function get(path: string, who: Auth | { header: string } = auth): Promise<Reply> {
  const headers: Record<string, string> =
    who === null ? {} : 'header' in who ? { Authorization: who.header } : 'bearer' in who ? { Authorization: `Bearer ${who.bearer}` } : {};
  if (who && 'basic' in who) headers.Authorization = `Basic ${btoa(`gdal:${who.basic}`)}`;
  const res = await fetchWorker(new Request(path.startsWith('http') ? path : `${root}${path}`, { headers }));
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    // WaterML is XML
  }
  return { status: res.status, json, text, headers: res.headers };
}

async function ok(path: string, who: Auth = auth) {
  const res = await get(path, who);
  expect(res.status, `${path}: ${res.text.slice(0, 300)}`).toBe(200);
  return res.json;
}

const link = (body: any, rel: string) => body.links.find((l: any) => l.rel === rel)?.href as string | undefined;

/** Every feature of a collection query, following next links; and back again through prev links from the last page. */
async function bothWays(path: string, who: Auth = auth) {
  const pages: any[] = [];
  for (let next: string | undefined = `${root}${path}`; next;) {
    const page = await ok(next, who);
    pages.push(page);
    expect(page.numberReturned).toBe(page.features.length);
    next = link(page, 'next');
  }
  const back: any[] = [];
  for (let prev: string | undefined = link(pages.at(-1), 'prev'); prev;) {
    const page = await ok(prev, who);
    back.unshift(page);
    prev = link(page, 'prev');
  }
  const ids = (list: any[]) => list.flatMap((p) => p.features.map((f: any) => f.id));
  return { forward: ids(pages), backward: [...ids(back), ...pages.at(-1).features.map((f: any) => f.id)], pages };
}

describe('the service', () => {
  it('answers the landing page, conformance and API document without credentials', async () => {
    const landing = await ok('', null);
    expect(landing.links.map((l: any) => l.rel)).toEqual(['self', 'service-desc', 'conformance', 'data']);
    expect(link(landing, 'service-desc')).toBe(`${root}/api`);
    expect((await ok('/', null)).title).toBe('Hladina');
    expect((await ok('/conformance', null)).conformsTo).toEqual([
      'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
      'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
      'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/oas30',
    ]);
    const api = await get('/api', null);
    expect(api.headers.get('Content-Type')).toBe('application/vnd.oai.openapi+json;version=3.0');
    expect(api.json.openapi).toBe('3.0.3');
    expect(api.json.servers).toEqual([{ url: root }]);
    const limit = api.json.components.parameters.limit.schema;
    expect(limit).toEqual({ type: 'integer', minimum: 1, maximum: 10_000, default: 100 });
    const observationParams = api.json.paths['/collections/observations/items'].get.parameters.map((p: any) => p.name ?? p.$ref);
    expect(observationParams).toEqual(expect.arrayContaining(['station', 'code', 'flag', '#/components/parameters/limit']));
  });

  it('refuses everything else without credentials or with wrong ones, with a Basic challenge', async () => {
    for (const path of ['/collections', '/collections/stations/items', `/collections/observations/waterml?station=x&code=H1`]) {
      const res = await get(path, null);
      expect(res.status, path).toBe(401);
      expect(res.headers.get('WWW-Authenticate')).toMatch(/^Basic realm="Hladina OGC API"/);
      expect(res.json).toEqual({ code: 'Unauthorized', description: expect.stringMatching(/integration token/) });
    }
    for (const wrong of [{ bearer: 'hladina_not-a-token' }, { basic: 'hladina_not-a-token' }]) {
      expect((await get('/collections', wrong)).status).toBe(401);
      expect((await get('', wrong)).status).toBe(401);
    }
    expect((await get('/collections', { basic: network.ownerToken })).status).toBe(200);
  });

  it('lists the three collections with their extent and item links', async () => {
    const { collections } = await ok('/collections');
    expect(collections.map((c: any) => c.id)).toEqual(['stations', 'daily', 'observations']);
    for (const c of collections) {
      expect(c.extent.spatial.bbox).toEqual([[14.42, 49.19, 16.61, 50.08]]);
      expect(c.links).toContainEqual({
        href: `${root}/collections/${c.id}/items`,
        rel: 'items',
        type: 'application/geo+json',
        title: expect.any(String),
      });
      expect(await ok(`/collections/${c.id}`)).toEqual(c);
    }
    expect((await get('/collections/nothing')).status).toBe(404);
  });

  it.each([
    ['POST', '/collections/stations/items'],
    ['DELETE', '/collections/stations/items/x'],
    ['PUT', ''],
  ])('answers %s %s with 405', async (method, path) => {
    const res = await fetchWorker(request(method, `/ogc${path}`, { token: network.ownerToken, body: {} }));
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe('GET, HEAD');
  });

  it.each([
    ['/collections/stations/items?colour=red', /"colour" is not defined/],
    ['/collections/stations/items?limit=0', /limit must be a whole number/],
    ['/collections/stations/items?limit=ten', /limit must be a whole number/],
    ['/collections/stations/items?bbox=1,2,3', /bbox must be four numbers/],
    ['/collections/stations/items?bbox=0,60,10,50', /south edge lies north/],
    ['/collections/stations/items?bbox=0,40,20,60&bbox-crs=EPSG:4326', /bbox-crs must be/],
    ['/collections/observations/items?datetime=yesterday', /not an RFC 3339 date-time/],
    ['/collections/observations/items?datetime=2026-03-02T00:00:00Z/2026-03-01T00:00:00Z', /ends before it starts/],
    ['/collections/observations/items?code=H2', /no reading code/],
    ['/collections/observations/items?flag=rejected', /flag is good or suspect/],
    ['/collections/daily/items?day=March', /day is a date/],
    ['/collections/daily/items?cursor=garbage', /cursor is not one this server wrote/],
    ['/collections/stations/items?f=html', /f=html is not offered/],
    ['/collections/stations/items?source=OTHER', /source is DANES or UNIWAN/],
    ['/collections/observations/waterml?station=x', /give station and code/],
  ])('refuses %s with 400 naming the problem', async (path, message) => {
    const res = await get(path);
    expect(res.status, res.text).toBe(400);
    expect(res.json).toEqual({ code: 'InvalidParameterValue', description: expect.stringMatching(message) });
  });
});

describe('stations', () => {
  it('lists the stations the token’s owner may see as points, with their newest values', async () => {
    const body = await ok('/collections/stations/items');
    expect(body.type).toBe('FeatureCollection');
    expect(body).toMatchObject({ numberMatched: 2, numberReturned: 2, timeStamp: expect.any(String) });
    const brno = body.features.find((f: any) => f.id === network.brno.uniqueId);
    expect(brno).toEqual({
      type: 'Feature',
      id: network.brno.uniqueId,
      geometry: { type: 'Point', coordinates: [16.61, 49.19] },
      properties: {
        name: 'Brno well',
        unique_id: network.brno.uniqueId,
        source: 'DANES',
        place: 'Brno-Komín',
        group: 'South Moravia',
        timezone: 'Europe/Prague',
        last_update: new Date(t0 + 30 * 60_000).toISOString(),
        newest: {
          H1: { value: 4, time: new Date(t0 + 30 * 60_000).toISOString() },
          _T: { value: 0.5, time: new Date(t0 + 10 * 60_000).toISOString() },
        },
      },
    });
    expect(body.features.map((f: any) => f.id)).not.toContain(network.ostrava.uniqueId);
  });

  it('filters by bbox, property and the newest reading’s time', async () => {
    const ids = async (query: string) => (await ok(`/collections/stations/items?${query}`)).features.map((f: any) => f.properties.name);
    expect(await ids('bbox=16,49,17,50')).toEqual(['Brno well']);
    expect(await ids('bbox=10,40,20,60,0,100'.replace(',0,100', '') + '&source=UNIWAN')).toEqual(['Praha gauge']);
    expect(await ids('group=South%20Moravia')).toEqual(['Brno well']);
    expect(await ids(`unique_id=${network.ostrava.uniqueId}`)).toEqual([]);
    expect(await ids(`datetime=${new Date(t0 + 45 * 60_000).toISOString()}/..`)).toEqual(['Praha gauge']);
    expect(await ids('datetime=../2026-03-01T00:40:00Z')).toEqual(['Brno well']);
  });

  it('pages with next and prev links that agree, and reads one station by its unique id', async () => {
    const { forward, backward } = await bothWays('/collections/stations/items?limit=1');
    expect(forward).toEqual([network.brno.uniqueId, network.praha.uniqueId]);
    expect(backward).toEqual(forward);
    const one = await ok(`/collections/stations/items/${network.brno.uniqueId}`);
    expect(one.properties.name).toBe('Brno well');
    expect(one.links.map((l: any) => [l.rel, l.type])).toEqual([
      ['self', 'application/geo+json'],
      ['alternate', 'application/json'],
      ['collection', 'application/json'],
    ]);
    const plain = await get(`/collections/stations/items/${network.brno.uniqueId}?f=json`);
    expect(plain.headers.get('Content-Type')).toBe('application/json');
    expect(plain.json.links[1]).toMatchObject({
      rel: 'alternate',
      type: 'application/geo+json',
      href: `${root}/collections/stations/items/${network.brno.uniqueId}`,
    });
    expect((await get(`/collections/stations/items/${network.ostrava.uniqueId}`)).status).toBe(404);
  });
});

describe('daily', () => {
  it('has a feature per station, code and local day, with the roll-up’s figures', async () => {
    const body = await ok('/collections/daily/items?limit=100');
    expect(body.features.map((f: any) => `${f.properties.station} ${f.properties.code}`)).toEqual([
      `${network.brno.uniqueId} H1`,
      `${network.brno.uniqueId} _T`,
      `${network.praha.uniqueId} humidity`,
      `${network.praha.uniqueId} pressure`,
    ]);
    expect(body).not.toHaveProperty('numberMatched');
    const h1 = body.features[0];
    expect(h1).toEqual({
      type: 'Feature',
      id: `${network.brno.id * 16}-2026-03-01`,
      geometry: { type: 'Point', coordinates: [16.61, 49.19] },
      properties: {
        station: network.brno.uniqueId,
        code: 'H1',
        unit: 'm',
        period: 'day',
        day: '2026-03-01',
        last_day: '2026-03-01',
        count: 4,
        // A step of 1 m in 10 minutes is beyond H1's rate check (2 m an hour): three of the four are suspect.
        suspect: 3,
        min: 1,
        max: 4,
        mean: 2.5,
        total: null,
        first_time: new Date(t0).toISOString(),
        last_time: new Date(t0 + 30 * 60_000).toISOString(),
      },
    });
    expect(await ok(`/collections/daily/items/${h1.id}`)).toMatchObject({ id: h1.id, properties: h1.properties });
    expect((await get(`/collections/daily/items/${network.ostrava.id * 16}-2026-03-01`)).status).toBe(404);
  });

  it('filters by station, code, day, datetime and bbox, and pages both ways', async () => {
    const codes = async (query: string) => (await ok(`/collections/daily/items?${query}`)).features.map((f: any) => f.properties.code);
    expect(await codes(`station=${network.praha.uniqueId}`)).toEqual(['humidity', 'pressure']);
    expect(await codes('code=pressure')).toEqual(['pressure']);
    expect(await codes('day=2026-03-01&bbox=16,49,17,50')).toEqual(['H1', '_T']);
    expect(await codes('day=2026-03-02')).toEqual([]);
    expect(await codes('datetime=2026-03-01T00:45:00Z/..')).toEqual(['humidity', 'pressure']);
    const { forward, backward } = await bothWays('/collections/daily/items?limit=1');
    expect(forward).toHaveLength(4);
    expect(backward).toEqual(forward);
  });

  it('gives a day’s mean without floating-point noise', async () => {
    const viewer = await make.subject();
    const well = await make.station({ viewers: [viewer], token: true, name: 'Jihlava well', locationX: 49.4, locationY: 15.59 });
    // (0.1 + 0.2) / 2 is 0.15000000000000002 in doubles.
    await ingest('danes', well.token, {
      rows: [0.1, 0.2].map((v, i) => ({ data_name: 'H1', data_value: v, date: new Date(t0 + i * 600_000).toISOString() })),
    });
    await runCron();
    const body = await ok(`/collections/daily/items?station=${well.uniqueId}&code=H1`, { bearer: await apiToken(viewer) });
    expect(body.features.map((f: any) => f.properties.mean)).toEqual([0.15]);
  });

  it('pages one station’s code a day at a time past the cursor’s own row', async () => {
    // A viewer of its own, so the other tests' counts stay as they are.
    const viewer = await make.subject();
    const well = await make.station({ viewers: [viewer], token: true, name: 'Zlín well', locationX: 49.22, locationY: 17.66 });
    await ingest('danes', well.token, {
      rows: [0, 1, 2].map((d) => ({ data_name: 'H1', data_value: d, date: new Date(t0 + d * 86_400_000).toISOString() })),
    });
    await runCron();
    const { forward, backward } = await bothWays(`/collections/daily/items?station=${well.uniqueId}&code=H1&limit=1`, {
      bearer: await apiToken(viewer),
    });
    expect(forward).toEqual(['2026-03-01', '2026-03-02', '2026-03-03'].map((day) => `${well.id * 16}-${day}`));
    expect(backward).toEqual(forward);
  });
});

describe('observations', () => {
  it('pages every reading with the SensorThings ids, both ways', async () => {
    const { forward, backward, pages } = await bothWays('/collections/observations/items?limit=2');
    expect(forward).toHaveLength(9);
    expect(backward).toEqual(forward);
    const sta = (await staOk('/Observations?$top=100', auth)).value.map((o: any) => o['@iot.id']);
    expect(new Set(forward)).toEqual(new Set(sta));
    // A first page over a few stations counts them; later pages do not.
    expect(pages[0].numberMatched).toBe(9);
    expect(pages[1]).not.toHaveProperty('numberMatched');
    const first = pages[0].features[0];
    expect(first.properties).toEqual({
      station: network.brno.uniqueId,
      code: 'H1',
      unit: 'm',
      time: new Date(t0).toISOString(),
      value: 1,
      flag: 'good',
      approved: false,
    });
    expect(await ok(`/collections/observations/items/${first.id}`)).toMatchObject({ id: first.id, properties: first.properties });
  });

  it('filters by station, code, datetime (instants, intervals, open ends), flag and bbox, and counts a station’s', async () => {
    const values = async (query: string) => {
      const body = await ok(`/collections/observations/items?${query}`);
      return { values: body.features.map((f: any) => f.properties.value), matched: body.numberMatched };
    };
    const brno = `station=${network.brno.uniqueId}`;
    expect(await values(`${brno}&code=H1`)).toEqual({ values: [1, 2, 3, 4], matched: 4 });
    expect(await values(`${brno}&code=H1&datetime=2026-03-01T00:10:00Z/2026-03-01T00:20:00Z`)).toEqual({ values: [2, 3], matched: 2 });
    expect(await values(`${brno}&code=H1&datetime=2026-03-01T01:20:00%2B01:00`)).toEqual({ values: [3], matched: 1 });
    expect(await values(`${brno}&code=H1&datetime=../2026-03-01T00:10:00Z`)).toEqual({ values: [1, 2], matched: 2 });
    expect(await values(`${brno}&datetime=2026-03-01T00:15:00Z/`)).toEqual({ values: [3, 4], matched: 2 });
    expect(await values(`${brno}&flag=suspect`)).toEqual({ values: [2, 3, 4], matched: 3 });
    expect(await values('bbox=14,50,15,51&code=pressure')).toEqual({ values: [1000, 1010], matched: 2 });
  });

  it('offers one station’s one code as WaterML, and answers WaterML with its points', async () => {
    const body = await ok(`/collections/observations/items?station=${network.brno.uniqueId}&code=H1`);
    const waterml = body.links.find((l: any) => l.type === 'application/xml');
    expect(waterml).toEqual({
      href: `${root}/collections/observations/waterml?station=${network.brno.uniqueId}&code=H1`,
      rel: 'alternate',
      type: 'application/xml',
      title: expect.stringMatching(/WaterML 2.0/),
    });
    const res = await get(`${waterml.href}&datetime=2026-03-01/2026-03-01`);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/xml; charset=utf-8');
    expect(res.text.match(/<wml2:value>[^<]+<\/wml2:value>/g)).toEqual([1, 2, 3, 4].map((v) => `<wml2:value>${v}</wml2:value>`));
    expect(res.text).toContain('<wml2:uom code="m"/>');
    expect((await get(`/collections/observations/waterml?station=${network.ostrava.uniqueId}&code=H1`)).status).toBe(404);
    expect((await get(`/collections/observations/waterml?station=${network.brno.uniqueId}&code=pressure`)).status).toBe(400);
    expect(
      (await get(`/collections/observations/waterml?station=${network.brno.uniqueId}&code=H1&datetime=2024-01-01/2026-01-01`)).status,
    ).toBe(400);
  });
});
