import { describe, expect, it } from 'vitest';
import type { LiveMessage } from '../../worker/contracts/live';
import { lastDays } from '../../shared/station-time';
import {
  chartDays,
  messageForLink,
  roundCoordinate,
  stateOf,
  windowIn,
  type ShareDefinition,
} from '../../worker/domain/share-links/definition';
import { SeriesBuilder } from '../../worker/station/series';

const now = Date.parse('2026-06-15T12:00:00Z');

const link = (changes: Partial<ShareDefinition> = {}): ShareDefinition => ({
  id: 1,
  title: 'Wells',
  window: { from: '2026-06-01', to: '2026-06-10' },
  exactLocation: false,
  frameOrigins: [],
  expiresAt: null,
  revokedAt: null,
  ownerActive: true,
  stations: [
    {
      id: 7,
      face: {
        unique_id: 'W-7',
        name: 'Well',
        location_name: null,
        location_x: 49.19,
        location_y: 16.61,
        name_for_api: 'DANES',
        timezone: 'Europe/Prague',
        datum: null,
        readings: ['H1'],
      },
    },
  ],
  ...changes,
});

const readings = (rows: { data_name: string; data_value: number; date: string }[]): Extract<LiveMessage, { type: 'readings' }> => ({
  type: 'readings',
  unique_id: 'W-7',
  source: 'DANES',
  last_update: '2026-06-15T11:00:00Z',
  rows,
});

describe('what a share link lets through', () => {
  it('rounds coordinates to 0.01°', () => {
    expect([roundCoordinate(49.194561), roundCoordinate(16.607892), roundCoordinate(-0.005001), roundCoordinate(null)]).toEqual([
      49.19,
      16.61,
      -0.01,
      null,
    ]);
  });

  it('works while not revoked, not expired and its owner may sign in', () => {
    expect(stateOf(link(), now)).toBe('active');
    expect(stateOf(link({ expiresAt: now }), now)).toBe('expired');
    expect(stateOf(link({ expiresAt: now + 1 }), now)).toBe('active');
    expect(stateOf(link({ revokedAt: now - 1, expiresAt: now - 1 }), now)).toBe('revoked');
    expect(stateOf(link({ ownerActive: false }), now)).toBe('revoked');
  });

  it('answers charts only within its window, the whole window when asked for none', () => {
    const window = windowIn({ from: '2026-06-01', to: '2026-06-10' }, 'Europe/Prague', now);
    expect(chartDays(window, {}, 'Europe/Prague', now)).toEqual(window);
    expect(chartDays(window, { from: '2026-06-03', to: '2026-06-04' }, 'Europe/Prague', now)).toEqual({
      from: '2026-06-03',
      to: '2026-06-04',
    });
    expect(chartDays(window, { from: '2026-06-05' }, 'Europe/Prague', now)).toEqual({ from: '2026-06-05', to: '2026-06-10' });
    for (const query of [{ from: '2026-05-31' }, { to: '2026-06-11' }, { days: 1 }])
      expect(() => chartDays(window, query, 'Europe/Prague', now)).toThrow(/only 2026-06-01 to 2026-06-10/);
    const rolling = windowIn({ days: 7 }, 'Europe/Prague', now);
    expect(rolling).toEqual(lastDays(7, 'Europe/Prague', now));
    expect(chartDays(rolling, { days: 3 }, 'Europe/Prague', now)).toEqual(lastDays(3, 'Europe/Prague', now));
    expect(() => chartDays(rolling, { days: 8 }, 'Europe/Prague', now)).toThrow();
  });

  it('passes on live rows of its readings within its window only, and nothing else', () => {
    const message = readings([
      { data_name: 'H1', data_value: 1, date: '2026-06-09T10:00:00.000Z' },
      { data_name: '_T', data_value: 20, date: '2026-06-09T10:00:00.000Z' },
      { data_name: 'H1', data_value: 2, date: '2026-06-14T10:00:00.000Z' },
    ]);
    expect(messageForLink(link(), 7, message, now)).toEqual({
      ...message,
      last_update: '2026-06-09T10:00:00.000Z',
      rows: [{ data_name: 'H1', data_value: 1, date: '2026-06-09T10:00:00.000Z' }],
    });
    expect(messageForLink(link({ window: { days: 30 } }), 7, message, now)).toMatchObject({
      last_update: '2026-06-14T10:00:00.000Z',
      rows: [{ data_value: 1 }, { data_value: 2 }],
    });
    const moved = {
      ...message,
      levels: ['H1', '_T'].map((reading) => ({ reading, level: 1, since: '2026-06-09T10:00:00.000Z', value: 1 })),
      forecasts: ['_T', 'H1'].map((reading) => ({ reading, forecast: null })),
    };
    expect(messageForLink(link(), 7, moved, now)).toMatchObject({ levels: [{ reading: 'H1' }], forecasts: [{ reading: 'H1' }] });
    const hidden = messageForLink(link(), 7, { ...moved, levels: moved.levels.slice(1), forecasts: moved.forecasts.slice(0, 1) }, now);
    expect(hidden).not.toHaveProperty('levels');
    expect(hidden).not.toHaveProperty('forecasts');
    expect(messageForLink(link(), 8, message, now)).toBeNull();
    expect(messageForLink(link(), 7, readings([{ data_name: '_T', data_value: 1, date: '2026-06-09T10:00:00.000Z' }]), now)).toBeNull();
    expect(messageForLink(link(), 7, { type: 'pong' }, now)).toBeNull();
  });

  it('reads only the readings it shows from a station', () => {
    const builder = new SeriesBuilder(['H1', '_T'], 0, 100, { codes: ['H1'] });
    builder.add([10, 1, 20]);
    builder.add([20, 2, 21]);
    expect(builder.result()).toMatchObject({ data: { H1: { t: [10, 20], v: [1, 2] } }, min: { H1: 1 }, max: { H1: 2 } });
    expect(Object.keys(builder.result().data)).toEqual(['H1']);
  });
});
