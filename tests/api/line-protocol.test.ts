/** InfluxDB's write API (line protocol in): answers as InfluxDB does, stores as the JSON ingest does, all or nothing. */
import { describe, expect, it } from 'vitest';
import { LineFieldsReply } from '../../worker/contracts/items';
import { QualityState } from '../../worker/contracts/quality';
import { fetchWorker, get, origin, post } from '../support/api';
import { make } from '../support/make';
import { dirtyOf, storedOf } from '../support/telemetry';

const ms = (iso: string) => Date.parse(iso);
const ns = (iso: string) => `${ms(iso)}000000`;

interface WriteOptions {
  token?: string;
  /** Where the token goes: `Authorization: Bearer`, `Authorization: Token`, the Basic password, or `p=`. */
  via?: 'bearer' | 'token' | 'basic' | 'query';
  path?: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
}

/** Posts a body of line protocol as a client would; the reply with its JSON (if any). */
async function write(
  body: string | Uint8Array<ArrayBuffer>,
  { token, via = 'bearer', path = '/write', query = {}, headers = {} }: WriteOptions = {},
) {
  const params = new URLSearchParams(query);
  const auth: Record<string, string> = {};
  if (token && via === 'bearer') auth.Authorization = `Bearer ${token}`;
  if (token && via === 'token') auth.Authorization = `Token ${token}`;
  if (token && via === 'basic') auth.Authorization = `Basic ${btoa(`telegraf:${token}`)}`;
  if (token && via === 'query') {
    params.set('u', 'station');
    params.set('p', token);
  }
  const res = await fetchWorker(
    new Request(`${origin}${path}${params.size ? `?${params}` : ''}`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain; charset=utf-8', ...auth, ...headers },
      body,
    }),
  );
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: text ? JSON.parse(text) : null };
}

