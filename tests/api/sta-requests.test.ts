/**
 * Requests as real SensorThings clients send them, each a regression of issue 28: QGIS reading `@iot.id` as a 32-bit
 * integer, query strings form-encoded by Python's `requests`, Java and `URLSearchParams` (`+` for a space, `%24` for
 * `$`), filters that only a station object can refuse, filters of 1,000 alternatives, and writes.
 */
import { DrizzleQueryError } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { failureOf } from '../../worker/http/errors';
import { fetchWorker, request } from '../support/api';
import { drained, streamedBody } from '../support/streamed-body';
import { allPages, keyOf, ok, ownersObservations, root, sta, staNetwork, t0, type Auth } from '../support/sta';

type Network = Awaited<ReturnType<typeof staNetwork>>;
let network: Network;
let auth: Auth;

beforeAll(async () => {
  network = await staNetwork();
  auth = { bearer: network.ownerToken };
});

afterEach(() => vi.restoreAllMocks());

/**
 * An `@iot.id` as QGIS keeps it (QgsSensorThingsSharedData::processFeatureRequest): a JSON integer through
 * `get<int>()`, so only its low 32 bits; a string whole. QGIS skips a feature whose id it has seen.
 */
const asQgis = (id: unknown) => (typeof id === 'number' ? String(Number(BigInt.asIntN(32, BigInt(id)))) : String(id));
const iso = (minutes: number) => new Date(t0 + minutes * 60_000).toISOString();
const results = (json: any) => (json.value as any[]).map((o) => o.result);

describe('Observation ids', () => {
  it('stay unique as QGIS reads them, over datastreams that report at the same instant', async () => {
    const { value } = await ok('/Observations?$top=1000', auth);
    expect(value).toHaveLength(ownersObservations);
    // Brno's H1 and _T and Praha's pressure and humidity all have a reading at t0.
    expect(value.filter((o: any) => o.phenomenonTime === iso(0))).toHaveLength(4);
    expect(new Set(value.map((o: any) => asQgis(o['@iot.id']))).size).toBe(ownersObservations);
  });

  it('are the same on every request and page, and name the reading by path and by filter', async () => {
    const whole = (await ok('/Observations?$top=1000', auth)).value;
    const paged = (await allPages('/Observations?$top=2', auth, 'spec')).flat();
    expect(paged.map((o) => o['@iot.id'])).toEqual(whole.map((o: any) => o['@iot.id']));
    const byTime = (await ok('/Observations?$top=1000&$orderby=phenomenonTime desc', auth)).value;
    expect(new Set(byTime.map((o: any) => o['@iot.id']))).toEqual(new Set(whole.map((o: any) => o['@iot.id'])));
    for (const o of whole) {
      const one = await ok(`/Observations(${keyOf(o['@iot.id'])})`, auth);
      expect(one).toEqual(o);
      const filtered = await ok(`/Observations?$filter=${encodeURIComponent(`@iot.id eq '${o['@iot.id']}'`)}`, auth);
      expect(filtered.value).toEqual([o]);
    }
  });

  it('name nothing when the text is not one of ours, or another station’s', async () => {
    for (const key of [`'x'`, `'${network.brno.id * 16}-${t0 + 1}'`, `'${network.ostrava.id * 16}-${t0}'`, '12345']) {
      expect((await sta(`/Observations(${key})`, auth)).status, key).toBe(404);
    }
  });
});

