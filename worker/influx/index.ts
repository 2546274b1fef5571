/**
 * InfluxDB's write API, so that Telegraf, Node-RED, data logger gateways and Debian's `influx` client post line protocol
 * to Hladina unchanged (docs/line-protocol.md, decision 0023): 1.x `POST /write` (`db`, `rp` ignored; `precision`
 * n|u|ms|s|m|h; `u`/`p`), 2.x `POST /api/v2/write` (`org`, `bucket` ignored; `precision` ns|us|ms|s), plain or gzip,
 * and the probes clients call first (`/ping`, `/health`). A station's or an importer's ingest token is the password
 * (`p=`, HTTP Basic) or `Authorization: Bearer …` / `Token …`. Replies are InfluxDB's: 204, or an error as
 * `{"error": …}` (2.x: `{"code": …, "message": …}`) with `X-Influxdb-Error`. Mounted at the root (clients that take a
 * host and port) and under `/influx` (clients that take a base URL).
 */
import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AppError, badRequest, unauthorized } from '../domain/errors';
import { phaseTimer } from '../domain/telemetry/ingest';
import { ingestLines } from '../domain/telemetry/line-ingest';
import { precisions, type Precision } from '../domain/telemetry/line-protocol';
import { resolveIngestToken } from '../domain/telemetry/tokens';
import { basicPassword, bearerToken } from '../http/auth';
import { boundedBody, readAtMost } from '../http/body';
import { withContext } from '../http/context';
import { statusOf } from '../http/errors';
import { apiHeaders } from '../http/security-headers';
import { serverTiming } from '../http/server-timing';
import type { AppEnv } from '../http/types';

export const influxBase = '/influx';

/** The largest write body, before and after gzip: ~50,000 lines of seven fields. */
export const maxWriteBytes = 5 * 1024 * 1024;

/** What `/ping` says it is: clients print it, none needs a particular version. */
const version = '1.8-compatible (Hladina)';

const writePaths = ['/write', '/api/v2/write'];
const isV2 = (c: Context) => c.req.path.endsWith('/api/v2/write');

const v2Codes: Partial<Record<number, string>> = {
  400: 'invalid',
  401: 'unauthorized',
  403: 'forbidden',
  413: 'request too large',
  500: 'internal error',
};

/** `lines.3` → `line 3: …`: every refusal on a line of its own, as InfluxDB lists a write's bad lines. */
const errorText = (err: AppError) =>
  Object.entries(err.errors)
    .flatMap(([key, messages]) => messages.map((m) => (key === '_' ? m : `${key.replace(/^lines\./, 'line ')}: ${m}`)))
    .join('\n');

// A header carries one line of Latin-1.
const asHeader = (text: string) =>
  text
    .replace(/\n/g, '; ')
    .replace(/[^\x20-\x7e]/g, '?')
    .slice(0, 2000);

function influxError(c: Context, status: ContentfulStatusCode, message: string) {
  c.header('X-Influxdb-Error', asHeader(message));
  c.header('X-Influxdb-Version', version);
  return isV2(c) ? c.json({ code: v2Codes[status] ?? 'internal error', message }, status) : c.json({ error: message }, status);
}

/** The ingest token of a write, wherever the client put it: Bearer, Token, the Basic password or `p=`. */
function writeToken(c: Context<AppEnv>) {
  const header = c.req.header('Authorization');
  if (header?.startsWith('Token ')) return header.slice(6).trim();
  return bearerToken(c) ?? basicPassword(c) ?? c.req.query('p');
}

/** The body as text, gunzipped when it says so (and is), at most `maxWriteBytes` either way. */
async function bodyText(c: Context<AppEnv>) {
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  const gzipped = /gzip/i.test(c.req.header('Content-Encoding') ?? '') && bytes[0] === 0x1f && bytes[1] === 0x8b;
  if (!gzipped) return new TextDecoder().decode(bytes);
  let whole: Uint8Array | null;
  try {
    whole = await readAtMost(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip')), maxWriteBytes);
  } catch {
    throw badRequest('unable to decompress the gzip body');
  }
  if (!whole) throw tooLarge();
  return new TextDecoder().decode(whole);
}

const tooLarge = () => new AppError('payload_too_large', { _: [`The write is larger than ${maxWriteBytes / 1024 / 1024} MiB.`] });

async function write(c: Context<AppEnv>) {
  const lap = phaseTimer(c.var.timings);
  const token = writeToken(c);
  if (!token)
    throw unauthorized('authorization failed: send an ingest token as the password (p=, HTTP Basic) or as "Authorization: Token …".');
  const caller = await resolveIngestToken(c.var.ctx, token);
  const asked = c.req.query('precision') ?? '';
  const precision: Precision | undefined = precisions[asked as keyof typeof precisions];
  if (!precision) throw badRequest(`invalid precision ${JSON.stringify(asked)}: use ns, us, ms, s, m or h`);
  lap('auth');
  const text = await bodyText(c);
  lap('body');
  const { accepted, duplicates } = await ingestLines({ ...c.var.ctx, caller }, { text, precision, timings: c.var.timings });
  c.header('X-Hladina-Accepted', String(accepted));
  c.header('X-Hladina-Duplicates', String(duplicates));
  c.header('X-Influxdb-Version', version);
  return c.body(null, 204);
}

/** The InfluxDB sub-app; every route carries its own middleware, so mounting it at the root touches no other path. */
export function createInflux() {
  const influx = new Hono<AppEnv>();
  influx.onError((err, c) => {
    if (err instanceof AppError) return influxError(c, statusOf[err.code], errorText(err));
    console.error('line protocol write failed', c.req.method, c.req.path, err);
    return influxError(c, 500, 'Something went wrong on our side. Please try again.');
  });
  const bounded = boundedBody(maxWriteBytes, tooLarge);
  for (const path of writePaths) {
    influx.post(path, apiHeaders, withContext, serverTiming, bounded, write);
    influx.all(path, apiHeaders, (c) => {
      c.header('Allow', 'POST');
      return influxError(c, 405, 'Write with POST.');
    });
  }
  const probe = (c: Context) => {
    c.header('X-Influxdb-Version', version);
    c.header('X-Influxdb-Build', 'OSS');
    return c.body(null, 204);
  };
  influx.on(['GET', 'HEAD'], '/ping', apiHeaders, probe);
  influx.get('/health', apiHeaders, (c) =>
    c.json({ name: 'hladina', message: 'ready for writes', status: 'pass', checks: [], version }, 200, { 'X-Influxdb-Version': version }),
  );
  return influx;
}
