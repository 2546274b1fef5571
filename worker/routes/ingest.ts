import { ingestCalls } from '../contracts/telemetry';
import { ingestRows } from '../domain/telemetry/ingest';
import { createRouter, mount } from '../http/route';

export const ingestRoutes = createRouter();

mount(ingestRoutes, ingestCalls.danes, ({ ctx, body }) => ingestRows(ctx, { source: 'DANES', body }));
mount(ingestRoutes, ingestCalls.uniwan, ({ ctx, body }) => ingestRows(ctx, { source: 'UNIWAN', body }));
