import type { WarningScale } from '../../../worker/contracts/warning';
import type { ReadingsMessage } from '~/features/live/use-live-stations';

/**
 * The scales with where the live message says its readings stand now. A level moved on the station's object
 * reaches cards, markers and charts with the rows that moved it; the forecast is read again with the scales.
 */
export function withLiveStandings(scales: WarningScale[], message: ReadingsMessage): WarningScale[] {
  const { levels } = message;
  if (!levels?.length) return scales;
  return scales.map((scale) => {
    const moved = scale.unique_id === message.unique_id && levels.find((l) => l.reading === scale.reading);
    return moved ? { ...scale, current: { level: moved.level, since: moved.since, value: moved.value } } : scale;
  });
}
