import { describe, expect, it } from 'vitest';
import { make } from '../support/make';
import { ingest } from '../support/telemetry';

const danes = (date: string, data_value = 1) => ({ data_name: 'H1', data_value, date });

/** Posts DANES rows for a fresh Prague station through an importer token. */
async function post(rows: unknown[]) {
  const station = await make.station();
  return ingest('danes', await make.importerToken(), { unique_id: station.uniqueId, rows });
}

describe('ingest: station times, exactly', () => {
  it('refuses a naive time of the autumn overlap with a 422 naming the row and asking for an offset', async () => {
    const res = await post([danes('2026-10-25T01:50:00'), danes('2026-10-25T02:30:00')]);
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.errors)).toEqual(['rows.1']);
    expect(res.json.errors['rows.1'][0]).toBe(
      '"date" 2026-10-25T02:30:00 happens twice in Europe/Prague (the clocks go back that hour): send it with its UTC offset or in UTC (Z).',
    );
  });

  it('stores both passes of the overlap hour when they come with their offsets, neither a duplicate of the other', async () => {
    const res = await post([danes('2026-10-25T02:30:00+02:00', 1), danes('2026-10-25T02:30:00+01:00', 2)]);
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ accepted: 2, duplicates: 0 });
  });

  it('refuses a naive time of the spring gap with a 422 instead of merging it with another reading', async () => {
    const res = await post([danes('2026-03-29T03:30:00'), danes('2026-03-29T02:30:00')]);
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.errors)).toEqual(['rows.1']);
    expect(res.json.errors['rows.1'][0]).toMatch(/^"date" 2026-03-29T02:30:00 does not exist in Europe\/Prague .*UTC offset/);
  });

  it('refuses years before 1900 and two-digit years', async () => {
    const res = await post([danes('0050-06-01T12:00:00Z'), danes('1899-12-31T12:00:00Z'), danes('50-06-01T12:00:00Z')]);
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({
      'rows.0': ['"date" must have a four-digit year from 1900 on.'],
      'rows.1': ['"date" must have a four-digit year from 1900 on.'],
      'rows.2': ['"date" is not an ISO 8601 time.'],
    });
  });

  it('refuses offsets beyond ±14:00 or with minutes of 60 or more, and takes those within', async () => {
    const refused = await post([
      danes('2026-01-10T12:00:00+14:30'),
      danes('2026-01-10T12:00:00-15:00'),
      danes('2026-01-10T12:00:00+01:60'),
    ]);
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.json.errors)).toEqual(['rows.0', 'rows.1', 'rows.2']);
    expect(refused.json.errors['rows.0'][0]).toMatch(/impossible UTC offset/);
    const taken = await post([danes('2026-01-10T12:00:00+14:00'), danes('2026-01-10T12:00:00-12:00')]);
    expect(taken.data).toEqual({ accepted: 2, duplicates: 0 });
  });

  it('refuses readings before 1990-01-01, the configured earliest day', async () => {
    const res = await post([danes('1989-12-31T23:59:59Z'), danes('1990-01-01T00:00:00Z')]);
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({ 'rows.0': ['"date" is before 1990-01-01, the earliest reading this server accepts.'] });
  });
});