async function gzip(text: string) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe('line protocol: a write is stored', () => {
  it('answers 204 and stores each field as a reading of the token’s station, counting what it took', async () => {
    const station = await make.station({ token: true, timezone: 'America/New_York' });
    const res = await write(
      `weather H1=2.5,KCM=1i,_T=-3.25 ${ns('2026-01-10T12:00:00Z')}\nweather POWER=12 ${ns('2026-01-11T04:30:00Z')}\n`,
      {
        token: station.token,
      },
    );
    expect(res.status, res.text).toBe(204);
    expect(res.text).toBe('');
    expect(res.headers.get('X-Hladina-Accepted')).toBe('4');
    expect(res.headers.get('X-Hladina-Duplicates')).toBe('0');
    expect(res.headers.get('X-Influxdb-Version')).toBeTruthy();
    expect(res.headers.get('Server-Timing')).toMatch(/parse;dur=\d+.*rpc;dur=\d+.*total;dur=\d+/);
    expect(await storedOf(station.id)).toEqual([
      { reading: 'H1', ts: ms('2026-01-10T12:00:00Z'), value: 2.5 },
      { reading: 'KCM', ts: ms('2026-01-10T12:00:00Z'), value: 1 },
      { reading: '_T', ts: ms('2026-01-10T12:00:00Z'), value: -3.25 },
      { reading: 'POWER', ts: ms('2026-01-11T04:30:00Z'), value: 12 },
    ]);
    // The station's own days: 04:30 UTC on the 11th is still the 10th in New York.
    expect(await dirtyOf(station.id)).toEqual(['2026-01-10']);
  });

  for (const via of ['bearer', 'token', 'basic', 'query'] as const) {
    it(`takes the token as ${via === 'query' ? 'p=' : via === 'basic' ? 'the HTTP Basic password' : `Authorization: ${via}`}`, async () => {
      const station = await make.station({ token: true });
      const res = await write(`m H1=1 ${ns('2026-02-01T00:00:00Z')}`, { token: station.token, via, query: { db: 'anything' } });
      expect(res.status, res.text).toBe(204);
      expect(await storedOf(station.id)).toHaveLength(1);
    });
  }

  it('answers under /influx too, and at InfluxDB 2’s /api/v2/write (org and bucket ignored)', async () => {
    const station = await make.station({ token: true });
    const v1 = await write(`m H1=1 ${ns('2026-02-01T00:00:00Z')}`, { token: station.token, path: '/influx/write' });
    const v2 = await write(`m H1=2 ${ms('2026-02-01T00:10:00Z') / 1000}`, {
      token: station.token,
      via: 'token',
      path: '/api/v2/write',
      query: { org: 'o', bucket: 'b', precision: 's' },
    });
    const v2base = await write(`m H1=3 ${ms('2026-02-01T00:20:00Z')}`, {
      token: station.token,
      path: '/influx/api/v2/write',
      query: { bucket: 'b', precision: 'ms' },
    });
    expect([v1.status, v2.status, v2base.status]).toEqual([204, 204, 204]);
    expect((await storedOf(station.id)).map((r) => r.value)).toEqual([1, 2, 3]);
  });

  const precisions: [string, (iso: string) => string][] = [
    ['n', ns],
    ['u', (iso) => `${ms(iso)}000`],
    ['ms', (iso) => String(ms(iso))],
    ['s', (iso) => String(ms(iso) / 1000)],
    ['m', (iso) => String(ms(iso) / 60_000)],
    ['h', (iso) => String(ms(iso) / 3_600_000)],
  ];
  for (const [precision, stamp] of precisions) {
    it(`reads timestamps in precision=${precision}`, async () => {
      const station = await make.station({ token: true });
      const res = await write(`m H1=1 ${stamp('2026-02-01T05:00:00Z')}`, { token: station.token, query: { precision } });
      expect(res.status, res.text).toBe(204);
      expect(await storedOf(station.id)).toEqual([{ reading: 'H1', ts: ms('2026-02-01T05:00:00Z'), value: 1 }]);
    });
  }

  it('takes a gzip body (Content-Encoding: gzip)', async () => {
    const station = await make.station({ token: true });
    const lines = Array.from({ length: 50 }, (_, i) => `m H1=${i / 10},RV=${i} ${ms('2026-02-01T00:00:00Z') + i * 600_000}`).join('\n');
    const res = await write(await gzip(lines), {
      token: station.token,
      query: { precision: 'ms' },
      headers: { 'Content-Encoding': 'gzip' },
    });
    expect(res.status, res.text).toBe(204);
    expect(res.headers.get('X-Hladina-Accepted')).toBe('100');
    expect(await storedOf(station.id)).toHaveLength(100);
  });

  it('stores a UNIWAN station’s fields, spaces in their names escaped, and comments and blank lines skipped', async () => {
    const station = await make.station({ source: 'UNIWAN', token: true });
    const at = ns('2026-03-01T10:00:00Z');
    const res = await write(`# a gateway's export\n\nclimate inner\\ temperature=21.5,pressure=1013.2,hladina=1.25 ${at}\n`, {
      token: station.token,
    });
    expect(res.status, res.text).toBe(204);
    expect((await storedOf(station.id)).map((r) => r.reading)).toEqual(['hladina', 'inner temperature', 'pressure']);
  });

  it('counts a reading posted again as a duplicate and stores it once', async () => {
    const station = await make.station({ token: true });
    const body = `m H1=1,RV=50 ${ns('2026-02-01T00:00:00Z')}\nm H1=1.5 ${ns('2026-02-01T00:00:00Z')}\n`;
    const first = await write(body, { token: station.token });
    const again = await write(body, { token: station.token });
    expect([first.headers.get('X-Hladina-Accepted'), first.headers.get('X-Hladina-Duplicates')]).toEqual(['2', '1']);
    expect([again.headers.get('X-Hladina-Accepted'), again.headers.get('X-Hladina-Duplicates')]).toEqual(['0', '3']);
    expect(await storedOf(station.id)).toEqual([
      { reading: 'H1', ts: ms('2026-02-01T00:00:00Z'), value: 1 },
      { reading: 'RV', ts: ms('2026-02-01T00:00:00Z'), value: 50 },
    ]);
  });

  it('lets an importer token write several stations in one request, each named by its station tag', async () => {
    const [a, b] = [await make.station(), await make.station({ source: 'UNIWAN' })];
    const at = ns('2026-02-01T00:00:00Z');
    const res = await write(
      `m,station=${a.uniqueId} H1=1 ${at}\nm,station=${b.uniqueId},site=x pressure=1000 ${at}\nm,station=${a.uniqueId} RV=40 ${at}\n`,
      {
        token: await make.importerToken(),
      },
    );
    expect(res.status, res.text).toBe(204);
    expect(res.headers.get('X-Hladina-Accepted')).toBe('3');
    expect((await storedOf(a.id)).map((r) => r.reading)).toEqual(['H1', 'RV']);
    expect((await storedOf(b.id)).map((r) => r.reading)).toEqual(['pressure']);
  });

  it('lets a station token name its own station in the tag', async () => {
    const station = await make.station({ token: true });
    const res = await write(`m,station=${station.uniqueId} H1=1 ${ns('2026-02-01T00:00:00Z')}\nm H1=2 ${ns('2026-02-01T00:10:00Z')}`, {
      token: station.token,
    });
    expect(res.status, res.text).toBe(204);
    expect(await storedOf(station.id)).toHaveLength(2);
  });
});

