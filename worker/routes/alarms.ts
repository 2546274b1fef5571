import { z } from 'zod';
import { Alarm, AlarmAcknowledge, AlarmsQuery } from '../contracts/alarms';
import { idQuery } from '../contracts/validation';
import { acknowledgeAlarm, listAlarms } from '../domain/alarms/alarms';
import { createRouter, defineRoute } from '../http/route';

export const alarmRoutes = createRouter();

defineRoute(
  alarmRoutes,
  {
    method: 'get',
    path: '/',
    access: 'user',
    summary: 'Alarms of the stations the subject may see, newest first (state open|active|acknowledged|cleared, item_id, severity, from..to)',
    description:
      '`state=open` lists active and acknowledged alarms (the badges). `from`/`to` (ISO 8601 with offset) keep alarms that were open at some ' +
      'time in [from, to). Page with `before=<id of the last alarm>`. Open pages receive changes live as `{"type": "alarm", "unique_id", "alarm"}` ' +
      'on GET /rest/live.',
    query: AlarmsQuery,
    data: z.array(Alarm),
  },
  ({ c, actor, query }) => listAlarms(c.var.db, actor, query),
);

defineRoute(
  alarmRoutes,
  {
    method: 'post',
    path: '/acknowledge',
    access: 'user',
    summary: 'Acknowledge an active alarm of a station the subject may see, with an optional note (409 once acknowledged or cleared)',
    query: idQuery,
    body: { model: 'AlarmAcknowledge', schema: AlarmAcknowledge },
    data: Alarm,
  },
  ({ c, actor, query, body }) => acknowledgeAlarm(c.var.db, c.env, actor, query.id, body.note, (work) => c.executionCtx.waitUntil(work)),
);
