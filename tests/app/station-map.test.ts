import { describe, expect, test } from 'vitest';
import type { ItemRow } from '../../worker/contracts/items';
import { clusterLabel, clusterRing, stationLabel } from '~/features/map/marker-look';
import { placesKey, separationZoom, stationBounds, stationFeatures, type StateCounts } from '~/features/map/station-features';
import { stationState } from '~/features/stations/status';
import { itemRow } from '../support/rows';

const item = (over: Partial<ItemRow>) => itemRow({ unique_id: 'DANES-BRNO-01', location_x: 49.18, location_y: 16.59, ...over });

const minutes = (n: number) => n * 60_000;
const start = Date.UTC(2026, 10, 1);
const last = start + 144 * minutes(10);
// Two codes every 10 minutes for a day: a station that usually reports every 10 minutes.
const summary = (power: number) => ({
  date: new Date(last).toISOString(),
  pocetMereni: 288,
  max: { H1: 2, POWER: 13 },
  min: { H1: 1, POWER: power },
});

describe('station state for the map', () => {
  test('a station reporting on time with a good battery is fresh', () => {
    expect(stationState(summary(12.4), start, last + minutes(5))).toBe('fresh');
  });

  test('a low supply voltage shows as low voltage', () => {
    expect(stationState(summary(11.2), start, last + minutes(5))).toBe('low_voltage');
  });

  test('a station silent for more than twice its interval is stale, even with a low battery', () => {
    expect(stationState(summary(12.4), start, last + minutes(25))).toBe('stale');
    expect(stationState(summary(11.2), start, last + minutes(25))).toBe('stale');
    expect(stationState({ date: null, pocetMereni: 0, max: {}, min: {} }, start, last)).toBe('stale');
  });
});

describe('stations as GeoJSON', () => {
  test('stations with coordinates become points, longitude first, with id, name and state', () => {
    const collection = stationFeatures([item({}), item({ unique_id: 'NOWHERE', location_x: null, location_y: null })], () => 'stale');
    expect(collection.features).toEqual([
      {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [16.59, 49.18] },
        properties: { id: 'DANES-BRNO-01', name: 'Brno well', state: 'stale' },
      },
    ]);
  });

  test('bounds span every station; none without stations', () => {
    const collection = stationFeatures([item({}), item({ unique_id: 'B', location_x: 50.1, location_y: 14.4 })], () => 'fresh');
    expect(stationBounds(collection)).toEqual([
      [14.4, 49.18],
      [16.59, 50.1],
    ]);
    expect(stationBounds(stationFeatures([], () => 'fresh'))).toBeNull();
  });

  test('the places key changes when a station moves or comes, not when its state changes', () => {
    const items = [item({})];
    const key = placesKey(stationFeatures(items, () => 'fresh'));
    expect(placesKey(stationFeatures(items, () => 'stale'))).toBe(key);
    expect(placesKey(stationFeatures([item({ location_x: 49.2 })], () => 'fresh'))).not.toBe(key);
    expect(placesKey(stationFeatures([...items, item({ unique_id: 'B' })], () => 'fresh'))).not.toBe(key);
  });

  test('a station stands apart from its neighbour from the zoom where they are a cluster radius apart', () => {
    // 0.01° of longitude is 1/36,000 of the world, so 512 × 2^z / 36,000 pixels at zoom z.
    const collection = stationFeatures(
      [item({ location_x: 0, location_y: 0 }), item({ unique_id: 'B', location_x: 0, location_y: 0.01 })],
      () => 'fresh',
    );
    const zoom = separationZoom(collection, 'DANES-BRNO-01', 44);
    expect((512 * 2 ** zoom) / 36_000).toBeCloseTo(44, 6);
    expect(
      separationZoom(
        stationFeatures([item({})], () => 'fresh'),
        'DANES-BRNO-01',
        44,
      ),
    ).toBe(0);
    expect(
      separationZoom(
        stationFeatures([item({}), item({ unique_id: 'B' })], () => 'fresh'),
        'B',
        44,
      ),
    ).toBe(Infinity);
  });
});

const counts = (over: Partial<StateCounts>): StateCounts => ({ fresh: 0, stale: 0, low_voltage: 0, unknown: 0, ...over });

describe('marker looks', () => {
  test('a cluster’s ring gives each state an arc as long as its share, and leaves out absent states', () => {
    expect(clusterRing(counts({ fresh: 6, stale: 3, low_voltage: 1 }))).toBe(
      'conic-gradient(var(--map-fresh) 0% 60%, var(--map-stale) 60% 90%, var(--map-low-voltage) 90% 100%)',
    );
    expect(clusterRing(counts({ unknown: 4 }))).toBe('conic-gradient(var(--map-unknown) 0% 100%)');
  });

  test('a cluster says how many stations it holds and in which states', () => {
    expect(clusterLabel(counts({ fresh: 9, low_voltage: 3 }))).toBe('12 stations (9 up to date, 3 low voltage). Zoom in on them');
    expect(clusterLabel(counts({ unknown: 5 }))).toBe('5 stations. Zoom in on them');
  });

  test('a station marker says which station it is and, when known, its state', () => {
    expect(stationLabel('Brno well', 'stale')).toBe('Brno well (Stale)');
    expect(stationLabel('Brno well', 'unknown')).toBe('Brno well');
  });
});
