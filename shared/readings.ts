/**
 * How a reading sums up over time: a level, temperature or voltage by its minimum, mean and maximum; an amount
 * per hour (precipitation) by its total. An amount reading (`sum`) is the amount of the hour before its timestamp,
 * so a total counts one reading per station-local clock hour: the last one stamped in that hour (a station that
 * reports the rolling hour every 10 minutes is counted once an hour, not six times). `shared/precipitation.ts`
 * applies the rule; day statistics, chart totals, the wettest day and live updates all go through it.
 */
export type Aggregate = 'mean' | 'sum';

/**
 * What the automatic checks flag as suspect on arrival (never refused): a value outside the soft limits, a change
 * from the reading before larger than `maxStep`, a rate of change above `maxRate` per hour (measured over at least
 * 10 minutes), or the same value for `flatMinutes` or longer. Null turns a check off. Stations override them per
 * code (the station's Quality tab); these are the defaults.
 */
export interface CheckSettings {
  softMin: number | null;
  softMax: number | null;
  maxStep: number | null;
  maxRate: number | null;
  flatMinutes: number | null;
}

/** The one catalogue of reading codes, labels, units and aggregation, shared by server and app. */
export interface ReadingInfo {
  code: string;
  label: string;
  unit: string;
  aggregate: Aggregate;
  /** Physical limits [min, max]: a value outside them cannot be a measurement, and ingest refuses it (422). */
  limits: readonly [number, number];
  /** Default settings of the automatic checks. */
  checks: CheckSettings;
  /**
   * Decimals worth showing the public (share pages, embeds, control-room displays): a level to the centimetre, rain
   * and temperature to a tenth. The signed-in app shows four, as the system it replaces does.
   */
  decimals: number;
}

const checks = (
  softMin: number | null,
  softMax: number | null,
  maxStep: number | null,
  maxRate: number | null,
  flatMinutes: number | null,
): CheckSettings => ({
  softMin,
  softMax,
  maxStep,
  maxRate,
  flatMinutes,
});

const hours = (n: number) => n * 60;
// Levels are heights or depths in metres: within a few kilometres either way of any datum.
const level = [-5000, 9000] as const;
const airTemperature = [-90, 60] as const;
const humidity = [0, 100] as const;

export const danesReadings = [
  {
    code: 'H1',
    label: 'Groundwater level',
    unit: 'm',
    aggregate: 'mean',
    limits: level,
    checks: checks(null, null, 1, 2, hours(7 * 24)),
    decimals: 2,
  },
  {
    code: 'KCM',
    label: 'Conductivity',
    unit: 'mS/cm',
    aggregate: 'mean',
    limits: [0, 200],
    checks: checks(0.001, 20, 1, 5, hours(3 * 24)),
    decimals: 3,
  },
  { code: 'RV', label: 'Humidity', unit: '%', aggregate: 'mean', limits: humidity, checks: checks(5, 100, 30, 60, hours(12)), decimals: 0 },
  {
    code: 'SRA1H',
    label: 'Precipitation 1 h',
    unit: 'mm',
    aggregate: 'sum',
    limits: [0, 500],
    checks: checks(0, 100, null, null, null),
    decimals: 1,
  },
  {
    code: '_T',
    label: 'Air temperature',
    unit: '°C',
    aggregate: 'mean',
    limits: airTemperature,
    checks: checks(-40, 45, 10, 15, hours(12)),
    decimals: 1,
  },
  {
    code: '_TX',
    label: 'Temperature',
    unit: '°C',
    aggregate: 'mean',
    limits: airTemperature,
    checks: checks(-40, 45, 10, 15, hours(7 * 24)),
    decimals: 1,
  },
  {
    code: 'POWER',
    label: 'Supply voltage',
    unit: 'V',
    aggregate: 'mean',
    limits: [0, 60],
    checks: checks(9, 15.5, 3, null, null),
    decimals: 2,
  },
] as const satisfies readonly ReadingInfo[];

export const uniwanReadings = [
  {
    code: 'humidity',
    label: 'Humidity',
    unit: '%',
    aggregate: 'mean',
    limits: humidity,
    checks: checks(5, 100, 30, 60, hours(12)),
    decimals: 0,
  },
  {
    code: 'pressure',
    label: 'Pressure',
    unit: 'hPa',
    aggregate: 'mean',
    limits: [300, 1100],
    checks: checks(500, 1085, 10, 10, hours(12)),
    decimals: 1,
  },
  {
    code: 'inner temperature',
    label: 'Inner temperature',
    unit: '°C',
    aggregate: 'mean',
    limits: [-90, 100],
    checks: checks(-40, 70, 10, 20, hours(24)),
    decimals: 1,
  },
  {
    code: 'outer temperature',
    label: 'Outer temperature',
    unit: '°C',
    aggregate: 'mean',
    limits: airTemperature,
    checks: checks(-40, 45, 10, 15, hours(12)),
    decimals: 1,
  },
  {
    code: 'inner 2nd temperature',
    label: 'Inner 2nd temperature',
    unit: '°C',
    aggregate: 'mean',
    limits: [-90, 100],
    checks: checks(-40, 70, 10, 20, hours(24)),
    decimals: 1,
  },
  {
    code: 'hladina',
    label: 'Water level',
    unit: 'm',
    aggregate: 'mean',
    limits: level,
    checks: checks(null, null, 1, 2, hours(7 * 24)),
    decimals: 2,
  },
] as const satisfies readonly ReadingInfo[];

