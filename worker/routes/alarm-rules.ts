import { alarmRuleCalls } from '../contracts/alarms';
import { deleteRule, listRules, previewRule, saveRule } from '../domain/alarms/rules';
import { createRouter, mount } from '../http/route';

export const alarmRuleRoutes = createRouter();

mount(alarmRuleRoutes, alarmRuleCalls.list, ({ ctx, query }) => listRules(ctx, { itemId: query.item_id }));
mount(alarmRuleRoutes, alarmRuleCalls.save, ({ ctx, body }) => saveRule(ctx, body));
mount(alarmRuleRoutes, alarmRuleCalls.delete, ({ ctx, query }) => deleteRule(ctx, query));
mount(alarmRuleRoutes, alarmRuleCalls.preview, ({ ctx, query, body }) => previewRule(ctx, { rule: body, days: query.days }));
