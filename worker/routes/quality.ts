import { qualityCalls } from '../contracts/quality';
import { approve, flaggedReadings, flagReadings, qualityLog, qualityState, saveChecks, withdraw } from '../domain/quality/manage';
import { approvalLevels, saveApprovalLevels } from '../domain/quality/approval-levels';
import { createRouter, mount } from '../http/route';

export const qualityRoutes = createRouter();

mount(qualityRoutes, qualityCalls.state, ({ ctx, query }) => qualityState(ctx, query));
mount(qualityRoutes, qualityCalls.checks, ({ ctx, query, body }) => saveChecks(ctx, { id: query.id, body }));
mount(qualityRoutes, qualityCalls.flag, ({ ctx, query, body }) => flagReadings(ctx, { id: query.id, edit: body }));
mount(qualityRoutes, qualityCalls.log, ({ ctx, query }) => qualityLog(ctx, query));
mount(qualityRoutes, qualityCalls.flags, ({ ctx, query }) => flaggedReadings(ctx, query));
mount(qualityRoutes, qualityCalls.levels, ({ ctx }) => approvalLevels(ctx));
mount(qualityRoutes, qualityCalls.setLevels, ({ ctx, body }) => saveApprovalLevels(ctx, body));
mount(qualityRoutes, qualityCalls.approve, ({ ctx, query, body }) => approve(ctx, { id: query.id, body }));
mount(qualityRoutes, qualityCalls.withdraw, ({ ctx, query, body }) => withdraw(ctx, { id: query.id, body }));
