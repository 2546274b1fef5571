import { createContext, useContext, type ReactNode } from 'react';
import { readingInfo } from '../../../shared/readings';
import { dayMonth, timeOfDay } from '~/lib/format';
import { formatValue } from './readings';

/**
 * How figures read to whoever looks: staff in the signed-in app see four decimals and the day of the last update, as
 * the system it replaces shows them (SPEC §9); the public (share pages, embeds, control-room displays) sees each
 * quantity as precisely as it is worth (the catalogue's `decimals`) and the time of day too.
 */
export interface Presentation {
  /** How a value of this reading code is written. */
  value(code: string): (value: number) => string;
  /** When a station last reported, in its time zone. */
  lastUpdate(instant: string, timeZone: string): string;
}

export const staff: Presentation = {
  value: () => formatValue,
  lastUpdate: dayMonth,
};

export const published: Presentation = {
  value: (code) => {
    const decimals = readingInfo(code)?.decimals ?? 4;
    return (value) => value.toFixed(decimals);
  },
  lastUpdate: (instant, timeZone) => `${dayMonth(instant, timeZone)} ${timeOfDay(instant, timeZone)}`,
};

const PresentationContext = createContext<Presentation>(staff);

/** Everything inside is shown to the public. */
export const ForThePublic = ({ children }: { children: ReactNode }) => (
  <PresentationContext.Provider value={published}>{children}</PresentationContext.Provider>
);

export const usePresentation = () => useContext(PresentationContext);
