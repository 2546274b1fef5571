import { localDay } from '../../shared/station-time';
import { m } from '~/paraglide/messages';
import { getLocale } from '~/paraglide/runtime';

const parts = (day: string) => day.split('-');

/** A calendar day `YYYY-MM-DD` as people here write it: `22.11.2026`. */
export const formatDay = (day: string) => parts(day).reverse().join('.');

/** SPEC §9: an instant as its day and month (`DD.MM`) in the station's time zone. */
export function dayMonth(instant: string | number, timeZone: string) {
  const [, month, date] = parts(localDay(new Date(instant).getTime(), timeZone));
  return `${date}.${month}`;
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** An instant as `DD.MM.YYYY HH:mm` in a time zone (the station's): the same text on the server and in any browser. */
export function stationDateTime(instant: string | number, timeZone: string) {
  let format = dateTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    dateTimeFormats.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  return `${part.day}.${part.month}.${part.year} ${part.hour}:${part.minute}`;
}

/** The app's languages as Intl knows them: its English is Europe's, on the 24-hour clock like the other five. */
const intlLocale = (locale: string) => (locale === 'en' ? 'en-GB' : locale);

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** An instant's time of day (`14:05`) on the page language's clock, in a time zone (the viewer's when none is given). */
export function timeOfDay(instant: string | number, timeZone?: string) {
  const key = `${getLocale()}|${timeZone ?? ''}`;
  let format = clockFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(getLocale()), { hour: '2-digit', minute: '2-digit', timeZone });
    clockFormats.set(key, format);
  }
  return format.format(new Date(instant));
}

/** A whole number in the page language's grouping (`1 872 000`, `1,872,000`): volumes in m³. */
export const formatWhole = (value: number) => new Intl.NumberFormat(intlLocale(getLocale()), { maximumFractionDigits: 0 }).format(value);

/** "3 h 20 min" (or "40 min"), rounded to the minute. */
export function durationText(ms: number) {
  const minutes = Math.round(ms / 60_000);
  return minutes < 60 ? m.forecast_minutes({ minutes }) : m.forecast_hours({ hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}
