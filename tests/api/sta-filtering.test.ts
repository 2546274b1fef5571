/**
 * The read-only "Filtering" checks of the OGC conformance suite (ets-sta10 Level 3, filteringExtension/
 * Capability3Tests, and FROST's 1.1 filter, date-time and geo tests), written as our own tests on our own data:
 * $select, $expand, $top, $skip, $orderby, $count, $filter, and the order the options apply in.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  entityTypes,
  isPlural,
  ok,
  ownersObservations,
  sets,
  sta,
  staNetwork,
  t0,
  targetOf,
  type Auth,
  type SetName,
} from '../support/sta';
import { ingest, runCron } from '../support/telemetry';

type Network = Awaited<ReturnType<typeof staNetwork>>;
let network: Network;
let auth: Auth;

beforeAll(async () => {
  network = await staNetwork();
  auth = { bearer: network.ownerToken };
});

/** Collections to run the checks on: each set, and one relation collection below an entity. */
const collections: [SetName, string][] = [
  ...sets.map((s): [SetName, string] => [s, `/${s}`]),
  ['Datastreams', '/Things(THING)/Datastreams'],
  ['Observations', '/Datastreams(DATASTREAM)/Observations'],
  ['Observations', '/FeaturesOfInterest(THING)/Observations'],
];
const resolve = (path: string) => path.replace('THING', String(network.brno.id)).replace('DATASTREAM', String(network.brno.id * 16));
const withQuery = (path: string, query: string) => `${resolve(path)}?${query}`;