describe('form-encoded query strings', () => {
  const formEncoded = (params: Record<string, string>) => new URLSearchParams(params).toString();

  it('read `+` as a space and `%24` as `$`, as Python requests, Java and URLSearchParams send them', async () => {
    const path = `/Datastreams(${network.brno.id * 16})/Observations`;
    // The issue's request, verbatim.
    expect(results(await ok(`${path}?%24orderby=phenomenonTime+desc`, auth))).toEqual([4, 3, 2, 1]);
    const form = formEncoded({ $filter: 'result gt 1 and result lt 4 or result eq 55', $orderby: 'result desc' });
    expect(form).toMatch(/^%24filter=result\+gt\+1\+and/);
    expect(results(await ok(`/Observations?${form}`, auth))).toEqual([55, 3, 2]);
    const things = await ok(`/Things?${formEncoded({ $filter: "name eq 'Brno well'", $select: 'name' })}`, auth);
    expect(things.value).toEqual([{ name: 'Brno well' }]);
  });

  it('keep a time offset, whether encoded (%2B) or written by hand (+)', async () => {
    const filter = 'phenomenonTime gt 2026-03-01T01:10:00+01:00 and resultTime lt 2026-03-01T00:30:00.000Z';
    const expected = [3];
    expect(results(await ok(`/Observations?${formEncoded({ $filter: filter })}`, auth))).toEqual(expected);
    expect(results(await ok(`/Observations?$filter=${filter.replaceAll(' ', '%20')}`, auth))).toEqual(expected);
    expect(results(await ok(`/Observations?$filter=${filter.replaceAll(' ', '+')}`, auth))).toEqual(expected);
    // With a negative offset, and without seconds.
    expect(results(await ok(`/Observations?$filter=phenomenonTime+eq+2026-02-28T23:20:00-00:40&$orderby=result`, auth))).toEqual([
      -1.5, 1, 55, 1000,
    ]);
    expect(results(await ok(`/Observations?$filter=phenomenonTime eq 2026-03-01T00:50+00:30`, auth))).toEqual([3]);
  });

  it('continue through nextLinks that repeat them', async () => {
    const query = { $orderby: 'phenomenonTime desc', $filter: 'result gt 1' };
    const first = await ok(`/Observations?${formEncoded({ $top: '2', ...query })}`, auth);
    const link: string = first['@iot.nextLink'];
    expect(link).toMatch(/\$filter=result%20gt%201/);
    const rest = (await allPages(link.slice(root.length), auth, 'spec')).flat();
    const whole = await ok(`/Observations?${formEncoded(query)}`, auth);
    expect([...first.value, ...rest]).toEqual(whole.value);
    expect(whole.value).toHaveLength(6);
  });
});

describe('filters the station objects refuse', () => {
  const paths = (n: Network) => [
    '/Observations?$filter=',
    '/Observations?$count=true&$top=0&$filter=',
    `/Datastreams(${n.brno.id * 16})/Observations?$filter=`,
    `/FeaturesOfInterest(${n.brno.id})/Observations?$count=true&$filter=`,
  ];

  it.each([
    ['nosuch eq 1', /Unknown property "nosuch"/],
    ['Datastream/nosuch eq 1', /Unknown property "Datastream\/nosuch"/],
    ["result eq 'abc'", /"abc" is not a number/],
    ["phenomenonTime eq 'soon'", /"soon" is not a time/],
    ["geo.intersects(Datastream/name, geography'POINT(1 2)')", /"Datastream\/name" is not a location/],
  ])('%s: 400 naming the problem, on every path, in an expansion too, and nothing logged as an error', async (filter, message) => {
    const logged = vi.spyOn(console, 'error');
    const expanded = `/Things(${network.brno.id})?$expand=Datastreams($expand=Observations($filter=${filter}))`;
    for (const url of [...paths(network).map((p) => `${p}${encodeURIComponent(filter)}`), expanded]) {
      const res = await sta(url, auth);
      expect(res.status, url).toBe(400);
      expect(res.json).toEqual({ code: 400, type: 'error', message: expect.stringMatching(message) });
    }
    expect(logged).not.toHaveBeenCalled();
  });

  it('answers geo.intersects on an Observation’s FeatureOfInterest: its station’s point', async () => {
    const aroundBrno = "geo.intersects(FeatureOfInterest/feature, geography'POLYGON((16 49, 17 49, 17 50, 16 50, 16 49))')";
    const brno = await ok(`/Observations?$count=true&$orderby=result&$filter=${encodeURIComponent(aroundBrno)}`, auth);
    expect(brno['@iot.count']).toBe(6);
    expect(results(brno)).toEqual([-1.5, 0.5, 1, 2, 3, 4]);
    const nowhere = "geo.intersects(FeatureOfInterest/feature, geography'POINT(0 0)') or result eq 55";
    expect(results(await ok(`/Observations?$filter=${encodeURIComponent(nowhere)}`, auth))).toEqual([55]);
  });

  it('answers geo.intersects on a Thing’s Locations', async () => {
    const aroundPraha = "geo.intersects(Locations/location, geography'POLYGON((14 50, 15 50, 15 51, 14 51, 14 50))')";
    const things = await ok(`/Things?$filter=${encodeURIComponent(aroundPraha)}`, auth);
    expect(things.value.map((t: any) => t.name)).toEqual(['Praha gauge']);
  });
});

