import type { MiddlewareHandler } from 'hono';

/** The whole body if it fits in `maxBytes`, else null, its stream cancelled rather than left half read. */
async function readAtMost(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(read.value);
  }
  const whole = new Uint8Array(size);
  chunks.reduce((offset, chunk) => (whole.set(chunk, offset), offset + chunk.byteLength), 0);
  return whole;
}

/**
 * Request bodies over `maxBytes` are refused (`tooLarge`), by their declared length when they have one. A body
 * the call then never reads (refused first: auth, Origin, size, content type) is cancelled after the reply,
 * so the client's keep-alive connection is left clean for its next request instead of failing it.
 */
export function boundedBody(maxBytes: number, tooLarge: () => Error): MiddlewareHandler {
  return async (c, next) => {
    try {
      const declared = c.req.header('Content-Length');
      if (declared !== undefined && Number(declared) > maxBytes) throw tooLarge();
      const raw = c.req.raw;
      if (declared === undefined && raw.body) {
        const whole = await readAtMost(raw.body, maxBytes);
        if (!whole) throw tooLarge();
        c.req.raw = new Request(raw, { body: whole });
      }
      await next();
    } finally {
      const body = c.req.raw.body;
      if (body && !c.req.raw.bodyUsed && !body.locked) await body.cancel();
    }
  };
}
