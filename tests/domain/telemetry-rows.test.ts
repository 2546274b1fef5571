import { describe, expect, it } from 'vitest';
import { checkRows } from '../../worker/domain/telemetry/rows';

const now = Date.parse('2026-06-01T00:00:00Z');

describe('checkRows', () => {
  it('turns good rows of either source into readings, accepting numeric text', () => {
    expect(checkRows('UNIWAN', [{ value_id: 'hladina', value: '1.25', timestamp: '2026-05-31T10:00:00Z' }], 'UTC', now)).toEqual({
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
    );
    expect(readings).toHaveLength(1);
    expect(Object.keys(errors)).toEqual(['rows.1', 'rows.2', 'rows.3', 'rows.4', 'rows.5', 'rows.6']);
    expect(errors['rows.1'][0]).toMatch(/Unknown reading code "humidity" for DANES/);
    expect(errors['rows.2'][0]).toMatch(/finite/);
    expect(errors['rows.5'][0]).toMatch(/future/);
  });

  it('allows a clock up to a day ahead', () => {
    const { errors } = checkRows('DANES', [{ data_name: 'H1', data_value: 1, date: '2026-06-01T23:59:59Z' }], 'UTC', now);
    expect(errors).toEqual({});
  });
});
