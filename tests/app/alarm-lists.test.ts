import { describe, expect, test } from 'vitest';
import type { Alarm } from '../../worker/contracts/alarms';
import {
  mergeIntoPages,
  mergeOpenAlarm,
  openByStation,
  worstByStation,
  type AlarmFilters,
  type AlarmPages,
} from '~/features/alarms/alarm-lists';
import { alarmSearch, filtersOf } from '~/features/alarms/search';
import { alarmRow as alarm } from '../support/rows';

const ids = (list: Alarm[]) => list.map((a) => a.id);
const pagesOf = (...pages: [number[], number | undefined][]): AlarmPages => ({
  pages: pages.map(([list, next]) => ({ alarms: list.map((id) => alarm(id)), next })),
  pageParams: pages.map(() => undefined),
});
const pageIds = (data: AlarmPages) => data.pages.map((page) => ids(page.alarms));
const active: AlarmFilters = { view: 'active' };

describe('open alarms kept current', () => {
  test('a new alarm joins newest first; a changed one replaces itself, so it never shows twice', () => {
    const open = [alarm(5), alarm(2)];
    expect(ids(mergeOpenAlarm(open, alarm(7)))).toEqual([7, 5, 2]);
    expect(ids(mergeOpenAlarm(open, alarm(3)))).toEqual([5, 3, 2]);
    const acknowledged = mergeOpenAlarm(open, alarm(5, { state: 'acknowledged', note: 'on it' }));
    expect(ids(acknowledged)).toEqual([5, 2]);
    expect(acknowledged[0].note).toBe('on it');
  });

  test('a cleared alarm leaves the open ones', () => {
    expect(ids(mergeOpenAlarm([alarm(5), alarm(2)], alarm(5, { state: 'cleared' })))).toEqual([2]);
    expect(ids(mergeOpenAlarm([alarm(2)], alarm(9, { state: 'cleared' })))).toEqual([2]);
  });
});

describe('paged listings kept current', () => {
  test('an alarm that no longer matches the view leaves it, and joins the view it now belongs to in id order', () => {
    const acknowledged = alarm(6, { state: 'acknowledged' });
    expect(pageIds(mergeIntoPages(pagesOf([[9, 6, 4], undefined]), acknowledged, active))).toEqual([[9, 4]]);
    expect(pageIds(mergeIntoPages(pagesOf([[8, 3], undefined]), acknowledged, { view: 'acknowledged' }))).toEqual([[8, 6, 3]]);
  });

  test('the same change twice leaves one row', () => {
    const once = mergeIntoPages(pagesOf([[9, 4], undefined]), alarm(6), active);
    expect(pageIds(mergeIntoPages(once, alarm(6), active))).toEqual([[9, 6, 4]]);
  });

  test('an alarm older than every loaded row waits for its page while more pages follow, and is appended once all are loaded', () => {
    expect(pageIds(mergeIntoPages(pagesOf([[9, 8], 8]), alarm(2), active))).toEqual([[9, 8]]);
    expect(pageIds(mergeIntoPages(pagesOf([[9, 8], 8], [[7, 5], undefined]), alarm(2), active))).toEqual([
      [9, 8],
      [7, 5, 2],
    ]);
    expect(pageIds(mergeIntoPages(pagesOf([[9, 8], 8], [[7, 5], undefined]), alarm(6), active))).toEqual([
      [9, 8],
      [7, 6, 5],
    ]);
  });

  test('a listing filtered by station or severity takes only alarms that match', () => {
    const other = alarm(6, { item_id: 2 });
    expect(pageIds(mergeIntoPages(pagesOf([[9], undefined]), other, { view: 'active', station: 1 }))).toEqual([[9]]);
    expect(pageIds(mergeIntoPages(pagesOf([[9], undefined]), other, { view: 'active', station: 2 }))).toEqual([[9, 6]]);
    expect(pageIds(mergeIntoPages(pagesOf([[9], undefined]), alarm(6), { view: 'active', severity: 'critical' }))).toEqual([[9]]);
  });

  test('paging is not moved by live changes: each page keeps the cursor it was read with', () => {
    const merged = mergeIntoPages(pagesOf([[9, 8], 8]), alarm(8, { state: 'acknowledged' }), active);
    expect(merged.pages[0].next).toBe(8);
  });
});

describe('badges per station', () => {
  test('a station’s alarms are ordered critical first, then unacknowledged, then newest', () => {
    const stations = openByStation([
      alarm(1, { severity: 'critical', state: 'acknowledged' }),
      alarm(2),
      alarm(3, { severity: 'critical' }),
      alarm(4, { unique_id: 'DANES-2' }),
      alarm(5, { state: 'acknowledged' }),
    ]);
    expect(ids(stations.get('DANES-1')!)).toEqual([3, 1, 2, 5]);
    expect(worstByStation(stations)).toEqual(
      new Map([
        ['DANES-1', 'critical'],
        ['DANES-2', 'warning'],
      ]),
    );
  });
});

describe('the address of /alarms', () => {
  test('keeps a known view, a station id and a severity', () => {
    expect(alarmSearch({ view: 'history', station: '12', severity: 'critical' })).toEqual({
      view: 'history',
      station: 12,
      severity: 'critical',
    });
    expect(filtersOf(alarmSearch({ view: 'history', station: 12 }))).toEqual({ view: 'history', station: 12, severity: undefined });
  });

  test('drops what it does not know, and opens on the active alarms', () => {
    expect(alarmSearch({ view: 'all', station: '1.5', severity: 'minor' })).toEqual({
      view: undefined,
      station: undefined,
      severity: undefined,
    });
    expect(alarmSearch({ station: '-3' }).station).toBeUndefined();
    expect(alarmSearch({ station: 'x' }).station).toBeUndefined();
    expect(alarmSearch({ view: 'active' }).view).toBeUndefined();
    expect(filtersOf({}).view).toBe('active');
  });

  test('keeps the statistics tab and an offered range other than the default 30 days, the lists staying on the active view', () => {
    expect(alarmSearch({ view: 'statistics', days: '7' })).toMatchObject({ view: 'statistics', days: 7 });
    expect(alarmSearch({ view: 'statistics', days: '30' }).days).toBeUndefined();
    expect(alarmSearch({ view: 'statistics', days: '12' }).days).toBeUndefined();
    expect(filtersOf(alarmSearch({ view: 'statistics', severity: 'warning' }))).toEqual({ view: 'active', severity: 'warning' });
  });
});
