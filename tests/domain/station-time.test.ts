import { TZDate } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';
import { isCalendarDay } from '../../shared/calendar';
import {
  addDays,
  dayBounds,
  lastDays,
  localDay,
  parseStationTime,
  periodOf,
  resolveRange,
  today,
  wallClock,
} from '../../shared/station-time';

const hours = (b: { start: number; end: number }) => (b.end - b.start) / 3_600_000;

describe('station-local days', () => {
  it('gives DST change days in Prague 23 and 25 hours, other days 24', () => {
    expect(hours(dayBounds('2026-03-29', 'Europe/Prague'))).toBe(23);
    expect(hours(dayBounds('2026-10-25', 'Europe/Prague'))).toBe(25);
    expect(hours(dayBounds('2026-06-01', 'Europe/Prague'))).toBe(24);
    expect(dayBounds('2026-03-29', 'Europe/Prague').start).toBe(Date.parse('2026-03-28T23:00:00Z'));
  });

  it('starts every day of a year at the instant TZDate gives, in zones that skip or repeat midnight too', () => {
    for (const zone of [
      'Europe/Prague',
      'America/New_York',
      'America/Santiago',
      'America/Havana',
      'Asia/Beirut',
      'Australia/Lord_Howe',
      'Asia/Kolkata',
    ]) {
      for (let day = '2026-01-01'; day <= '2026-12-31'; day = addDays(day, 1)) {
        const [y, m, d] = day.split('-').map(Number);
        expect(dayBounds(day, zone).start, `${zone} ${day}`).toBe(new TZDate(y, m - 1, d, 0, 0, 0, 0, zone).getTime());
      }
    }
  });

  it('reckons a day in the station zone, not in UTC', () => {
    expect(localDay(Date.parse('2026-01-10T23:30:00Z'), 'Europe/Prague')).toBe('2026-01-11');
    expect(localDay(Date.parse('2026-01-11T03:00:00Z'), 'America/New_York')).toBe('2026-01-10');
    expect(dayBounds('2026-06-15', 'Asia/Kolkata').start).toBe(Date.parse('2026-06-14T18:30:00Z'));
  });

  it('counts calendar days across month ends and knows a real day from a malformed one', () => {
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(isCalendarDay('2026-02-28')).toBe(true);
    for (const text of ['2026-02-30', '2026-2-1', '26-02-01', '']) expect(isCalendarDay(text), text).toBe(false);
  });

  it("gives today and the last n days in the station's zone, whatever the machine's own zone", () => {
    // 23:30 UTC on 10 May is already 11 May in Prague and still 10 May in New York.
    const now = Date.parse('2026-05-10T23:30:00Z');
    expect(today('Europe/Prague', now)).toBe('2026-05-11');
    expect(today('America/New_York', now)).toBe('2026-05-10');
    expect(lastDays(1, 'Europe/Prague', now)).toEqual({ from: '2026-05-10', to: '2026-05-11' });
    expect(lastDays(30, 'America/New_York', now)).toEqual({ from: '2026-04-10', to: '2026-05-10' });
  });

  it('fills in a missing range with the default 30 days, or with as many days as asked', () => {
    const now = Date.parse('2026-05-10T12:00:00Z');
    expect(resolveRange({}, 'UTC', now)).toEqual({ from: '2026-04-10', to: '2026-05-10' });
    expect(resolveRange({ days: 7 }, 'UTC', now)).toEqual({ from: '2026-05-03', to: '2026-05-10' });
    expect(resolveRange({ to: '2026-03-03' }, 'UTC')).toEqual({ from: '2026-02-01', to: '2026-03-03' });
    expect(resolveRange({ from: '2026-03-03', days: 3 }, 'UTC')).toEqual({ from: '2026-03-03', to: '2026-03-06' });
    expect(resolveRange({ from: '2026-03-01', to: '2026-03-02', days: 3 }, 'UTC')).toEqual({ from: '2026-03-01', to: '2026-03-02' });
  });
});

describe('station-local periods', () => {
  const iso = (b: { start: number; end: number }) => [new Date(b.start).toISOString(), new Date(b.end).toISOString()];

  it('shifts an instant to the wall clock, summer and winter', () => {
    expect(wallClock(Date.parse('2026-01-10T12:00:00Z'), 'Europe/Prague')).toBe(Date.parse('2026-01-10T13:00:00Z'));
    expect(wallClock(Date.parse('2026-07-10T12:00:00Z'), 'Europe/Prague')).toBe(Date.parse('2026-07-10T14:00:00Z'));
    expect(wallClock(Date.parse('2026-07-10T12:00:00Z'), 'Asia/Kolkata')).toBe(Date.parse('2026-07-10T17:30:00Z'));
  });

  it('gives the local day, month and year around an instant, DST days included', () => {
    const ts = Date.parse('2026-10-25T12:00:00Z');
    expect(iso(periodOf(ts, 'day', 'Europe/Prague'))).toEqual(['2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z']);
    expect(iso(periodOf(ts, 'month', 'Europe/Prague'))).toEqual(['2026-09-30T22:00:00.000Z', '2026-10-31T23:00:00.000Z']);
    expect(iso(periodOf(Date.parse('2026-12-31T23:30:00Z'), 'year', 'Europe/Prague'))).toEqual([
      '2026-12-31T23:00:00.000Z',
      '2027-12-31T23:00:00.000Z',
    ]);
    expect(iso(periodOf(Date.parse('2026-12-15T00:00:00Z'), 'month', 'Europe/Prague'))).toEqual([
      '2026-11-30T23:00:00.000Z',
      '2026-12-31T23:00:00.000Z',
    ]);
  });

  it("gives the wall clock's full hours, two of them labelled 02:00 in the night the clocks go back", () => {
    expect(iso(periodOf(Date.parse('2026-10-25T00:40:00Z'), 'hour', 'Europe/Prague'))).toEqual([
      '2026-10-25T00:00:00.000Z',
      '2026-10-25T01:00:00.000Z',
    ]);
    expect(iso(periodOf(Date.parse('2026-10-25T01:40:00Z'), 'hour', 'Europe/Prague'))).toEqual([
      '2026-10-25T01:00:00.000Z',
      '2026-10-25T02:00:00.000Z',
    ]);
    expect(iso(periodOf(Date.parse('2026-07-10T12:10:00Z'), 'hour', 'Asia/Kolkata'))).toEqual([
      '2026-07-10T11:30:00.000Z',
      '2026-07-10T12:30:00.000Z',
    ]);
  });
});

