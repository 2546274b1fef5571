import { localDay } from '../../worker/contracts/station-time';

const parts = (day: string) => day.split('-');

/** A calendar day `YYYY-MM-DD` as people here write it: `22.11.2026`. */
export const formatDay = (day: string) => parts(day).reverse().join('.');

/** SPEC §9: an instant as its day and month (`DD.MM`) in the station's time zone. */
export function dayMonth(instant: string | number, timeZone: string) {
  const [, month, date] = parts(localDay(new Date(instant).getTime(), timeZone));
  return `${date}.${month}`;
}