describe('line protocol: credentials', () => {
  const body = `m H1=1 ${ns('2026-02-01T00:00:00Z')}`;

  it('answers 401 as InfluxDB does without a token, with an unknown one, and with a session token', async () => {
    const user = await make.subject();
    for (const res of [
      await write(body),
      await write(body, { token: 'not-a-token', via: 'query' }),
      await write(body, { token: user.token }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.json.error).toMatch(/token|authorization/i);
      // The header carries the same words in ASCII.
      expect(res.headers.get('X-Influxdb-Error')).toBe(res.json.error.replace(/[^\x20-\x7e]/g, '?'));
    }
  });

  it('refuses a station token naming another station (403), storing nothing', async () => {
    const [station, other] = [await make.station({ token: true }), await make.station()];
    const res = await write(`m H1=1 ${ns('2026-02-01T00:00:00Z')}\nm,station=${other.uniqueId} H1=2 ${ns('2026-02-01T00:10:00Z')}`, {
      token: station.token,
    });
    expect(res.status).toBe(403);
    expect(res.json.error).toBe(`line 2: This token belongs to station ${station.uniqueId}, not ${other.uniqueId}.`);
    expect(await storedOf(station.id)).toEqual([]);
    expect(await storedOf(other.id)).toEqual([]);
  });
});

describe('line protocol: a bad line refuses the whole write', () => {
  const good = (minute: number) => `m H1=1 ${ms('2026-02-01T00:00:00Z') + minute * 60_000}`;
  const cases: [string, string, RegExp][] = [
    ['a line that cannot be read', 'm H1=', /^line 2: unable to parse 'm H1=': missing field value$/],
    [
      'a field that is no reading code',
      `m XYZ=1 ${ms('2026-02-01T00:00:00Z')}`,
      /^line 2: Field "XYZ" is no reading of DANES station .+: name a field after a reading code/,
    ],
    ["the other source's code", `m pressure=1000 ${ms('2026-02-01T00:00:00Z')}`, /^line 2: Field "pressure" is no reading of DANES/],
    ['a string field', `m H1="high" ${ms('2026-02-01T00:00:00Z')}`, /^line 2: Field "H1" is a string; readings are numbers\.$/],
    ['a boolean field', `m H1=true ${ms('2026-02-01T00:00:00Z')}`, /^line 2: Field "H1" is a boolean/],
    [
      'a value outside the physical limits',
      `m RV=250 ${ms('2026-02-01T00:00:00Z')}`,
      /^line 2: Field "RV" 250 is outside the physical limits of RV \(0 to 100 %\)/,
    ],
    [
      'a time in the future',
      `m H1=1 ${Date.now() + 3_600_000}`,
      /^line 2: The timestamp is in the future: more than 10 minutes after the server's clock/,
    ],
    ['a time before the earliest reading', `m H1=1 ${ms('1980-01-01T00:00:00Z')}`, /^line 2: The timestamp is before 1990-01-01/],
  ];
  for (const [what, line, message] of cases) {
    it(`refuses ${what} with a 400 naming the line, storing nothing from the write`, async () => {
      const station = await make.station({ token: true });
      const res = await write(`${good(0)}\n${line}\n${good(10)}\n`, { token: station.token, query: { precision: 'ms' } });
      expect(res.status).toBe(400);
      expect(res.json.error).toMatch(message);
      expect(res.headers.get('X-Influxdb-Error')).toBeTruthy();
      expect(await storedOf(station.id)).toEqual([]);
      expect(await dirtyOf(station.id)).toEqual([]);
    });
  }

  it('answers InfluxDB 2’s error shape at /api/v2/write', async () => {
    const station = await make.station({ token: true });
    const res = await write('m H1=\n', { token: station.token, via: 'token', path: '/api/v2/write', query: { bucket: 'b' } });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ code: 'invalid', message: "line 1: unable to parse 'm H1=': missing field value" });
  });

  it('names every bad line, one per line of the error', async () => {
    const station = await make.station({ token: true });
    const res = await write(`m H1=\n${good(0)}\nm RV=250 ${ms('2026-02-01T00:00:00Z')}\n`, {
      token: station.token,
      query: { precision: 'ms' },
    });
    expect(res.json.error.split('\n')).toEqual([
      "line 1: unable to parse 'm H1=': missing field value",
      expect.stringMatching(/^line 3: Field "RV" 250 is outside/),
    ]);
  });

  it('refuses an importer’s line without a station tag, or naming no station, and stores nothing for the others', async () => {
    const station = await make.station();
    const res = await write(`m,station=${station.uniqueId} H1=1 ${ms('2026-02-01T00:00:00Z')}\nm H1=2 1\nm,station=NOPE H1=3 1\n`, {
      token: await make.importerToken(),
      query: { precision: 'ms' },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.split('\n')).toEqual([
      "line 2: No station named: an importer token names each point's station with the tag station=<unique id>.",
      'line 3: No station has the unique id "NOPE".',
    ]);
    expect(await storedOf(station.id)).toEqual([]);
  });

  it('refuses an unknown precision', async () => {
    const station = await make.station({ token: true });
    const res = await write(good(0), { token: station.token, query: { precision: 'fortnight' } });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatch(/invalid precision "fortnight"/);
  });

  it('refuses a body over 5 MiB with 413, and a gzip body that is not gzip with 400', async () => {
    const station = await make.station({ token: true });
    const big = await write('#'.repeat(5 * 1024 * 1024 + 1), { token: station.token });
    expect(big.status).toBe(413);
    expect(big.json.error).toMatch(/larger than 5 MiB/);
    const broken = new Uint8Array([0x1f, 0x8b, 1, 2, 3, 4]);
    const res = await write(broken, { token: station.token, headers: { 'Content-Encoding': 'gzip' } });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatch(/gzip/);
  });
});

