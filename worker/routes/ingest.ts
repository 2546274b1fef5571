import { DanesIngest, IngestResult, UniwanIngest } from '../contracts/telemetry';
import { ingestRows } from '../domain/telemetry/ingest';
import { createRouter, defineRoute } from '../http/route';

export const ingestRoutes = createRouter();

const sources = [
  { path: '/danes', source: 'DANES', schema: DanesIngest },
  { path: '/uniwan', source: 'UNIWAN', schema: UniwanIngest },
] as const;

for (const { path, source, schema } of sources) {
  defineRoute(
    ingestRoutes,
    {
      method: 'post',
      path,
      access: 'station',
      summary: `Store a batch of ${source} readings, all or nothing (station or importer token)`,
      body: { schema },
      data: IngestResult,
    },
    ({ c, actor, body }) => ingestRows(c.var.db, c.env, c.var.config, source, actor, body),
  );
}
