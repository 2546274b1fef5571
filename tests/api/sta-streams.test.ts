/**
 * SensorThings' three kinds of Datastream (decision 0038): a code's corrected series under its old id, its raw series
 * at id + 2^30, and the derived series (elevation, depth below ground, discharge) in slots 13–15; computed ones filter,
 * order, page and count as stored ones do; approved observations name their level in `parameters`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { correctionCalls } from '../../worker/contracts/corrections';
import { qualityCalls } from '../../worker/contracts/quality';
import { ratingCalls } from '../../worker/contracts/ratings';
import { telemetryCalls } from '../../worker/contracts/telemetry';
import { series } from '../support/alarms';
import { call } from '../support/api';
import { callSpec } from '../support/client';
import { make, type TestStation, type TestSubject } from '../support/make';
import { allPages, apiToken, ok, sta, type Auth } from '../support/sta';
import { ingest, settleRollup } from '../support/telemetry';

const day = '2026-09-10';
const start = '2026-09-10T08:00:00Z';
const at = (minutes: number) => new Date(Date.parse(start) + minutes * 60_000).toISOString();
// Ten-minute levels from 08:00 UTC: 2.00, 2.01, … 2.35.
const levels = Array.from({ length: 36 }, (_, i) => 2 + i / 100);
const raw = 2 ** 30;

let admin: TestSubject;
let viewer: TestSubject;
let auth: Auth;
type Station = TestStation & { token: string };
let corrected: Station;
let well: Station;
let river: Station;
let hidden: Station;
let offsetId: number;

const observations = async (datastream: number, query = '$orderby=phenomenonTime&$top=1000') =>
  (await ok(`/Datastreams(${datastream})/Observations?${query}`, auth)).value as {
    '@iot.id': string;
    phenomenonTime: string;
    result: number;
    resultQuality: string;
    parameters?: { approval: string };
  }[];
const chart = async (station: Station, code: string) => {
  const res = await callSpec(telemetryCalls.chart, {
    query: { id: station.uniqueId, from: day, to: day, format: 'columns' },
    token: viewer.token,
  });
  expect(res.status, res.text).toBe(200);
  return (res.data as { data: Record<string, { t: number[]; v: number[] }> }).data[code];
};
const datastreamsOf = async (station: Station) =>
  (await ok(`/Things(${station.id})/Datastreams?$expand=ObservedProperty&$top=100`, auth)).value as {
    '@iot.id': number;
    name: string;
    unitOfMeasurement: { name: string; symbol: string; definition: string };
    properties: Record<string, unknown>;
    ObservedProperty: { '@iot.id': number; name: string; definition: string };
  }[];
const stationWithLevels = async () => {
  const station = await make.station({ viewers: [viewer], token: true, timezone: 'UTC' });
  expect((await ingest('danes', station.token, { rows: series(start, 10, levels) })).status).toBe(200);
  return station;
};

/** A reference from before the readings: the logger hangs 20 m below the measuring point (252.1 m; ground 251.4 m). */
async function addReference(station: Station) {
  const reference = await call('POST', '/rest/levels/references', {
    token: admin.token,
    query: { id: station.id },
    body: {
      LevelReference: {
        reading: 'H1',
        ground_elevation: 251.4,
        mp_elevation: 252.1,
        datum: 'Bpv',
        note: 'Surveyed.',
        from: '2026-01-01T00:00:00Z',
        mode: 'water_column',
        sensor_depth: 20,
      },
    },
  });
  expect(reference.status, reference.text).toBe(200);
}