/** Filterable primitive properties per set. */
const primitives: Record<SetName, string[]> = {
  Things: ['name', 'description'],
  Locations: ['name', 'description', 'encodingType'],
  HistoricalLocations: ['time'],
  Datastreams: ['name', 'description', 'observationType'],
  Sensors: ['name', 'description', 'encodingType', 'metadata'],
  ObservedProperties: ['name', 'definition', 'description'],
  Observations: ['phenomenonTime', 'result', 'resultTime'],
  FeaturesOfInterest: ['name', 'description', 'encodingType'],
};
const isTime = (p: string) => ['time', 'phenomenonTime', 'resultTime'].includes(p);
const literal = (p: string, v: unknown) =>
  isTime(p) ? String(v) : typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`;
const comparable = (p: string, v: any) => (isTime(p) ? Date.parse(v) : v);

describe('$select', () => {
  it.each(collections)('%s %s: selected properties only, navigation links only when selected', async (set, path) => {
    const { properties, relations } = entityTypes[set];
    for (const [i, p] of properties.entries()) {
      for (const selected of [[p], properties.slice(0, i + 1)]) {
        const { value } = await ok(withQuery(path, `$select=${selected.join(',')}`), auth);
        expect(value.length).toBeGreaterThan(0);
        for (const e of value) {
          for (const q of properties) expect(q in e, `${q} with $select=${selected}`).toBe(selected.includes(q));
          for (const r of relations) expect(e).not.toHaveProperty([`${r}@iot.navigationLink`]);
        }
      }
    }
    const { value } = await ok(withQuery(path, `$select=@iot.id,${relations[0]}`), auth);
    expect(value[0]['@iot.id']).toEqual(set === 'Observations' ? expect.any(String) : expect.any(Number));
    expect(value[0][`${relations[0]}@iot.navigationLink`]).toBe(`${value[0]['@iot.selfLink']}/${relations[0]}`);
    expect(value[0]).not.toHaveProperty([properties[0]]);
  });
});

describe('$expand', () => {
  it.each(collections)('%s %s: each relation inline, cumulatively and two levels deep', async (set, path) => {
    const { relations } = entityTypes[set];
    const checkInline = (e: any, relation: string) => {
      const inline = e[relation];
      const target = targetOf(relation);
      if (isPlural(relation)) {
        expect(Array.isArray(inline), relation).toBe(true);
        for (const child of inline) for (const p of entityTypes[target].properties) expect(child).toHaveProperty([p]);
      } else {
        expect(inline).toEqual(expect.objectContaining({ '@iot.id': expect.any(Number) }));
        for (const p of entityTypes[target].properties) expect(inline).toHaveProperty([p]);
      }
      return target;
    };
    for (const [i, relation] of relations.entries()) {
      for (const expanded of [[relation], relations.slice(0, i + 1)]) {
        const { value } = await ok(withQuery(path, `$expand=${expanded.join(',')}`), auth);
        for (const e of value) for (const r of expanded) checkInline(e, r);
      }
      const deeper = entityTypes[targetOf(relation)].relations[0];
      const { value } = await ok(withQuery(path, `$expand=${relation}/${deeper}`), auth);
      for (const e of value) {
        const children = isPlural(relation) ? e[relation] : [e[relation]];
        for (const child of children) checkInline(child, deeper);
      }
    }
  });

  it('takes nested options, as QGIS and dashboards send them', async () => {
    const json = await ok(
      `/Things?$select=name&$expand=Datastreams($select=name,@iot.id;$filter=properties/code eq 'H1' and properties/series eq 'corrected';$expand=Observations($orderby=phenomenonTime desc;$top=1;$count=true))`,
      auth,
    );
    const brno = json.value.find((t: any) => t.name === 'Brno well');
    expect(brno).toEqual({
      name: 'Brno well',
      Datastreams: [
        {
          '@iot.id': network.brno.id * 16,
          '@iot.selfLink': expect.any(String),
          name: 'Brno well – Groundwater level',
          'Observations@iot.count': 4,
          Observations: [expect.objectContaining({ phenomenonTime: new Date(t0 + 30 * 60_000).toISOString(), result: 4 })],
          'Observations@iot.nextLink': expect.stringMatching(/\/Datastreams\(\d+\)\/Observations\?\$top=1&\$skiptoken=/),
        },
      ],
    });
    const next = await ok(brno.Datastreams[0]['Observations@iot.nextLink'], auth);
    expect(next.value.map((o: any) => o.result)).toEqual([3]);
  });
});

describe('the newest observation of each datastream', () => {
  it('is current before the roll-up has taken the newest readings and after', async () => {
    // A network of its own: this test adds a reading.
    const own = await staNetwork();
    const newest = async () => {
      const json = await ok(
        `/Things(${own.brno.id})?$expand=Datastreams($filter=properties/code eq 'H1';$expand=Observations($orderby=phenomenonTime desc;$top=1))`,
        { bearer: own.ownerToken },
      );
      return json.Datastreams[0].Observations.map((o: any) => [o.phenomenonTime, o.result]);
    };
    const at = (minutes: number) => new Date(t0 + minutes * 60_000).toISOString();
    expect(await newest()).toEqual([[at(30), 4]]);
    await ingest('danes', own.brno.token, { rows: [{ data_name: 'H1', data_value: 5, date: at(40) }] });
    expect(await newest()).toEqual([[at(40), 5]]);
    await runCron();
    expect(await newest()).toEqual([[at(40), 5]]);
  });
});

describe('$top, $skip and $count', () => {
  it.each(collections)('%s %s', async (_set, path) => {
    const all = (await ok(withQuery(path, '$count=true&$top=1000'), auth)).value;
    const total = all.length;
    expect(total).toBeGreaterThan(0);
    expect((await ok(withQuery(path, '$count=true'), auth))['@iot.count']).toBe(total);
    expect(await ok(withQuery(path, '$count=false'), auth)).not.toHaveProperty(['@iot.count']);
    for (let top = 0; top <= total + 1; top++) {
      const page = await ok(withQuery(path, `$top=${top}&$count=true`), auth);
      expect(page.value).toHaveLength(Math.min(top, total));
      expect(page['@iot.count']).toBe(total);
      expect('@iot.nextLink' in page).toBe(top > 0 && top < total);
    }
    for (const skip of [1, 2, 3, 4, 12]) {
      const page = await ok(withQuery(path, `$skip=${skip}`), auth);
      expect(page.value.map((e: any) => e['@iot.id'])).toEqual(all.slice(skip).map((e: any) => e['@iot.id']));
      expect(page).not.toHaveProperty(['@iot.nextLink']);
    }
  });
});

describe('$orderby', () => {
  const orderable: Record<SetName, string[]> = {
    ...primitives,
    Locations: [...primitives.Locations, 'location'],
    FeaturesOfInterest: [...primitives.FeaturesOfInterest, 'feature'],
  };
  const sorted = (values: any[], desc: boolean) => values.every((v, i) => i === 0 || (desc ? values[i - 1] >= v : values[i - 1] <= v));

  it.each(collections)('%s %s: by each property, both ways, and by several', async (set, path) => {
    for (const p of orderable[set]) {
      for (const [suffix, desc] of [
        ['', false],
        [' asc', false],
        [' desc', true],
      ] as const) {
        const { value } = await ok(withQuery(path, `$orderby=${p}${suffix}`), auth);
        if (typeof value[0][p] !== 'object')
          expect(
            sorted(
              value.map((e: any) => comparable(p, e[p])),
              desc,
            ),
            `${p}${suffix}`,
          ).toBe(true);
      }
    }
    const [first, second] = primitives[set];
    if (!second) return;
    const { value } = await ok(withQuery(path, `$orderby=${first} desc,${second} asc`), auth);
    value.forEach((e: any, i: number) => {
      if (!i) return;
      const before = value[i - 1];
      expect(comparable(first, before[first]) >= comparable(first, e[first])).toBe(true);
      if (before[first] === e[first]) expect(comparable(second, before[second]) <= comparable(second, e[second])).toBe(true);
    });
  });
});

describe('$filter', () => {
  const operators: Record<string, (a: any, b: any) => boolean> = {
    lt: (a, b) => a < b,
    le: (a, b) => a <= b,
    eq: (a, b) => a === b,
    ne: (a, b) => a !== b,
    ge: (a, b) => a >= b,
    gt: (a, b) => a > b,
  };

  it.each(collections)('%s %s: every comparison of every primitive property keeps exactly what satisfies it', async (set, path) => {
    const all = (await ok(withQuery(path, '$top=1000'), auth)).value;
    for (const p of primitives[set]) {
      const sample = all[Math.floor(all.length / 2)][p];
      for (const [op, holds] of Object.entries(operators)) {
        const { value } = await ok(withQuery(path, `$filter=${encodeURIComponent(`${p} ${op} ${literal(p, sample)}`)}&$top=1000`), auth);
        const expected = all.filter((e: any) => holds(comparable(p, e[p]), comparable(p, sample)));
        expect(
          value.map((e: any) => e['@iot.id']),
          `${p} ${op} ${sample}`,
        ).toEqual(expected.map((e: any) => e['@iot.id']));
      }
    }
  });

  const results = async (filter: string, path = '/Observations') =>
    ((await ok(`${path}?$filter=${encodeURIComponent(filter)}&$orderby=result`, auth)).value as any[]).map((o) => o.result);

  it('compares a numeric result with a quoted number, and applies the options in their order', async () => {
    expect(await results("result lt '2'")).toEqual([-1.5, 0.5, 1]);
    const page = await ok(`/Observations?$count=true&$top=1&$skip=2&$orderby=phenomenonTime%20asc&$filter=result%20gt%20'0'`, auth);
    expect(page['@iot.count']).toBe(8);
    expect(page.value.map((o: any) => o.result)).toEqual([1000]);
  });

  it('combines with and, or and not, and computes with add, sub, mul, div, mod and a minus sign', async () => {
    expect(await results('result gt 0 and result lt 3')).toEqual([0.5, 1, 2]);
    expect(await results('result lt 0 or result gt 1005')).toEqual([-1.5, 1010]);
    expect(await results('not (result gt 2)')).toEqual([-1.5, 0.5, 1, 2]);
    expect(await results('result add 1 gt 4')).toEqual([4, 55, 1000, 1010]);
    expect(await results('result sub 1 eq 3')).toEqual([4]);
    expect(await results('result mul 2 eq 8')).toEqual([4]);
    expect(await results('result div 2 eq 2')).toEqual([4]);
    expect(await results('result mod 2 eq 0 and result lt 10')).toEqual([2, 4]);
    expect(await results('-result gt 1')).toEqual([-1.5]);
    // Halves round away from zero (0.5 to 1).
    expect(await results('round(result) eq 1 or floor(result) eq -2 or ceiling(result) eq 3')).toEqual([-1.5, 0.5, 1, 3]);
  });

  it('compares times in any offset, inclusively as Grafana asks, and by their parts', async () => {
    const iso = (minutes: number) => new Date(t0 + minutes * 60_000).toISOString();
    expect(
      await results(`phenomenonTime ge ${iso(10)} and phenomenonTime le ${iso(30)}`, `/Datastreams(${network.brno.id * 16})/Observations`),
    ).toEqual([2, 3, 4]);
    // 01:10+01:00 is 00:10Z.
    expect(await results('phenomenonTime gt 2026-03-01T01:10:00+01:00 and resultTime lt 2026-03-01T00:30:00.000Z')).toEqual([3]);
    expect(await results('year(phenomenonTime) eq 2026 and month(phenomenonTime) eq 3 and minute(phenomenonTime) eq 20')).toEqual([3]);
    expect(await results('phenomenonTime lt 2026-03-01')).toEqual([]);
  });

  it('matches text with startswith, endswith, substringof, contains, tolower, length, concat and indexof', async () => {
    const names = async (filter: string) =>
      ((await ok(`/Things?$filter=${encodeURIComponent(filter)}`, auth)).value as any[]).map((t) => t.name).sort();
    expect(await names("startswith(name,'Brno')")).toEqual(['Brno well']);
    expect(await names("endswith(name,'gauge')")).toEqual(['Praha gauge']);
    expect(await names("substringof('well', name)")).toEqual(['Brno well']);
    expect(await names("contains(description,'UNIWAN')")).toEqual(['Praha gauge']);
    expect(await names("tolower(name) eq 'brno well' or length(name) eq 11")).toEqual(['Brno well', 'Praha gauge']);
    expect(await names("concat(name, '!') eq 'Brno well!' and indexof(name, 'well') eq 5")).toEqual(['Brno well']);
    expect(await names(`properties/location_group eq 'South Moravia'`)).toEqual(['Brno well']);
    // Grafana's column filter passes @iot.id through as it is.
    expect(await names(`startswith(@iot.id,'${network.brno.id}') and @iot.id eq ${network.brno.id}`)).toEqual(['Brno well']);
  });

  it('filters locations by type and by geo.intersects with a polygon, a line or a point', async () => {
    const ids = async (filter: string, set = 'Locations') =>
      ((await ok(`/${set}?$filter=${encodeURIComponent(filter)}`, auth)).value as any[]).map((l) => l['@iot.id']).sort((a, b) => a - b);
    const both = [network.brno.id, network.praha.id];
    expect(await ids("location/type eq 'Point' or location/geometry/type eq 'Point'")).toEqual(both);
    expect(await ids("location/type eq 'Polygon'")).toEqual([]);
    expect(await ids("geo.intersects(location, geography'POLYGON((16 49, 17 49, 17 50, 16 50, 16 49))')")).toEqual([network.brno.id]);
    // A ring with a hole around Brno.
    expect(
      await ids("geo.intersects(location, geography'POLYGON((10 45, 20 45, 20 55, 10 55, 10 45), (16 49, 17 49, 17 50, 16 50, 16 49))')"),
    ).toEqual([network.praha.id]);
    expect(await ids("geo.intersects(location, geography'LINESTRING(14.42 50, 14.42 51)')")).toEqual([network.praha.id]);
    expect(await ids("geo.intersects(location, geography'POINT(16.61 49.19)')")).toEqual([network.brno.id]);
    expect(await ids("geo.intersects(feature, geography'POLYGON((14 50, 15 50, 15 51, 14 51, 14 50))')", 'FeaturesOfInterest')).toEqual([
      network.praha.id,
    ]);
  });

  it('scopes observations by their datastream and feature', async () => {
    expect(await results(`Datastream/@iot.id eq ${network.brno.id * 16}`)).toEqual([1, 2, 3, 4]);
    expect(await results(`FeatureOfInterest/id eq ${network.praha.id} and result lt 100`)).toEqual([55]);
    expect(
      (await ok(`/Observations?$count=true&$top=0&$filter=${encodeURIComponent(`Datastream/id eq ${network.brno.id * 16}`)}`, auth))[
        '@iot.count'
      ],
    ).toBe(4);
    expect((await ok('/Observations?$count=true&$top=0', auth))['@iot.count']).toBe(ownersObservations);
  });

  it.each([
    ['/Things?$filter=colour eq 1', /Unknown property "colour"/],
    ['/Things?$filter=name', /must be a condition/],
    ["/Things?$filter=geo.distance(location, geography'POINT(1 2)') lt 1", /not supported/],
    ['/Things?$filter=name eq', /could not be read/],
    ['/Things?$top=-1', /\$top must be a whole number/],
    ['/Things?$top=ten', /\$top must be a whole number/],
    ['/Things?$count=yes', /\$count must be true or false/],
    ['/Things?$resultFormat=dataArray', /\$resultFormat is not supported/],
    ['/Things?$top=1&$top=2', /given twice/],
    ['/Things?$select=colour', /no property or relation "colour"/],
    ['/Things?$expand=Observations', /no relation "Observations"/],
    ['/Observations?$orderby=resultQuality', /ordered by phenomenonTime, resultTime, result or @iot.id/],
    ['/Datastreams?$orderby=phenomenonTime', /daily roll-up/],
    ['/Observations?$skiptoken=garbage', /skiptoken/],
    ['/Things/Datastreams', /name one entity first/],
    ['/Things(x)', /whole number/],
  ])('refuses %s with 400 and says why', async (path, message) => {
    const res = await sta(path, auth);
    expect(res.status, res.text).toBe(400);
    expect(res.json).toEqual({ code: 400, type: 'error', message: expect.stringMatching(message) });
  });
});
