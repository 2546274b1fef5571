import { newImporterToken } from '../../worker/domain/telemetry/tokens';
import { executeScript, insertSql, type Target } from './d1';

/** Creates an importer token (may post for any station) in a D1 database and returns it; only its hash is stored. */
export function storeImporterToken(target: Target, persistTo?: string): string {
  const { token, row } = newImporterToken();
  executeScript(insertSql('station_tokens', row), target, persistTo);
  return token;
}

export type IngestSource = 'danes' | 'uniwan';

export interface IngestReply {
  status: number;
  accepted: number;
  duplicates: number;
  /** `rows.<index>` → reasons, when the batch was refused. */
  errors: Record<string, string[]>;
}

/** Posts one batch through the real ingest API. */
export async function postBatch(url: string, token: string, source: IngestSource, uniqueId: string, rows: unknown[]): Promise<IngestReply> {
  const res = await fetch(`${url}/rest/ingest/${source}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ unique_id: uniqueId, rows }),
  });
  const json = (await res.json().catch(() => null)) as {
    data?: { accepted: number; duplicates: number };
    errors?: Record<string, string[]>;
  } | null;
  return { status: res.status, accepted: json?.data?.accepted ?? 0, duplicates: json?.data?.duplicates ?? 0, errors: json?.errors ?? {} };
}
