import type { WarningScale } from '../../../worker/contracts/warning';
import type { ReadingsMessage } from '~/features/live/use-live-stations';

/**
 * The scales with where the live message says its station's readings stand now and when the next level is
 * expected: a level or forecast moved on the station's object reaches cards, markers and charts with the rows that
 * moved it.
 */
export function withLiveStandings(scales: WarningScale[], message: ReadingsMessage): WarningScale[] {
  const { levels = [], forecasts = [] } = message;
  if (!levels.length && !forecasts.length) return scales;
  return scales.map((scale) => {
    if (scale.unique_id !== message.unique_id) return scale;
    const moved = levels.find((l) => l.reading === scale.reading);
    const forecast = forecasts.find((f) => f.reading === scale.reading);
    if (!moved && !forecast) return scale;
    return {
      ...scale,
      ...(moved ? { current: { level: moved.level, since: moved.since, value: moved.value } } : {}),
      ...(forecast ? { forecast: forecast.forecast } : {}),
    };
  });
}
