/** The one catalogue of reading codes, labels and units, shared by server and app. */
export interface ReadingInfo {
  code: string;
  label: string;
  unit: string;
}

export const danesReadings = [
  { code: 'H1', label: 'Groundwater level', unit: 'm' },
  { code: 'KCM', label: 'Conductivity', unit: 'mS/cm' },
  { code: 'RV', label: 'Humidity', unit: '%' },
  { code: 'SRA1H', label: 'Precipitation 1 h', unit: 'mm' },
  { code: '_T', label: 'Air temperature', unit: '°C' },
  { code: '_TX', label: 'Temperature', unit: '°C' },
  { code: 'POWER', label: 'Supply voltage', unit: 'V' },
] as const satisfies readonly ReadingInfo[];

export const uniwanReadings = [
  { code: 'humidity', label: 'Humidity', unit: '%' },
  { code: 'pressure', label: 'Pressure', unit: 'hPa' },
  { code: 'inner temperature', label: 'Inner temperature', unit: '°C' },
  { code: 'outer temperature', label: 'Outer temperature', unit: '°C' },
  { code: 'inner 2nd temperature', label: 'Inner 2nd temperature', unit: '°C' },
  { code: 'hladina', label: 'Water level', unit: 'm' },
] as const satisfies readonly ReadingInfo[];

/** Every code of the catalogue, in a fixed order. */
export const allReadingCodes: readonly string[] = [...danesReadings, ...uniwanReadings].map((r) => r.code);

export type Source = 'DANES' | 'UNIWAN';
export const sources = ['DANES', 'UNIWAN'] as const satisfies readonly Source[];

export const readingsOf = (source: Source): readonly ReadingInfo[] =>
  source === 'DANES' ? danesReadings : uniwanReadings;

export const isReadingOf = (source: Source, code: string) => readingsOf(source).some((r) => r.code === code);
