import { describe, expect, it } from 'vitest';
import { checkRows } from '../../worker/domain/telemetry/rows';

const now = Date.parse('2026-06-01T00:00:00Z');
// The Worker's default EARLIEST_READING (tests/api/ingest-time.test.ts proves the default itself).
const floor = Date.parse('1990-01-01T00:00:00Z');

describe('checkRows', () => {
  it('turns good rows of either source into readings, accepting numeric text', () => {
    expect(checkRows('UNIWAN', [{ value_id: 'hladina', value: '1.25', timestamp: '2026-05-31T10:00:00Z' }], 'UTC', now, floor)).toEqual({
      readings: [{ reading: 'hladina', ts: Date.parse('2026-05-31T10:00:00Z'), value: 1.25 }],
      errors: {},
    });
  });

  it('names each bad row by index with the reason', () => {
    const { readings, errors } = checkRows(
      'DANES',
      [
        { data_name: 'H1', data_value: 1, date: '2026-05-31T10:00:00Z' },
        { data_name: 'humidity', data_value: 1, date: '2026-05-31T10:00:00Z' },
        { data_name: 'H1', data_value: Infinity, date: '2026-05-31T10:00:00Z' },
        { data_name: 'H1', data_value: '', date: '2026-05-31T10:00:00Z' },
        { data_name: 'H1', data_value: 1, date: 'soon' },
        { data_name: 'H1', data_value: 1, date: '2026-06-02T00:00:01Z' },
        null,
      ],
      'UTC',
      now,
      floor,
    );
    expect(readings).toHaveLength(1);
    expect(Object.keys(errors)).toEqual(['rows.1', 'rows.2', 'rows.3', 'rows.4', 'rows.5', 'rows.6']);
    expect(errors['rows.1'][0]).toMatch(/Unknown reading code "humidity" for DANES/);
    expect(errors['rows.2'][0]).toMatch(/finite/);
    expect(errors['rows.5'][0]).toMatch(/future/);
  });

  it('names a naive time the zone repeats or skips and asks for an offset, never guessing', () => {
    const { readings, errors } = checkRows(
      'DANES',
      [
        { data_name: 'H1', data_value: 1, date: '2026-10-25T02:30:00' },
        { data_name: 'H1', data_value: 2, date: '2026-03-29T02:30:00' },
        { data_name: 'H1', data_value: 3, date: '2026-10-25T02:30:00+01:00' },
      ],
      'Europe/Prague',
      Date.parse('2026-12-01T00:00:00Z'),
      floor,
    );
    expect(errors).toEqual({
      'rows.0': [
        '"date" 2026-10-25T02:30:00 happens twice in Europe/Prague (the clocks go back that hour): send it with its UTC offset or in UTC (Z).',
      ],
      'rows.1': [
        '"date" 2026-03-29T02:30:00 does not exist in Europe/Prague (the clocks skip that hour): send it with its UTC offset or in UTC (Z).',
      ],
    });
    expect(readings).toEqual([{ reading: 'H1', ts: Date.parse('2026-10-25T01:30:00Z'), value: 3 }]);
  });

  it('refuses years before 1900, impossible offsets and readings before the earliest day', () => {
    const row = (date: string) => ({ value_id: 'pressure', value: 1000, timestamp: date });
    const earliest = Date.parse('2000-01-01T00:00:00Z');
    const { readings, errors } = checkRows(
      'UNIWAN',
      [row('0050-01-01T00:00:00Z'), row('2026-01-01T00:00:00+15:00'), row('1999-12-31T23:59:59Z'), row('2000-01-01T00:00:00Z')],
      'UTC',
      now,
      earliest,
    );
    expect(errors).toEqual({
      'rows.0': ['"timestamp" must have a four-digit year from 1900 on.'],
      'rows.1': ['"timestamp" has an impossible UTC offset: offsets run from -14:00 to +14:00 with minutes under 60.'],
      'rows.2': ['"timestamp" is before 2000-01-01, the earliest reading this server accepts.'],
    });
    expect(readings.map((r) => r.ts)).toEqual([earliest]);
  });

  it('allows a clock up to a day ahead when the margin is a day (FUTURE_MARGIN_MINUTES)', () => {
    const { errors } = checkRows(
      'DANES',
      [{ data_name: 'H1', data_value: 1, date: '2026-06-01T23:59:59Z' }],
      'UTC',
      now,
      floor,
      24 * 3_600_000,
    );
    expect(errors).toEqual({});
  });
});
