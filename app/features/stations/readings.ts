import {
  derivedReadings,
  derivedReadingsOf,
  readingsOf,
  type DerivedKind,
  type ReadingInfo,
  type Source,
  unitOf,
  danesReadings,
  uniwanReadings,
} from '../../../shared/readings';
import { m } from '~/paraglide/messages';

type Code = (typeof danesReadings)[number]['code'] | (typeof uniwanReadings)[number]['code'];

// The catalogue's labels are English; these are the same labels in the visitor's language.
const labels: Record<Code, () => string> = {
  H1: m.reading_h1,
  KCM: m.reading_kcm,
  RV: m.reading_rv,
  SRA1H: m.reading_sra1h,
  _T: m.reading_t,
  _TX: m.reading_tx,
  POWER: m.reading_power,
  humidity: m.reading_humidity,
  pressure: m.reading_pressure,
  'inner temperature': m.reading_inner_temperature,
  'outer temperature': m.reading_outer_temperature,
  'inner 2nd temperature': m.reading_inner_2nd_temperature,
  hladina: m.reading_hladina,
};

export interface Reading extends ReadingInfo {
  /** The label in the current language. */
  name: string;
}

// A derived code is named by its kind (its level is the station's one well).
const derivedLabels: Record<DerivedKind, () => string> = {
  elevation: m.reading_elevation,
  depth_below_ground: m.reading_depth_below_ground,
  discharge: m.reading_discharge,
};

const translated = (info: ReadingInfo, datum?: string | null): Reading => {
  const kind = 'derived' in info ? (info as (typeof derivedReadings)[number]).derived.kind : undefined;
  return { ...info, unit: unitOf(info, datum), name: kind ? derivedLabels[kind]() : (labels[info.code as Code]?.() ?? info.label) };
};

/**
 * The readings of a source that occur among `codes`, in catalogue order; unknown codes are left out. With the
 * station's datum, elevations name it in their unit.
 */
export const readingsPresent = (source: Source, codes: Iterable<string>, datum?: string | null): Reading[] => {
  const present = new Set(codes);
  return [...readingsOf(source), ...derivedReadingsOf(source)].filter((r) => present.has(r.code)).map((r) => translated(r, datum));
};

/** A reading code of either source with its label and unit, or undefined for a code the catalogue lacks. */
export const readingByCode = (code: string): Reading | undefined => {
  const info = [...danesReadings, ...uniwanReadings, ...derivedReadings].find((r) => r.code === code);
  return info && translated(info);
};

/** Readings show 4 decimals everywhere (SPEC §9). */
export const formatValue = (value: number) => value.toFixed(4);