beforeAll(async () => {
  admin = await make.admin();
  viewer = await make.subject();
  auth = { bearer: await apiToken(viewer) };
  [corrected, well, river] = [await stationWithLevels(), await stationWithLevels(), await stationWithLevels()];
  hidden = await make.station({ token: true, timezone: 'UTC' });
  await ingest('danes', hidden.token, { rows: series(start, 10, levels) });
  const offset = await call('POST', '/rest/corrections', {
    token: admin.token,
    query: { id: corrected.id },
    body: { Correction: { reading: 'H1', kind: 'offset', from: start, amount: 0.1, note: 'Logger re-hung 10 cm higher.' } },
  });
  expect(offset.status, offset.text).toBe(200);
  offsetId = (offset.json as { data: { id: number } }).data.id;
  await addReference(well);
  // Q = 10 · h between 0 and 4 m.
  const rating = await callSpec(ratingCalls.add, {
    query: { id: river.id },
    body: {
      reading: 'H1',
      from: '2026-01-01T00:00:00.000Z',
      points: [
        { stage: 0, discharge: 0 },
        { stage: 4, discharge: 40 },
      ],
      note: 'Rated.',
    },
    token: admin.token,
  });
  expect(rating.status, rating.text).toBe(200);
  for (const s of [corrected, well, river]) await settleRollup(s.id);
});

describe('corrected and raw Datastreams', () => {
  it('serve the corrected series under the old id and the stored one at id + 2^30, equal once the correction is gone', async () => {
    const id = corrected.id * 16;
    const rawStream = await ok(`/Datastreams(${id + raw})`, auth);
    expect(rawStream).toMatchObject({
      name: expect.stringMatching(/Groundwater level \(raw\)$/),
      properties: { code: 'H1', series: 'raw' },
    });
    expect((await ok(`/Datastreams(${id})`, auth)).properties).toMatchObject({ code: 'H1', series: 'corrected' });

    const correctedValues = (await observations(id)).map((o) => o.result);
    expect(correctedValues).toHaveLength(36);
    correctedValues.forEach((v, i) => expect(v).toBeCloseTo(levels[i] + 0.1, 12));
    const stored = await observations(id + raw);
    expect(stored.map((o) => o.result)).toEqual(levels);
    expect(stored[0]['@iot.id']).toBe(`${id + raw}-${Date.parse(start)}`);
    // The chart's corrected points are the Datastream's.
    expect((await chart(corrected, 'H1')).v).toEqual(correctedValues);
    // Counted alike, unfiltered (the object counts a code with corrections) and filtered.
    for (const d of [id, id + raw]) {
      expect((await ok(`/Datastreams(${d})/Observations?$count=true&$top=0`, auth))['@iot.count']).toBe(36);
      expect((await ok(`/Datastreams(${d})/Observations?$count=true&$top=0&$filter=result ge 2.3`, auth))['@iot.count']).toBe(
        d === id ? 16 : 6,
      );
    }
    // A flag marks the reading in both series; only the corrected one moves.
    const flagged = await callSpec(qualityCalls.flag, {
      query: { id: corrected.id },
      body: { reading: 'H1', from: at(50), to: at(50), flag: 'suspect', note: 'Check.' },
      token: admin.token,
    });
    expect(flagged.status, flagged.text).toBe(200);
    for (const d of [id, id + raw]) {
      const qualities = (await observations(d)).map((o) => o.resultQuality);
      expect(qualities[5]).toBe('suspect');
      expect(qualities.filter((q) => q === 'suspect')).toHaveLength(1);
    }
    // A Thing's (and the whole set's) observations hold each reading once: raw series are read by their Datastream.
    const thing = await ok(`/FeaturesOfInterest(${corrected.id})/Observations?$count=true&$top=0`, auth);
    expect(thing['@iot.count']).toBe(36);

    const removed = await callSpec(correctionCalls.remove, {
      query: { id: corrected.id },
      body: { correction: offsetId, note: 'Not needed after all.' },
      token: admin.token,
    });
    expect(removed.status, removed.text).toBe(200);
    expect((await observations(id)).map((o) => [o['@iot.id'].split('-')[1], o.result])).toEqual(
      stored.map((o) => [o['@iot.id'].split('-')[1], o.result]),
    );
  });
});

