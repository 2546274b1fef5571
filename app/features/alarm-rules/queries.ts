import { queryOptions } from '@tanstack/react-query';
import { fetchRulesTab } from '~/server/alarm-rules';

export const alarmRuleQueries = {
  /**
   * A station's rules (the rules tab of the station's edit screen); their open alarms come with the layout's. Under the
   * alarms' key, so a saved or deleted rule refreshes whatever else shows rules and open alarms.
   */
  station: (itemId: number) =>
    queryOptions({ queryKey: ['alarms', 'rules-tab', itemId], queryFn: () => fetchRulesTab({ data: { id: itemId } }) }),
};

/** The rule calls, with their schemas, load with the first save, preview or delete: off the screen's first load. */
export const ruleCalls = () => import('../../../worker/contracts/alarms').then((c) => c.alarmRuleCalls);
