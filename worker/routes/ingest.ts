import { DanesIngest, IngestResult, UniwanIngest } from '../contracts/telemetry';
import { ingestRows } from '../domain/telemetry/ingest';
import { sourceRows } from '../domain/telemetry/rows';
import { createRouter, defineRoute } from '../http/route';
import { publishReadings } from '../live/publish';

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
    async ({ c, actor, body }) => {
      const { result, station, stored } = await ingestRows(c.var.db, source, actor, body);
      if (result.accepted > 0) {
        // Open pages hear of the batch after the reply; the stored readings do not wait for them.
        c.executionCtx.waitUntil(
          publishReadings(c.env, {
            type: 'readings',
            unique_id: station.uniqueId,
            source,
            last_update: new Date(station.lastUpdate).toISOString(),
            rows: sourceRows(source, stored),
          }),
        );
      }
      return result;
    },
  );
}
