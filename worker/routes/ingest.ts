import { ingestCalls } from '../contracts/telemetry';
import { ingestRows } from '../domain/telemetry/ingest';
import { createRouter, mount } from '../http/route';
import { serverTiming } from '../http/server-timing';

export const ingestRoutes = createRouter();

// Every ingest reply says where its time went (`Server-Timing`).
ingestRoutes.use('/ingest/*', serverTiming);

mount(ingestRoutes, ingestCalls.danes, ({ c, ctx, body }) => ingestRows(ctx, { source: 'DANES', body, timings: c.var.timings }));
mount(ingestRoutes, ingestCalls.uniwan, ({ c, ctx, body }) => ingestRows(ctx, { source: 'UNIWAN', body, timings: c.var.timings }));
