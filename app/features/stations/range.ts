import { format, subDays } from 'date-fns';

/** A range of calendar days as the API takes them (`YYYY-MM-DD`, both ends included). */
export interface DayRange {
  from: string;
  to: string;
}

const day = (date: Date) => format(date, 'yyyy-MM-dd');

/** SPEC §4: "last n days" runs from n days ago to today. */
export const lastDays = (days: number, today = new Date()): DayRange => ({ from: day(subDays(today, days)), to: day(today) });

export const defaultRangeDays = 30 as const;