describe('line protocol: approved data stay locked', () => {
  async function approvedStation() {
    const station = await make.station({ token: true });
    const admin = await make.admin();
    // Approval reaches the newest stored reading (10:00): 09:00 lies inside it.
    await write(`m H1=2 ${ms('2026-05-06T08:00:00Z')}\nm H1=2 ${ms('2026-05-06T10:00:00Z')}`, {
      token: station.token,
      query: { precision: 'ms' },
    });
    const approved = await post(
      '/rest/quality/approve',
      { QualityApprove: { to: '2026-05-06' } },
      { token: admin.token, query: { id: station.id }, reply: QualityState },
    );
    expect(approved.status, approved.text).toBe(200);
    return station;
  }

  it('refuses a new reading into an approved stretch (400 naming the line), but takes the same reading again', async () => {
    const station = await approvedStation();
    const again = await write(`m H1=2 ${ms('2026-05-06T08:00:00Z')}`, { token: station.token, query: { precision: 'ms' } });
    expect(again.status).toBe(204);
    expect(again.headers.get('X-Hladina-Duplicates')).toBe('1');
    const late = await write(`m H1=2 ${ms('2026-05-07T08:00:00Z')}\nm H1=2.2 ${ms('2026-05-06T09:00:00Z')}\n`, {
      token: station.token,
      query: { precision: 'ms' },
    });
    expect(late.status).toBe(400);
    expect(late.json.error).toMatch(/^line 2: H1 of this station is approved up to 2026-05-06T10:00:00.001Z/);
    expect(await storedOf(station.id)).toHaveLength(2);
  });

  it('stores nothing at any station of an importer’s write when one station refuses', async () => {
    const [locked, free] = [await approvedStation(), await make.station()];
    const res = await write(
      `m,station=${free.uniqueId} H1=1 ${ms('2026-05-06T09:00:00Z')}\nm,station=${locked.uniqueId} H1=2.2 ${ms('2026-05-06T09:00:00Z')}\n`,
      { token: await make.importerToken(), query: { precision: 'ms' } },
    );
    expect(res.status).toBe(400);
    expect(res.json.error).toMatch(/^line 2: H1 of this station is approved/);
    expect(await storedOf(free.id)).toEqual([]);
    expect(await storedOf(locked.id)).toHaveLength(2);
  });
});