describe('filters of 1,000 alternatives', () => {
  const anyOf = (n: number, term: (i: number) => string) => Array.from({ length: n }, (_, i) => term(i)).join(' or ');

  it('answers an OR of 1,000 names on Things, with its count, also within an and', async () => {
    const names = anyOf(999, (i) => `name eq 'Station ${i}'`) + " or name eq 'Brno well'";
    const json = await ok(`/Things?$count=true&$filter=${encodeURIComponent(names)}`, auth);
    expect(json.value.map((t: any) => t.name)).toEqual(['Brno well']);
    expect(json['@iot.count']).toBe(1);
    const both = await ok(`/Things?$filter=${encodeURIComponent(`(${names} or name eq 'Praha gauge') and startswith(name, 'P')`)}`, auth);
    expect(both.value.map((t: any) => t.name)).toEqual(['Praha gauge']);
  });

  it('answers an OR of 1,000 values and of 1,000 datastream ids on Observations, inside the station objects', async () => {
    const values = anyOf(1000, (i) => `result eq ${i === 999 ? 1010 : 100_000 + i / 1000}`);
    expect(results(await ok(`/Observations?$orderby=result&$filter=${encodeURIComponent(values)}`, auth))).toEqual([1010]);
    const streams = anyOf(1000, (i) => `Datastream/@iot.id eq ${i === 500 ? network.brno.id * 16 : 900_000_000 + i}`);
    const json = await ok(`/Observations?$count=true&$orderby=result&$filter=${encodeURIComponent(streams)}`, auth);
    expect(results(json)).toEqual([1, 2, 3, 4]);
    expect(json['@iot.count']).toBe(4);
    const byId = anyOf(1000, (i) => `@iot.id eq ${i === 7 ? network.praha.id : 800_000_000 + i}`);
    expect((await ok(`/Locations?$filter=${encodeURIComponent(byId)}`, auth)).value.map((l: any) => l['@iot.id'])).toEqual([
      network.praha.id,
    ]);
  });

  /** A condition on Things (`name`) or on Observations (`result`) with the value i. */
  type Term = (property: string, i: number) => string;
  it.each<[string, (term: Term) => string, RegExp]>([
    ['more than 100 conditions', (term) => anyOf(101, (i) => `startswith(${term('', i)})`), /more than 100 conditions/],
    ['more than 80 values', (term) => Array.from({ length: 81 }, (_, i) => term('ne', i)).join(' and '), /more than 80 values/],
    [
      'more than 32 levels',
      (term) =>
        Array.from({ length: 40 }, (_, i) => `${term('eq', i)} ${i % 2 ? 'and' : 'or'} (`).join('') + term('eq', 40) + ')'.repeat(40),
      /nests more than 32 levels/,
    ],
  ])('refuses a filter of %s with 400, in D1 and in the objects', async (_, filterOf, message) => {
    const terms: Record<string, Term> = {
      Things: (op, i) => (op ? `name ${op} 'S${i}'` : `name, 'S${i}'`),
      Observations: (op, i) => (op ? `result ${op} ${i}` : `result, '${i}'`),
    };
    for (const [set, term] of Object.entries(terms)) {
      const res = await sta(`/${set}?$filter=${encodeURIComponent(filterOf(term))}`, auth);
      expect(res.status, set).toBe(400);
      expect(res.json.message).toMatch(message);
    }
  });
});

describe('writes', () => {
  it.each(['POST', 'PATCH', 'PUT', 'DELETE'])('%s answers 405 with Allow, signed in or not, its body read to the end', async (method) => {
    for (const [path, token] of [
      ['/sta/v1.1/Things', network.ownerToken],
      [`/sta/v1.1/Observations('${network.brno.id * 16}-${t0}')`, null],
      ['/sta/v1.1', network.ownerToken],
    ] as const) {
      const { body, state, length } = streamedBody();
      const base = request(method, path, { token, headers: { 'Content-Type': 'application/json', 'Content-Length': String(length) } });
      const res = await fetchWorker(new Request(base, { body }), true);
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get('Allow')).toBe('GET, HEAD');
      expect(await res.json()).toEqual({ code: 405, type: 'error', message: expect.stringMatching(/read-only/) });
      expect(state).toEqual(drained);
    }
  });

  it('answers HEAD as GET, without a body', async () => {
    const res = await fetchWorker(request('HEAD', '/sta/v1.1/Things', { token: network.ownerToken }));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });
});

describe('what an error log line holds', () => {
  it('names a failed statement’s cause, never its SQL or bound values', () => {
    const cause = new Error('D1_ERROR: too many SQL variables at offset 120: SQLITE_ERROR');
    const line = failureOf(new DrizzleQueryError('SELECT * FROM items WHERE name = ?', ['Brno well'], cause));
    expect(line).toBe('Error: D1_ERROR: too many SQL variables at offset 120: SQLITE_ERROR');
    expect(failureOf(new TypeError('x is undefined'))).toBe('TypeError: x is undefined');
  });
});
