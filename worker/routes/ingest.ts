import { ingestCalls } from '../contracts/telemetry';
import { ingestRows } from '../domain/telemetry/ingest';
import { createRouter, mount } from '../http/route';

export const ingestRoutes = createRouter();

// Every ingest reply says where its time went (`Server-Timing`: token, body, row checks, the station object's store,
// evaluation, publishing and scheduling, and the call to it): what `npm run bench` reports per phase.
ingestRoutes.use('/ingest/*', async (c, next) => {
  const started = Date.now();
  const timings: Record<string, number> = {};
  c.set('timings', timings);
  await next();
  timings.total = Date.now() - started;
  c.header(
    'Server-Timing',
    Object.entries(timings)
      .map(([phase, ms]) => `${phase};dur=${ms}`)
      .join(', '),
  );
});

mount(ingestRoutes, ingestCalls.danes, ({ c, ctx, body }) => ingestRows(ctx, { source: 'DANES', body, timings: c.var.timings }));
mount(ingestRoutes, ingestCalls.uniwan, ({ c, ctx, body }) => ingestRows(ctx, { source: 'UNIWAN', body, timings: c.var.timings }));
