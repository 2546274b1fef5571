import { describe, expect, test } from 'vitest';
import { allReadingCodes, readingInfo } from '../../shared/readings';
import { published, staff } from '~/features/stations/presentation';
import { timeOfDay } from '~/lib/format';
import { setLocale } from '~/paraglide/runtime';

describe('how figures read to staff and to the public', () => {
  test('staff see four decimals of every reading, the public as many as the quantity is worth', () => {
    expect(staff.value('H1')(1.23456)).toBe('1.2346');
    expect(published.value('H1')(1.23456)).toBe('1.23');
    expect(published.value('hladina')(0.6)).toBe('0.60');
    expect(published.value('SRA1H')(4.4)).toBe('4.4');
    expect(published.value('_T')(-3.06)).toBe('-3.1');
    expect(published.value('RV')(52.6)).toBe('53');
    expect(published.value('KCM')(0.60123)).toBe('0.601');
    expect(published.value('POWER')(12.734)).toBe('12.73');
    // A code the catalogue lacks keeps the staff's four.
    expect(published.value('XYZ')(1.5)).toBe('1.5000');
    for (const code of allReadingCodes) expect(readingInfo(code)!.decimals, code).toBeLessThanOrEqual(3);
  });

  test('the public sees the time of day of the last update, in the station zone', () => {
    expect(staff.lastUpdate('2026-11-20T14:04:00Z', 'Europe/Prague')).toBe('20.11');
    expect(published.lastUpdate('2026-11-20T14:04:00Z', 'Europe/Prague')).toBe('20.11 15:04');
    expect(published.lastUpdate('2026-11-20T23:30:00Z', 'Europe/Prague')).toBe('21.11 00:30');
  });

  test('every language tells the time on the 24-hour clock', () => {
    for (const locale of ['en', 'de', 'it', 'ru', 'es', 'cs'] as const) {
      setLocale(locale, { reload: false });
      expect(timeOfDay('2026-11-20T14:04:00Z', 'Europe/Prague'), locale).toBe('15:04');
    }
    setLocale('en', { reload: false });
  });
});
