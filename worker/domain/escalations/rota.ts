import type { RotaEntry } from '../../contracts/escalations';
import { wallClock } from '../../../shared/station-time';

/**
 * Who a rota has on duty at `at`, reckoned on the station's wall clock: the entry of that local weekday whose hours
 * hold the local hour. Entries end at the latest at midnight, so the next day's entry takes over then, also across a
 * change to or from summer time. Null when nobody is on duty.
 */
export function onDuty(rota: readonly RotaEntry[], at: number, timeZone: string): number | null {
  const local = new Date(wallClock(at, timeZone));
  const weekday = local.getUTCDay() || 7;
  const hour = local.getUTCHours();
  return rota.find((e) => e.weekday === weekday && e.from_hour <= hour && hour < e.to_hour)?.subject_id ?? null;
}
