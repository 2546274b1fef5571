import { describe, expect, it } from 'vitest';
import { call, post } from '../support/api';
import { make } from '../support/make';
import { dirtyOf, ingest, lastUpdateOf, rawAll, storedOf } from '../support/telemetry';

const danes = (data_name: string, data_value: unknown, date: string) => ({ data_name, data_value, date });

describe('ingest: happy path', () => {
  it('stores DANES rows with a station token, reading naive times in the station zone', async () => {
    const station = await make.station({ timezone: 'America/New_York', token: true });
    const res = await ingest('danes', station.token, {
      rows: [
        danes('H1', 2.5, '2026-01-10T12:00:00Z'),
        danes('_T', '-3.25', '2026-01-10T08:00:00-05:00'),
        danes('POWER', 12.4, '2026-01-10 23:30:00'),
      ],
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, data: { accepted: 3, duplicates: 0 } });
    expect(await storedOf(station.id)).toEqual([
      { reading: 'H1', ts: Date.parse('2026-01-10T12:00:00Z'), value: 2.5 },
      { reading: '_T', ts: Date.parse('2026-01-10T13:00:00Z'), value: -3.25 },
      { reading: 'POWER', ts: Date.parse('2026-01-11T04:30:00Z'), value: 12.4 },
    ]);
    // 23:30 in New York is already the 11th in UTC, but the station's day is the 10th.
    expect(await dirtyOf(station.id)).toEqual(['2026-01-10']);
    const item = { last_update: await lastUpdateOf(station.id) };
    expect(item.last_update).toBe(Date.parse('2026-01-11T04:30:00Z'));
  });

  it('stores UNIWAN rows with an importer token naming the station', async () => {
    const station = await make.station({ source: 'UNIWAN' });
    const res = await ingest('uniwan', await make.importerToken(), {
      unique_id: station.uniqueId,
      rows: [
        { value_id: 'pressure', value: 1013.2, timestamp: '2026-07-01T10:00:00+02:00' },
        { value_id: 'inner temperature', value: 21, timestamp: '2026-07-01T10:00:00' },
      ],
    });
    expect(res.data).toEqual({ accepted: 2, duplicates: 0 });
    const ts = Date.parse('2026-07-01T08:00:00Z');
    expect(await storedOf(station.id)).toEqual([
      { reading: 'inner temperature', ts, value: 21 },
      { reading: 'pressure', ts, value: 1013.2 },
    ]);
  });

  it('stores every value to the last bit, and a long batch whole', async () => {
    const station = await make.station({ timezone: 'UTC', token: true });
    // Doubles with no short decimal form, the extremes of a double's exponent and more report rows than one statement holds.
    const awkward = [0.1 + 0.2, 1 / 3, -2 / 7, 2 ** -52, 5e-324, 1e-300, 123.45678901234567, 1 - 2 ** -53, -0.000001];
    const rows = Array.from({ length: 1500 }, (_, i) => {
      const date = new Date(Date.parse('2026-01-01T00:00:00Z') + i * 600_000).toISOString();
      return danes('H1', awkward[i % awkward.length] + (i % 2), date);
    });
    const res = await ingest('danes', station.token, { rows });
    expect(res.data).toEqual({ accepted: 1500, duplicates: 0 });
    expect(await storedOf(station.id)).toEqual(rows.map((r) => ({ reading: 'H1', ts: Date.parse(r.date), value: r.data_value })));
  });

  it('keeps last_update at the newest reading when an older batch arrives later', async () => {
    const station = await make.station({ token: true });
    await ingest('danes', station.token, { rows: [danes('H1', 1, '2026-03-02T00:00:00Z')] });
    await ingest('danes', station.token, { rows: [danes('H1', 1, '2026-03-01T00:00:00Z')] });
    const item = { last_update: await lastUpdateOf(station.id) };
    expect(item.last_update).toBe(Date.parse('2026-03-02T00:00:00Z'));
  });
});

describe('ingest: duplicates', () => {
  it('stores nothing twice and counts the duplicates', async () => {
    const station = await make.station({ token: true });
    const rows = [danes('H1', 1, '2026-02-01T00:00:00Z'), danes('KCM', 0.5, '2026-02-01T00:00:00Z')];
    expect((await ingest('danes', station.token, { rows })).data).toEqual({ accepted: 2, duplicates: 0 });
    const again = await ingest('danes', station.token, { rows: [...rows, danes('H1', 1.1, '2026-02-01T00:10:00Z'), rows[0]] });
    expect(again.data).toEqual({ accepted: 1, duplicates: 3 });
    expect(await storedOf(station.id)).toHaveLength(3);
  });
});

