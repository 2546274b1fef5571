import type { Defer } from '../context';

/** A reply to keep whole: under which key, for how long, and whether this request must be answered anew. */
export interface Keeping {
  /** A URL naming everything the reply depends on (the Cache API keys by URL). */
  key: string;
  seconds: number;
  /** Answer anew (the client sent `Cache-Control: no-cache`); what is answered is kept in this isolate for the next. */
  fresh: boolean;
}

interface Kept {
  /** UTF-8, encoded once. */
  body: ArrayBuffer;
  /** Epoch ms after which it is not served: kept copies never outlive the first keeping time. */
  until: number;
}

/** The end of a reply's keeping time, carried by its copy in the Cache API. */
const untilHeader = 'X-Hladina-Kept-Until';
/** Bytes of replies this isolate holds at most (a dashboard of 1,000 stations is about 750 KB). */
const isolateLimit = 8_000_000;

/**
 * Replies this isolate kept, oldest first: a hit is served from memory, as a read back from the Cache API (which every
 * isolate of the location shares, and which holds them for the others) took longer than the rest of the request.
 */
const inIsolate = new Map<string, Kept>();
let held = 0;

function forget(key: string) {
  const kept = inIsolate.get(key);
  if (!kept) return;
  inIsolate.delete(key);
  held -= kept.body.byteLength;
}

function remember(key: string, kept: Kept) {
  forget(key);
  if (kept.body.byteLength > isolateLimit) return;
  for (const [oldest] of inIsolate) {
    if (held + kept.body.byteLength <= isolateLimit) break;
    forget(oldest);
  }
  inIsolate.set(key, kept);
  held += kept.body.byteLength;
}

const replies = () => caches.open('replies');

/**
 * The body of a reply kept under the key (in this isolate, else in the Cache API), unless the request asks for a fresh
 * one. Only the JSON is kept: the route sends it with the API's own headers, never with a keeping time.
 */
export async function keptReply({ key, fresh }: Keeping, now = Date.now()): Promise<ArrayBuffer | undefined> {
  if (fresh) return undefined;
  const near = inIsolate.get(key);
  if (near && near.until > now) return near.body;
  forget(key);
  const hit = await (await replies()).match(key);
  const until = Number(hit?.headers.get(untilHeader));
  if (!hit || !(until > now)) return undefined;
  const kept = { body: await hit.arrayBuffer(), until };
  remember(key, kept);
  return kept.body;
}

/**
 * Keeps a reply's JSON after it is sent: in this isolate, and in the Cache API for the location's other isolates
 * unless it was asked for anew (they keep what they have, for no longer than its time).
 */
export function keepReply(defer: Defer, { key, seconds, fresh }: Keeping, text: string) {
  defer(
    (async () => {
      const kept = { body: new TextEncoder().encode(text).buffer, until: Date.now() + seconds * 1000 };
      remember(key, kept);
      if (fresh) return;
      const headers = { 'Content-Type': 'application/json', 'Cache-Control': `max-age=${seconds}`, [untilHeader]: String(kept.until) };
      await (await replies()).put(key, new Response(kept.body, { headers }));
    })().catch(() => undefined),
  );
}
