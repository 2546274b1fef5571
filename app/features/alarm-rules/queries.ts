import { queryOptions } from '@tanstack/react-query';
import { fetchStationRules } from '~/server/alarm-rules';

export const alarmRuleQueries = {
  /** A station's rules with their open alarms (the rules tab of the station's edit screen). */
  station: (itemId: number) => queryOptions({ queryKey: ['alarm-rules', 'station', itemId], queryFn: () => fetchStationRules({ data: { id: itemId } }) }),
};
