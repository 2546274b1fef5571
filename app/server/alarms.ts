import { createServerFn } from '@tanstack/react-start';
import { AlarmStatisticsQuery } from '../../worker/contracts/alarm-statistics';
import { AlarmsQuery, type Alarm } from '../../worker/contracts/alarms';
import { z } from '../../worker/contracts/zod';
import { listAlarms } from '../../worker/domain/alarms/alarms';
import { listRules } from '../../worker/domain/alarms/rules';
import { alarmStatistics } from '../../worker/domain/alarms/statistics';
import { listVisibleItems } from '../../worker/domain/items/manage';
import { visibleStations } from '../../worker/domain/items/visibility';
import { signedIn } from './middleware';

/** The API's largest page. */
const openPage = 500;

/**
 * Every open (active or acknowledged) alarm of the stations the subject may see, newest first: the badges on
 * cards, markers and charts, and the count in the navigation. Few are open at a time, so all of them come at once.
 */
export const fetchOpenAlarms = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .handler(async ({ context: { ctx } }) => {
    const open: Alarm[] = [];
    for (;;) {
      const page = await listAlarms(ctx, { state: 'open', limit: openPage, before: open.at(-1)?.id });
      open.push(...page);
      if (page.length < openPage) return open;
    }
  });

/** One page of the alarm list, filtered as the API filters it. */
export const fetchAlarms = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(AlarmsQuery)
  .handler(({ context: { ctx }, data }) => listAlarms(ctx, data));

/**
 * The stations the subject may see, named, with the zone their alarms' times are shown in and their source (which
 * says what they report: a barometric correction's pressure stations).
 */
export const fetchAlarmStations = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .handler(async ({ context: { ctx } }) =>
    (await listVisibleItems(ctx)).map(({ id, unique_id, name, timezone, name_for_api }) => ({
      id,
      unique_id,
      name,
      timezone,
      name_for_api,
    })),
  );

/** The alarm rules of one station (by unique_id) for its charts' threshold lines; none for a station the subject may not see. */
export const fetchStationRules = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(z.object({ id: z.string().min(1).max(100) }))
  .handler(async ({ context: { ctx }, data }) => {
    const [station] = await visibleStations(ctx, [data.id]);
    return station ? listRules(ctx, { itemId: station.id }) : [];
  });

/** How the alarms and warning levels of the stations the subject may see were handled, as `/rest/alarms/statistics`. */
export const fetchAlarmStatistics = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(AlarmStatisticsQuery)
  .handler(({ context: { ctx }, data }) => alarmStatistics(ctx, data));