const catalogue: readonly ReadingInfo[] = [...danesReadings, ...uniwanReadings];

/**
 * How a derived code is computed from the code it comes `from` (never ingested, never stored): a well's groundwater
 * elevation above its datum and depth below ground, from the corrected level and the vertical reference in effect
 * (docs/corrections.md), and a river's discharge from the corrected stage through its rating (docs/ratings.md).
 */
export type DerivedKind = 'elevation' | 'depth_below_ground' | 'discharge';

export interface DerivedReadingInfo extends ReadingInfo {
  derived: { from: string; kind: DerivedKind };
  /** An elevation above the reference's datum: its unit names the datum ("m Bpv"). */
  aboveDatum: boolean;
}

const derived = (from: string, kind: DerivedKind, label: string): DerivedReadingInfo => ({
  code: `${from}_${kind}`,
  label,
  unit: 'm',
  aggregate: 'mean',
  limits: level,
  checks: checks(null, null, null, null, null),
  decimals: 2,
  derived: { from, kind },
  aboveDatum: kind === 'elevation',
});

/** The derived codes of the catalogue: per level code, its elevation above datum, depth below ground and discharge. */
export const derivedReadings: readonly DerivedReadingInfo[] = ['H1', 'hladina'].flatMap((from) => [
  derived(from, 'elevation', 'Groundwater elevation above datum'),
  derived(from, 'depth_below_ground', 'Depth to water below ground'),
  { ...derived(from, 'discharge', 'Discharge'), unit: 'm³/s', limits: [0, 1_000_000], decimals: 3 },
]);

/** The derived codes a source's readings give. */
export const derivedReadingsOf = (source: Source): readonly DerivedReadingInfo[] =>
  derivedReadings.filter((d) => isReadingOf(source, d.derived.from));

/** A code's entry in the catalogue (either source's, stored or derived), or undefined for a code it lacks. */
export const readingInfo = (code: string | null): ReadingInfo | DerivedReadingInfo | undefined =>
  catalogue.find((r) => r.code === code) ?? derivedReadings.find((r) => r.code === code);

/** A reading's unit as shown: an elevation above a datum names it ("m Bpv") when the station's datum is known. */
export const unitOf = (info: ReadingInfo, datum?: string | null): string =>
  datum && 'aboveDatum' in info && info.aboveDatum ? `${info.unit} ${datum}` : info.unit;

/** Every code of the catalogue, in a fixed order. */
export const allReadingCodes: readonly string[] = catalogue.map((r) => r.code);

/** Every code a series can hold: the stored codes, then the derived ones. */
export const everyCode: readonly string[] = [...allReadingCodes, ...derivedReadings.map((r) => r.code)];

const derivedCodes = new Set(derivedReadings.map((r) => r.code));

/** Whether a code is derived (computed on read from another, never ingested nor stored). */
export const isDerived = (code: string) => derivedCodes.has(code);

/** Whether `code`'s readings are those of another of `codes` again (a derived code beside its level): counted as that one's. */
export function countedWith(code: string, codes: readonly string[]) {
  const info = readingInfo(code);
  return info !== undefined && 'derived' in info && codes.includes(info.derived.from);
}

const summed = new Set([...catalogue, ...derivedReadings].filter((r) => r.aggregate === 'sum').map((r) => r.code));

/** Whether a code's readings add up (precipitation): charts and cards show its totals, not its extremes. */
export const isSummed = (code: string) => summed.has(code);

/**
 * A figure computed from many readings (a total, a wettest day, a mean, a volume) to the millionth of its unit: far
 * below any gauge's resolution, and above the floating-point noise that adding them up leaves (0.1 + 0.2 is
 * 0.30000000000000004), which every reply and export would print (docs/decisions/0047).
 */
export const toMillionths = (n: number) => Math.round(n * 1e6) / 1e6;

export type Source = 'DANES' | 'UNIWAN';
export const sources = ['DANES', 'UNIWAN'] as const satisfies readonly Source[];

export const readingsOf = (source: Source): readonly ReadingInfo[] => (source === 'DANES' ? danesReadings : uniwanReadings);

export const isReadingOf = (source: Source, code: string) => readingsOf(source).some((r) => r.code === code);
