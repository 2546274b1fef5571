import { describe, expect, test } from 'vitest';
import { deliverySearch } from '~/features/webhooks/delivery-filter';
import { lastAnswer, stationsText } from '~/features/webhooks/labels';
import { matchingStations } from '~/features/webhooks/station-picker';
import { stationDateTime } from '~/lib/format';

describe('the delivery log filter in the address', () => {
  test('reads a webhook id and a status', () => {
    expect(deliverySearch({ webhook: '12', status: 'failed' })).toEqual({ webhook: 12, status: 'failed' });
    expect(deliverySearch({ webhook: 3 })).toEqual({ webhook: 3 });
    expect(deliverySearch({})).toEqual({});
  });

  test('drops anything else instead of failing', () => {
    expect(deliverySearch({ webhook: '0', status: 'lost' })).toEqual({});
    expect(deliverySearch({ webhook: '-4' })).toEqual({});
    expect(deliverySearch({ webhook: '1e3', status: ['failed'] })).toEqual({});
    expect(deliverySearch({ webhook: '99999999999999999999' })).toEqual({});
  });
});

describe('webhooks in words', () => {
  test('no stations means every station; more than two are counted', () => {
    const names = new Map([
      [1, 'Brno'],
      [2, 'Jihlava'],
      [3, 'Olomouc'],
    ]);
    expect(stationsText([], names)).toBe('All stations');
    expect(stationsText([1, 2], names)).toBe('Brno, Jihlava');
    expect(stationsText([1, 2, 3, 9], names)).toBe('Brno, Jihlava and 2 more');
  });

  test('the last answer is the HTTP status, else why there was none', () => {
    expect(lastAnswer({ attempts: 1, last_status: 500, last_error: 'HTTP 500' })).toBe('HTTP 500');
    expect(lastAnswer({ attempts: 2, last_status: null, last_error: 'connection refused' })).toBe('connection refused');
    expect(lastAnswer({ attempts: 0, last_status: null, last_error: null })).toBe('Not sent yet');
  });

  test('the station picker finds stations by name or id, ignoring case and accents', () => {
    const stations = [
      { id: 1, name: 'Brno – Svratka well', unique_id: 'DANES-BRNO-01' },
      { id: 2, name: 'Olomouc weather', unique_id: 'UNIWAN-OLOM-01' },
      { id: 3, name: 'Žďár pond', unique_id: 'DANES-ZDAR-01' },
    ];
    expect(matchingStations(stations, 'svratka').map((s) => s.id)).toEqual([1]);
    expect(matchingStations(stations, ' uniwan ').map((s) => s.id)).toEqual([2]);
    expect(matchingStations(stations, '')).toEqual(stations);
    expect(matchingStations(stations, 'zdar pond').map((s) => s.id)).toEqual([3]);
  });

  test('times read DD.MM.YYYY HH:mm in the zone asked for, across a DST change', () => {
    expect(stationDateTime('2026-07-01T10:05:00Z', 'Europe/Prague')).toBe('01.07.2026 12:05');
    expect(stationDateTime('2026-11-22T23:30:00Z', 'Europe/Prague')).toBe('23.11.2026 00:30');
    expect(stationDateTime(Date.parse('2026-11-22T23:30:00Z'), 'UTC')).toBe('22.11.2026 23:30');
  });
});
