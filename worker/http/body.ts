import type { MiddlewareHandler } from 'hono';

/** Reads a body to its end: the whole of it if it fits in `maxBytes`, else null (the rest read and dropped). */
export async function readAtMost(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size <= maxBytes) chunks.push(read.value);
  }
  if (size > maxBytes) return null;
  const whole = new Uint8Array(size);
  chunks.reduce((offset, chunk) => (whole.set(chunk, offset), offset + chunk.byteLength), 0);
  return whole;
}

/** Reads what is left of a request's body (the call did not need it), so the client's keep-alive connection stays clean. */
async function readRest(request: Request) {
  const body = request.body;
  if (body && !request.bodyUsed && !body.locked) await readAtMost(body, 0);
}

/** Reads any body a call left unread to its end, after the reply is made (an API that takes no bodies). */
export const readUnreadBody: MiddlewareHandler = async (c, next) => {
  try {
    await next();
  } finally {
    await readRest(c.req.raw);
  }
};

/**
 * Request bodies over `maxBytes` are refused (`tooLarge`), by their declared length when they have one. Any
 * body the call did not read (refused first: auth, Origin, size, content type) is still read to its end, so the
 * client's keep-alive connection is left clean for its next request; under `wrangler dev` an unread or merely
 * cancelled body broke about one refused upload in a hundred ("fetch failed").
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
      await readRest(c.req.raw);
    }
  };
}
