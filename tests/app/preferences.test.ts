import { describe, expect, test } from 'vitest';
import { changePreference, defaultPreferences, parsePreferences, serializePreferences } from '~/components/layout/preferences';
import { pageTitle } from '~/lib/page-title';

describe('layout settings', () => {
  test('default to the documented layout: horizontal, fluid, dark sidebar, light top bar, no image, no preloader', () => {
    expect(parsePreferences(undefined)).toEqual({
      layoutType: 'horizontal',
      layoutWidth: 'fluid',
      topbarTheme: 'light',
      sidebarType: 'default',
      sidebarTheme: 'dark',
      sidebarImage: 'none',
      preloader: false,
      theme: 'system',
    });
  });

  test('choosing horizontal darkens the top bar and choosing vertical lightens it', () => {
    const vertical = changePreference({ ...defaultPreferences, topbarTheme: 'dark' }, 'layoutType', 'vertical');
    expect(vertical.topbarTheme).toBe('light');
    expect(changePreference(vertical, 'layoutType', 'horizontal').topbarTheme).toBe('dark');
  });

  test('boxed width forces the icon sidebar; fluid and scrollable bring back the default one', () => {
    const boxed = changePreference(defaultPreferences, 'layoutWidth', 'boxed');
    expect(boxed.sidebarType).toBe('icon');
    expect(changePreference(boxed, 'layoutWidth', 'scrollable').sidebarType).toBe('default');
    expect(changePreference(boxed, 'layoutWidth', 'fluid').sidebarType).toBe('default');
  });

  test('the vertical layout never keeps a coloured top bar', () => {
    const vertical = changePreference(defaultPreferences, 'layoutType', 'vertical');
    expect(changePreference(vertical, 'topbarTheme', 'colored').topbarTheme).toBe('light');
  });

  test('survive the cookie round trip, and a tampered cookie falls back field by field', () => {
    const chosen = {
      ...defaultPreferences,
      layoutType: 'vertical' as const,
      sidebarImage: 'img3' as const,
      preloader: true,
      theme: 'dark' as const,
    };
    expect(parsePreferences(serializePreferences(chosen))).toEqual(chosen);
    expect(parsePreferences(encodeURIComponent('{"layoutType":"diagonal","theme":"dark"}'))).toEqual({
      ...defaultPreferences,
      theme: 'dark',
    });
    expect(parsePreferences('%7Bnot json')).toEqual(defaultPreferences);
  });
});

describe('page titles', () => {
  test('are the path with a capital first letter, then the system name', () => {
    expect(pageTitle('/dashboard')).toBe('Dashboard | Hladina');
    expect(pageTitle('/all-items')).toBe('All-items | Hladina');
    expect(pageTitle('/reset-password-request/abc')).toBe('Reset-password-request | Hladina');
    expect(pageTitle('/')).toBe('Hladina');
  });
});
