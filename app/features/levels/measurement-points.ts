import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import type { Levels } from '../../../worker/contracts/levels';
import { levelCodes, levelQueries } from './queries';

/** A manual measurement as a chart draws it: when, and its value in the level code's terms. */
export interface MeasurementPoint {
  ts: number;
  value: number;
}

/**
 * The manual measurements of a station's level codes among `codes`, per code, for the charts to draw beside the
 * logger series. A subject who may not read them gets none (the charts stay as they are).
 */
export function useMeasurementPoints(itemId: number, codes: string[]): Record<string, MeasurementPoint[]> {
  return useQueries({ queries: measurementQueries(itemId, codes), combine: byReading });
}

/** The queries behind `useMeasurementPoints`, for the chart route's loader to fetch with the readings. */
export const measurementQueries = (itemId: number, codes: string[]) =>
  codes.filter((c) => levelCodes.includes(c)).map((code) => ({ ...levelQueries.state(itemId, code), retry: false }));

// Module-level, so the combined result keeps its identity while the data do and the charts are not drawn again.
function byReading(results: UseQueryResult<Levels>[]): Record<string, MeasurementPoint[]> {
  const points: Record<string, MeasurementPoint[]> = {};
  for (const x of results.flatMap((r) => r.data?.measurements ?? []))
    if (x.value !== null) (points[x.reading] ??= []).push({ ts: Date.parse(x.at), value: x.value });
  return points;
}
