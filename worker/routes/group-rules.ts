import { groupRuleCalls } from '../contracts/group-rules';
import { deleteGroupRule, listGroupRules, saveGroupRule } from '../domain/alarms/group-rules';
import { createRouter, mount } from '../http/route';

export const groupRuleRoutes = createRouter();

mount(groupRuleRoutes, groupRuleCalls.list, ({ ctx }) => listGroupRules(ctx));
mount(groupRuleRoutes, groupRuleCalls.save, ({ ctx, body }) => saveGroupRule(ctx, body));
mount(groupRuleRoutes, groupRuleCalls.delete, ({ ctx, query }) => deleteGroupRule(ctx, query));