describe('line protocol: a station’s own field names', () => {
  it('maps field names to reading codes on the station, a mapping winning over a code’s own name', async () => {
    const station = await make.station({ token: true });
    const admin = await make.admin();
    const saved = await post(
      '/rest/items/line-fields',
      {
        LineFields: {
          fields: [
            { field: 'level', code: 'H1' },
            { field: 'H1', code: '_TX' },
            { field: 'probe temp', code: '_T' },
          ],
        },
      },
      { token: admin.token, query: { id: station.id }, reply: LineFieldsReply },
    );
    expect(saved.status, saved.text).toBe(200);
    expect(saved.data).toEqual({
      item_id: station.id,
      source: 'DANES',
      codes: ['H1', 'KCM', 'RV', 'SRA1H', '_T', '_TX', 'POWER'],
      fields: [
        { field: 'H1', code: '_TX' },
        { field: 'level', code: 'H1' },
        { field: 'probe temp', code: '_T' },
      ],
    });
    expect((await get(`/rest/items/line-fields?id=${station.id}`, { token: admin.token, reply: LineFieldsReply })).data).toEqual(
      saved.data,
    );
    const res = await write(`m level=2.5,H1=8,probe\\ temp=4,RV=60 ${ms('2026-02-01T00:00:00Z')}`, {
      token: station.token,
      query: { precision: 'ms' },
    });
    expect(res.status, res.text).toBe(204);
    expect((await storedOf(station.id)).map((r) => [r.reading, r.value])).toEqual([
      ['H1', 2.5],
      ['RV', 60],
      ['_T', 4],
      ['_TX', 8],
    ]);
  });

  it('refuses a mapping to a code the station’s source lacks (422 naming it), and a field named twice', async () => {
    const station = await make.station();
    const admin = await make.admin();
    const bad = await post(
      '/rest/items/line-fields',
      {
        LineFields: {
          fields: [
            { field: 'level', code: 'H1' },
            { field: 'p', code: 'pressure' },
          ],
        },
      },
      { token: admin.token, query: { id: station.id } },
    );
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual({ 'fields.1.code': ['pressure is not a reading of DANES stations.'] });
    const unknown = await post(
      '/rest/items/line-fields',
      { LineFields: { fields: [{ field: 'x', code: 'XYZ' }] } },
      { token: admin.token, query: { id: station.id } },
    );
    expect(unknown.status).toBe(422);
    const twice = await post(
      '/rest/items/line-fields',
      {
        LineFields: {
          fields: [
            { field: 'a', code: 'H1' },
            { field: 'a', code: 'RV' },
          ],
        },
      },
      { token: admin.token, query: { id: station.id } },
    );
    expect(twice.status).toBe(422);
    expect((await get(`/rest/items/line-fields?id=${station.id}`, { token: admin.token })).data.fields).toEqual([]);
  });
});

describe('line protocol: what clients probe first', () => {
  it('answers /ping with 204 and a version, /health with a pass, and GET /write with 405', async () => {
    for (const path of ['/ping', '/influx/ping']) {
      const ping = await fetchWorker(new Request(`${origin}${path}`));
      expect(ping.status).toBe(204);
      expect(ping.headers.get('X-Influxdb-Version')).toBeTruthy();
    }
    const health = await fetchWorker(new Request(`${origin}/health`));
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'pass' });
    const read = await fetchWorker(new Request(`${origin}/write`));
    expect(read.status).toBe(405);
    expect(read.headers.get('Allow')).toBe('POST');
  });
});
