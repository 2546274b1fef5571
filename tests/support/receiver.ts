import { vi } from 'vitest';

export interface Received {
  url: string;
  headers: Headers;
  body: string;
  /** The body's bytes as sent (a push message is binary). */
  bytes: Uint8Array;
}

/**
 * A webhook receiver inside the test runtime: the Worker's own `fetch()` of a URL under `base` is answered here
 * by `reply` (the request's headers and body are kept as sent), anything else goes out as usual. Only the
 * network hop is replaced; signing, sending, retrying and logging are the Worker's real code.
 */
export function webhookReceiver(base: string, reply: (received: Received) => Response = () => new Response('ok')) {
  const received: Received[] = [];
  let taken = 0;
  const original = globalThis.fetch;
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(base)) return original(input, init);
    const bytes = new Uint8Array(await request.arrayBuffer());
    const r = { url: request.url, headers: request.headers, body: new TextDecoder().decode(bytes), bytes };
    received.push(r);
    return reply(r);
  });
  return {
    received,
    /**
     * The next request not yet taken, waiting for it to arrive (a first attempt is sent after the reply). It polls:
     * the sender runs in another request's context, which must not resolve this test's promises.
     */
    async next(timeoutMs = 5000): Promise<Received> {
      for (let waited = 0; taken >= received.length; waited += 50) {
        if (waited > timeoutMs) throw new Error(`no webhook request within ${timeoutMs} ms`);
        await new Promise((wake) => setTimeout(wake, 50));
      }
      return received[taken++];
    },
    restore: () => spy.mockRestore(),
  };
}
