import { alarmCalls } from '../contracts/alarms';
import { acknowledgeAlarm, listAlarms } from '../domain/alarms/alarms';
import { createRouter, mount } from '../http/route';

export const alarmRoutes = createRouter();

mount(alarmRoutes, alarmCalls.list, ({ ctx, query }) => listAlarms(ctx.db, ctx.subject, query));
mount(alarmRoutes, alarmCalls.acknowledge, ({ ctx, query, body }) => acknowledgeAlarm(ctx.db, ctx.env, ctx.subject, query.id, body.note, ctx.defer));
