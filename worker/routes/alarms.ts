import { alarmStatisticsCalls } from '../contracts/alarm-statistics';
import { alarmCalls } from '../contracts/alarms';
import { acknowledgeAlarm, listAlarms } from '../domain/alarms/alarms';
import { alarmStatistics } from '../domain/alarms/statistics';
import { createRouter, mount } from '../http/route';

export const alarmRoutes = createRouter();

mount(alarmRoutes, alarmCalls.list, ({ ctx, query }) => listAlarms(ctx, query));
mount(alarmRoutes, alarmCalls.acknowledge, ({ ctx, query, body }) => acknowledgeAlarm(ctx, { id: query.id, note: body.note }));
mount(alarmRoutes, alarmStatisticsCalls.get, ({ ctx, query }) => alarmStatistics(ctx, query));