describe('parseStationTime', () => {
  it('honours Z and offsets, and reads naive times in the station zone', () => {
    expect(parseStationTime('2026-01-10T12:00:00Z', 'Europe/Prague')).toBe(Date.parse('2026-01-10T12:00:00Z'));
    expect(parseStationTime('2026-01-10T12:00:00.250+0530', 'UTC')).toBe(Date.parse('2026-01-10T06:30:00.250Z'));
    expect(parseStationTime('2026-01-10 12:00', 'Europe/Prague')).toBe(Date.parse('2026-01-10T11:00:00Z'));
    expect(parseStationTime('2026-07-10T12:00:00', 'Europe/Prague')).toBe(Date.parse('2026-07-10T10:00:00Z'));
  });

  it('refuses what is not a real time', () => {
    for (const text of ['2026-02-30T00:00:00Z', '2026-01-10T24:00:00Z', '2026-01-10', '10.1.2026 12:00', '', 'now', '26-01-10T12:00:00Z']) {
      expect(parseStationTime(text, 'UTC'), text).toBe('format');
    }
  });

  it('refuses a naive time the clocks pass twice, and reads it exactly with an offset', () => {
    // 2026-10-25 in Prague: 03:00 CEST falls back to 02:00 CET, so 02:00–02:59 happen twice.
    for (const text of ['2026-10-25T02:00:00', '2026-10-25T02:30', '2026-10-25 02:59:59.999']) {
      expect(parseStationTime(text, 'Europe/Prague'), text).toBe('ambiguous');
    }
    expect(parseStationTime('2026-10-25T02:30:00+02:00', 'Europe/Prague')).toBe(Date.parse('2026-10-25T00:30:00Z'));
    expect(parseStationTime('2026-10-25T02:30:00+01:00', 'Europe/Prague')).toBe(Date.parse('2026-10-25T01:30:00Z'));
    expect(parseStationTime('2026-10-25T01:59:59', 'Europe/Prague')).toBe(Date.parse('2026-10-24T23:59:59Z'));
    expect(parseStationTime('2026-10-25T03:00:00', 'Europe/Prague')).toBe(Date.parse('2026-10-25T02:00:00Z'));
    expect(parseStationTime('2026-11-01T01:30:00', 'America/New_York')).toBe('ambiguous');
  });

  it('refuses a naive time the clocks skip', () => {
    // 2026-03-29 in Prague: 02:00 CET jumps to 03:00 CEST.
    for (const text of ['2026-03-29T02:00:00', '2026-03-29T02:30', '2026-03-29T02:59:59']) {
      expect(parseStationTime(text, 'Europe/Prague'), text).toBe('gap');
    }
    expect(parseStationTime('2026-03-29T01:59:59', 'Europe/Prague')).toBe(Date.parse('2026-03-29T00:59:59Z'));
    expect(parseStationTime('2026-03-29T03:00:00', 'Europe/Prague')).toBe(Date.parse('2026-03-29T01:00:00Z'));
    expect(parseStationTime('2026-03-08T02:30:00', 'America/New_York')).toBe('gap');
    // Lord Howe moves by half an hour, at 02:00 local (15:30 UTC): the gap is 02:00–02:29 only.
    expect(parseStationTime('2026-10-04T02:15:00', 'Australia/Lord_Howe')).toBe('gap');
    expect(parseStationTime('2026-10-04T02:30:00', 'Australia/Lord_Howe')).toBe(Date.parse('2026-10-03T15:30:00Z'));
  });

  it('refuses years before 1900', () => {
    expect(parseStationTime('0050-06-01T12:00:00Z', 'UTC')).toBe('year');
    expect(parseStationTime('1899-12-31T23:59:59Z', 'UTC')).toBe('year');
    expect(parseStationTime('1900-01-01T00:00:00Z', 'UTC')).toBe(Date.parse('1900-01-01T00:00:00Z'));
  });

  it('refuses offsets beyond ±14:00 or with minutes of 60 or more', () => {
    for (const text of [
      '2026-01-10T12:00:00+14:01',
      '2026-01-10T12:00:00-15:00',
      '2026-01-10T12:00:00+02:60',
      '2026-01-10T12:00:00+0299',
    ]) {
      expect(parseStationTime(text, 'UTC'), text).toBe('offset');
    }
    expect(parseStationTime('2026-01-10T12:00:00+14:00', 'UTC')).toBe(Date.parse('2026-01-09T22:00:00Z'));
    expect(parseStationTime('2026-01-10T12:00:00-12', 'UTC')).toBe(Date.parse('2026-01-11T00:00:00Z'));
  });
});
