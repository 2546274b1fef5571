import { alarmRuleCalls } from '../contracts/alarms';
import { deleteRule, listRules, previewRule, saveRule } from '../domain/alarms/rules';
import { createRouter, mount } from '../http/route';

export const alarmRuleRoutes = createRouter();

mount(alarmRuleRoutes, alarmRuleCalls.list, ({ ctx, query }) => listRules(ctx.db, ctx.subject, query.item_id));
mount(alarmRuleRoutes, alarmRuleCalls.save, ({ ctx, body }) => saveRule(ctx.db, ctx.env, body));
mount(alarmRuleRoutes, alarmRuleCalls.delete, ({ ctx, query }) => deleteRule(ctx.db, ctx.env, query.id, ctx.defer));
mount(alarmRuleRoutes, alarmRuleCalls.preview, ({ ctx, query, body }) => previewRule(ctx.db, ctx.env, body, query.days));
