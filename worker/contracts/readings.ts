/**
 * How a reading sums up over time: a level, temperature or voltage by its minimum, mean and maximum; an amount
 * that falls in each interval (precipitation) by its total.
 */
export type Aggregate = 'mean' | 'sum';

/** The one catalogue of reading codes, labels, units and aggregation, shared by server and app. */
export interface ReadingInfo {
  code: string;
  label: string;
  unit: string;
  aggregate: Aggregate;
}

export const danesReadings = [
  { code: 'H1', label: 'Groundwater level', unit: 'm', aggregate: 'mean' },
  { code: 'KCM', label: 'Conductivity', unit: 'mS/cm', aggregate: 'mean' },
  { code: 'RV', label: 'Humidity', unit: '%', aggregate: 'mean' },
  { code: 'SRA1H', label: 'Precipitation 1 h', unit: 'mm', aggregate: 'sum' },
  { code: '_T', label: 'Air temperature', unit: '°C', aggregate: 'mean' },
  { code: '_TX', label: 'Temperature', unit: '°C', aggregate: 'mean' },
  { code: 'POWER', label: 'Supply voltage', unit: 'V', aggregate: 'mean' },
] as const satisfies readonly ReadingInfo[];

export const uniwanReadings = [
  { code: 'humidity', label: 'Humidity', unit: '%', aggregate: 'mean' },
  { code: 'pressure', label: 'Pressure', unit: 'hPa', aggregate: 'mean' },
  { code: 'inner temperature', label: 'Inner temperature', unit: '°C', aggregate: 'mean' },
  { code: 'outer temperature', label: 'Outer temperature', unit: '°C', aggregate: 'mean' },
  { code: 'inner 2nd temperature', label: 'Inner 2nd temperature', unit: '°C', aggregate: 'mean' },
  { code: 'hladina', label: 'Water level', unit: 'm', aggregate: 'mean' },
] as const satisfies readonly ReadingInfo[];

const catalogue: readonly ReadingInfo[] = [...danesReadings, ...uniwanReadings];

/** A code's entry in the catalogue (either source's), or undefined for a code it lacks. */
export const readingInfo = (code: string | null) => catalogue.find((r) => r.code === code);

/** Every code of the catalogue, in a fixed order. */
export const allReadingCodes: readonly string[] = catalogue.map((r) => r.code);

const summed = new Set(catalogue.filter((r) => r.aggregate === 'sum').map((r) => r.code));

/** Whether a code's readings add up (precipitation): charts and cards show its totals, not its extremes. */
export const isSummed = (code: string) => summed.has(code);

export type Source = 'DANES' | 'UNIWAN';
export const sources = ['DANES', 'UNIWAN'] as const satisfies readonly Source[];

export const readingsOf = (source: Source): readonly ReadingInfo[] =>
  source === 'DANES' ? danesReadings : uniwanReadings;

export const isReadingOf = (source: Source, code: string) => readingsOf(source).some((r) => r.code === code);