describe('ingest: a bad row rejects the whole batch', () => {
  const good = danes('H1', 1, '2026-02-01T00:00:00Z');
  const cases: [string, unknown][] = [
    ['an unknown code', danes('XYZ', 1, '2026-02-01T00:10:00Z')],
    ["the other source's code", danes('pressure', 1, '2026-02-01T00:10:00Z')],
    ['a non-numeric value', danes('H1', 'high', '2026-02-01T00:10:00Z')],
    ['a NaN value', danes('H1', 'NaN', '2026-02-01T00:10:00Z')],
    ['a missing value', danes('H1', null, '2026-02-01T00:10:00Z')],
    ['an unparseable time', danes('H1', 1, 'yesterday noon')],
    ['an impossible date', danes('H1', 1, '2026-02-30T00:00:00Z')],
    ['a time more than a day ahead', danes('H1', 1, new Date(Date.now() + 25 * 3600_000).toISOString())],
    ['a row that is not an object', 42],
  ];
  for (const [what, bad] of cases) {
    it(`refuses ${what}, naming the row and storing nothing`, async () => {
      const station = await make.station({ token: true });
      const res = await ingest('danes', station.token, { rows: [good, bad, good] });
      expect(res.status).toBe(422);
      expect(Object.keys(res.json.errors)).toEqual(['rows.1']);
      expect(await storedOf(station.id)).toEqual([]);
      expect(await dirtyOf(station.id)).toEqual([]);
    });
  }

  it('refuses an infinite value (1e999 in the JSON) and names every bad row', async () => {
    const station = await make.station({ token: true });
    const rawBody = `{"rows":[{"data_name":"H1","data_value":1e999,"date":"2026-02-01T00:00:00Z"},
      {"data_name":"H1","data_value":1,"date":"2026-02-01T00:10:00Z"},{"data_name":"??","data_value":1,"date":"x"}]}`;
    const res = await call('POST', '/rest/ingest/danes', { token: station.token, rawBody });
    expect(res.status).toBe(422);
    expect(res.json.errors['rows.0'][0]).toMatch(/finite/);
    expect(res.json.errors['rows.2'][0]).toMatch(/Unknown reading code/);
    expect(res.json.errors['rows.1']).toBeUndefined();
    expect(await storedOf(station.id)).toEqual([]);
  });

  it('refuses a batch for a station of the other source', async () => {
    const station = await make.station({ source: 'UNIWAN', token: true });
    const res = await ingest('danes', station.token, { rows: [good] });
    expect(res.status).toBe(422);
    expect(res.json.errors.unique_id[0]).toMatch(/UNIWAN/);
    expect(await storedOf(station.id)).toEqual([]);
  });

  it('refuses 5,001 rows', async () => {
    const station = await make.station({ token: true });
    const rows = Array.from({ length: 5001 }, (_, i) => danes('H1', i, new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString()));
    const res = await ingest('danes', station.token, { rows });
    expect([413, 422]).toContain(res.status);
    expect(await storedOf(station.id)).toEqual([]);
  });

  it('accepts exactly 5,000 rows in one request', async () => {
    const station = await make.station({ token: true });
    const rows = Array.from({ length: 5000 }, (_, i) => danes('H1', i, new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString()));
    expect((await ingest('danes', station.token, { rows })).data).toEqual({ accepted: 5000, duplicates: 0 });
  });
});

describe('ingest: tokens', () => {
  const rows = [danes('H1', 1, '2026-02-01T00:00:00Z')];

  it('refuses a request without a token, and an unknown one', async () => {
    expect((await post('/rest/ingest/danes', { rows })).status).toBe(401);
    expect((await ingest('danes', 'not-a-real-token', { rows })).status).toBe(401);
  });

  it('refuses a session token: signing in does not make a station', async () => {
    const user = await make.subject();
    expect((await ingest('danes', user.token, { rows })).status).toBe(401);
  });

  it('refuses a revoked token once a new one is issued', async () => {
    const station = await make.station({ token: true });
    const [old, current] = [station.token, await make.stationToken(station)];
    expect((await ingest('danes', old, { rows })).status).toBe(401);
    expect((await ingest('danes', current, { rows })).status).toBe(200);
    const [token] = await rawAll<{ last_used_at: number | null }>(
      'SELECT last_used_at FROM station_tokens WHERE item_id = ? AND revoked_at IS NULL',
      station.id,
    );
    expect(token.last_used_at).toBeGreaterThan(0);
  });

  it("refuses a station token posting for another station's unique_id", async () => {
    const mine = await make.station({ token: true });
    const other = await make.station();
    const res = await ingest('danes', mine.token, { unique_id: other.uniqueId, rows });
    expect(res.status).toBe(403);
    expect(await storedOf(other.id)).toEqual([]);
  });

  it('asks an importer token which station it posts for', async () => {
    const token = await make.importerToken();
    expect((await ingest('danes', token, { rows })).status).toBe(422);
    expect((await ingest('danes', token, { unique_id: 'NO-SUCH-STATION', rows })).status).toBe(404);
  });
});
