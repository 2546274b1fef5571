import { describe, expect, test } from 'vitest';
import type { Dashboard } from '../../worker/contracts/telemetry';
import { countStates, inState, matchingSearch, stationEntries } from '~/features/dashboard/filters';
import { dashboardSearch } from '~/features/dashboard/search';
import { itemRow } from '../support/rows';

const now = Date.UTC(2026, 10, 21, 12);
const range = { from: '2026-11-20', to: '2026-11-21' };

const item = (id: number, name: string, location_name: string | null = null) =>
  itemRow({ id, name, unique_id: `DANES-${id}`, location_name });

// Reports every 10 minutes: one 5 minutes ago is fresh, one two days ago is stale; POWER 11.1 V is low.
const summary = (ageMinutes: number, power = 12.6) => ({
  date: new Date(now - ageMinutes * 60_000).toISOString(),
  pocetMereni: 2 * 216,
  max: { H1: 2, POWER: 13 },
  min: { H1: 1, POWER: power },
});

const dashboard: Dashboard = {
  items: [
    item(1, 'Brno – Svratka well', 'Brno'),
    item(2, 'Znojmo spring', 'Znojmo'),
    item(3, 'Olomouc weather', 'Olomouc'),
    item(4, 'Žďár pond'),
  ],
  danes: { 'DANES-1': summary(5), 'DANES-2': summary(2 * 24 * 60), 'DANES-3': summary(5, 11.1) },
  uniwan: {},
  groups: [
    { id: 7, name: 'South', items: [1, 2] },
    { id: 8, name: 'North', items: [3] },
  ],
};
const entries = stationEntries(dashboard, range, now);
const names = (list: typeof entries) => list.map((e) => e.item.name);

describe('dashboard filters in the address', () => {
  test('keep a search text, a group, a state and the list view', () => {
    expect(dashboardSearch({ q: ' well ', group: 7, state: 'stale', view: 'list' })).toEqual({
      q: 'well',
      group: 7,
      state: 'stale',
      view: 'list',
    });
    // The router reads ?q=42 as a number and ?group=7 may arrive as a string.
    expect(dashboardSearch({ q: 42, group: '7' })).toMatchObject({ q: '42', group: 7 });
  });

  test('drop what they do not know instead of failing the page', () => {
    expect(dashboardSearch({ q: '   ', group: 'west', state: 'asleep', view: 'table' })).toEqual({
      q: undefined,
      group: undefined,
      state: undefined,
      view: undefined,
    });
    expect(dashboardSearch({ group: -3, q: { nested: true } })).toEqual({
      q: undefined,
      group: undefined,
      state: undefined,
      view: undefined,
    });
    expect(dashboardSearch({ group: 1.5 }).group).toBeUndefined();
    expect(dashboardSearch({ q: 'x'.repeat(500) }).q).toHaveLength(100);
  });
});

describe('dashboard filters', () => {
  test('each station gets its state and the names of its groups', () => {
    expect(entries.map((e) => [e.item.unique_id, e.state, e.groups])).toEqual([
      ['DANES-1', 'fresh', ['South']],
      ['DANES-2', 'stale', ['South']],
      ['DANES-3', 'low_voltage', ['North']],
      // No summary at all: never reported, so stale.
      ['DANES-4', 'stale', []],
    ]);
  });

  test('the search finds every word in name, id or place, whatever the case and accents', () => {
    expect(names(matchingSearch(entries, { q: 'svratka' }))).toEqual(['Brno – Svratka well']);
    expect(names(matchingSearch(entries, { q: 'ZDAR' }))).toEqual(['Žďár pond']);
    expect(names(matchingSearch(entries, { q: 'danes-3' }))).toEqual(['Olomouc weather']);
    expect(names(matchingSearch(entries, { q: 'znojmo spring' }))).toEqual(['Znojmo spring']);
    expect(names(matchingSearch(entries, { q: 'brno spring' }))).toEqual([]);
    expect(matchingSearch(entries, { q: '  ' })).toBe(entries);
  });

  test('a group keeps its stations, and the state counts follow what the search and group leave', () => {
    const south = matchingSearch(entries, { inGroup: new Set([1, 2]) });
    expect(names(south)).toEqual(['Brno – Svratka well', 'Znojmo spring']);
    expect(countStates(south)).toEqual({ fresh: 1, stale: 1, low_voltage: 0 });
    expect(names(inState(south, 'stale'))).toEqual(['Znojmo spring']);
    expect(inState(south, undefined)).toBe(south);
    expect(countStates(entries)).toEqual({ fresh: 1, stale: 2, low_voltage: 1 });
  });
});