describe('derived Datastreams', () => {
  it('list elevation and depth below ground for a well with a reference, valued as the chart derives them', async () => {
    const listed = await datastreamsOf(well);
    const elevation = listed.find((d) => d['@iot.id'] === well.id * 16 + 13)!;
    const depth = listed.find((d) => d['@iot.id'] === well.id * 16 + 14)!;
    expect(elevation).toMatchObject({
      unitOfMeasurement: { name: 'metre', symbol: 'm', definition: 'http://www.opengis.net/def/uom/UCUM/0/m' },
      properties: { code: 'H1_elevation', series: 'derived', from: 'H1', datum: 'Bpv' },
      ObservedProperty: { '@iot.id': 14, name: 'Groundwater elevation above datum', definition: 'urn:hladina:derived:elevation' },
    });
    expect(depth).toMatchObject({
      properties: { code: 'H1_depth_below_ground', series: 'derived' },
      ObservedProperty: { '@iot.id': 15, definition: 'urn:hladina:derived:depth_below_ground' },
    });
    expect(listed.some((d) => d['@iot.id'] === well.id * 16 + 15)).toBe(false);
    for (const [id, code] of [
      [well.id * 16 + 13, 'H1_elevation'],
      [well.id * 16 + 14, 'H1_depth_below_ground'],
    ] as const) {
      const points = await chart(well, code);
      const got = await observations(id);
      expect(got.map((o) => Date.parse(o.phenomenonTime))).toEqual(points.t);
      expect(got.map((o) => o.result)).toEqual(points.v);
    }
    expect((await observations(well.id * 16 + 13))[0].result).toBeCloseTo(252.1 - (20 - 2), 12);
    // The ObservedProperty lists the kind's Datastreams.
    const property = await ok(`/ObservedProperties(14)/Datastreams?$select=id`, auth);
    expect(property.value.map((d: { '@iot.id': number }) => d['@iot.id'])).toContain(well.id * 16 + 13);
  });

  it('list none for a station without a reference or rating, and an unknown derived id is a 404', async () => {
    const ids = (await datastreamsOf(corrected)).map((d) => d['@iot.id'] - corrected.id * 16);
    expect(ids.filter((slot) => slot >= 13 && slot < 16)).toEqual([]);
    expect(ids).toContain(raw);
    for (const id of [corrected.id * 16 + 13, corrected.id * 16 + 15, well.id * 16 + 13 + raw]) {
      expect((await sta(`/Datastreams(${id})`, auth)).status).toBe(404);
    }
    expect((await sta(`/Datastreams(${corrected.id * 16 + 13})/Observations`, auth)).status).toBe(404);
  });

  it('list discharge in m³/s for a rated station, naming its rating, valued as the chart rates them', async () => {
    const discharge = (await datastreamsOf(river)).find((d) => d['@iot.id'] === river.id * 16 + 15)!;
    const { versions } = (await callSpec(ratingCalls.state, { query: { id: river.id, reading: 'H1' }, token: viewer.token })).data;
    expect(discharge).toMatchObject({
      unitOfMeasurement: { name: 'cubic metre per second', symbol: 'm³/s', definition: 'http://www.opengis.net/def/uom/UCUM/0/m3/s' },
      properties: {
        code: 'H1_discharge',
        series: 'derived',
        from: 'H1',
        rating: { code: 'H1', versions: [{ id: versions[0].id, from: versions[0].from, to: null, note: 'Rated.' }] },
      },
      ObservedProperty: { '@iot.id': 16, name: 'Discharge' },
    });
    const points = await chart(river, 'H1_discharge');
    const got = await observations(river.id * 16 + 15);
    expect(got.map((o) => [Date.parse(o.phenomenonTime), o.result])).toEqual(points.t.map((t, i) => [t, points.v[i]]));
    expect(got[35].result).toBeCloseTo(23.5, 9);
  });
});

