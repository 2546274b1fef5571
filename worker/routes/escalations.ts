import { escalationCalls } from '../contracts/escalations';
import { deletePolicy, listPolicies, savePolicy } from '../domain/escalations/policies';
import { acknowledgeByLink, acknowledgeEscalation, escalationOfLink } from '../domain/escalations/acknowledge';
import { listEscalations } from '../domain/escalations/run';
import { createRouter, mount } from '../http/route';

export const escalationRoutes = createRouter();

mount(escalationRoutes, escalationCalls.policies, ({ ctx }) => listPolicies(ctx));
mount(escalationRoutes, escalationCalls.savePolicy, ({ ctx, body }) => savePolicy(ctx, body));
mount(escalationRoutes, escalationCalls.deletePolicy, ({ ctx, query }) => deletePolicy(ctx, query));
mount(escalationRoutes, escalationCalls.list, ({ ctx, query }) => listEscalations(ctx, query));
mount(escalationRoutes, escalationCalls.acknowledge, ({ ctx, query, body }) => acknowledgeEscalation(ctx, { ...query, ...body }));
mount(escalationRoutes, escalationCalls.link, ({ ctx, query }) => escalationOfLink(ctx, query));
mount(escalationRoutes, escalationCalls.acknowledgeLink, ({ ctx, body }) => acknowledgeByLink(ctx, body));