describe('a computed Datastream', () => {
  const datastream = () => well.id * 16 + 14;

  it('filters by result and phenomenonTime, orders by result and pages through nextLink as its full list says', async () => {
    const all = await observations(datastream());
    expect(all).toHaveLength(36);
    const from = Date.parse(at(60));
    const median = [...all].sort((a, b) => a.result - b.result)[18].result;
    const filter = `result le ${median} and phenomenonTime ge ${at(60)} and phenomenonTime lt ${at(300)}`;
    const expected = all
      .filter((o) => o.result <= median && Date.parse(o.phenomenonTime) >= from && Date.parse(o.phenomenonTime) < Date.parse(at(300)))
      .sort((a, b) => b.result - a.result)
      .map((o) => o['@iot.id']);
    expect(expected.length).toBeGreaterThan(5);
    for (const mode of ['spec', 'grafana'] as const) {
      const pages = await allPages(`/Datastreams(${datastream()})/Observations?$filter=${filter}&$orderby=result desc&$top=4`, auth, mode);
      expect(pages.flat().map((o) => o['@iot.id'])).toEqual(expected);
    }
    const counted = await ok(`/Datastreams(${datastream()})/Observations?$filter=${filter}&$count=true&$top=0`, auth);
    expect(counted['@iot.count']).toBe(expected.length);
    expect((await ok(`/Datastreams(${datastream()})/Observations?$count=true&$top=0`, auth))['@iot.count']).toBe(36);
    // Time order pages alike, and one observation is found by its id.
    const byTime = await allPages(`/Datastreams(${datastream()})/Observations?$orderby=phenomenonTime desc&$top=5`, auth, 'spec');
    expect(byTime.flat().map((o) => o['@iot.id'])).toEqual([...all].reverse().map((o) => o['@iot.id']));
    const one = await ok(`/Observations('${all[7]['@iot.id']}')`, auth);
    expect(one.result).toBe(all[7].result);
  });

  it('pages a series longer than its first window newest first and oldest first, as the stored series says', async () => {
    // Three weeks of hourly levels: more than the week a time-ordered page is first worked out over.
    const hourly = Array.from({ length: 504 }, (_, i) => 2 + (i % 24) / 100);
    const long = await make.station({ viewers: [viewer], token: true, timezone: 'UTC' });
    expect((await ingest('danes', long.token, { rows: series('2026-08-01T00:00:00Z', 60, hourly) })).status).toBe(200);
    await addReference(long);
    const times = (await allPages(`/Datastreams(${long.id * 16 + raw})/Observations?$orderby=phenomenonTime&$top=1000`, auth, 'spec'))
      .flat()
      .map((o) => o.phenomenonTime);
    expect(times).toHaveLength(504);
    const elevation = long.id * 16 + 13;
    const newest = (await allPages(`/Datastreams(${elevation})/Observations?$orderby=phenomenonTime desc&$top=200`, auth, 'spec')).flat();
    expect(newest.map((o) => o.phenomenonTime)).toEqual([...times].reverse());
    newest.forEach((o, i) => expect(o.result).toBeCloseTo(252.1 - (20 - hourly[503 - i]), 9));
    const oldest = (await allPages(`/Datastreams(${elevation})/Observations?$top=200`, auth, 'qgis', 300)).flat();
    expect(oldest.map((o) => o.phenomenonTime)).toEqual(times);
  });
});

describe('approval levels', () => {
  it('name the level of an approved range in the observations’ parameters, derived ones included', async () => {
    expect((await observations(well.id * 16)).some((o) => o.parameters)).toBe(false);
    const levelsList = (await callSpec(qualityCalls.levels, { token: viewer.token })).data;
    const checked = levelsList.find((l) => l.name === 'checked')!;
    const approved = await callSpec(qualityCalls.approve, {
      query: { id: well.id },
      body: { reading: 'H1', level: checked.id, from: day, to: day, note: 'Checked against the tape.' },
      token: admin.token,
    });
    expect(approved.status, approved.text).toBe(200);
    for (const id of [well.id * 16, well.id * 16 + raw, well.id * 16 + 13]) {
      const got = await observations(id);
      expect(got).toHaveLength(36);
      expect(got.every((o) => o.parameters?.approval === 'checked' && o.resultQuality === 'good')).toBe(true);
    }
    expect((await observations(corrected.id * 16)).some((o) => o.parameters)).toBe(false);
  });
});

describe('visibility', () => {
  it('hides the raw and derived Datastreams of a station the subject cannot see, as its others', async () => {
    for (const id of [hidden.id * 16, hidden.id * 16 + raw]) {
      expect((await sta(`/Datastreams(${id})`, auth)).status).toBe(404);
      expect((await sta(`/Datastreams(${id})/Observations`, auth)).status).toBe(404);
      expect((await ok(`/Observations?$filter=Datastream/id eq ${id}`, auth)).value).toEqual([]);
    }
  });
});
