import { DurableObject } from 'cloudflare:workers';
import { linkGoneCode } from '../contracts/close-codes';
import type { LiveMessage } from '../contracts/live';
import type { ShareAnswers } from '../contracts/share-links';
import { contextOf } from '../context';
import { countedD1 } from '../db/counted';
import { tooManyRequests } from '../domain/errors';
import { shareChartOf, shareViewOf, resolveShareDefinition } from '../domain/share-links/answers';
import {
  asAnswer,
  goneLink,
  recordShareViews,
  unknownLink,
  viewerHeader,
  type ShareAnswer,
  type ShareQuestion,
  type ViewerRequest,
} from '../domain/share-links/ask';
import { messageForLink, stateOf, type ShareDefinition } from '../domain/share-links/definition';
import { AnswerCache } from '../share/answer-cache';
import { RateLimiter } from '../share/rate-limit';
import { stationOf } from '../station/directory';

/**
 * How long a link's definition is trusted without asking D1 again. Changes to the link itself and to its owner's
 * stations arrive at once (the API tells the object); what else D1 changes (a station renamed, moved or deleted, the
 * owner disabled or deleted) is seen within this.
 */
const definitionTtlMs = 60_000;
/** Views are written to D1 at most this often. */
const viewFlushMs = 60_000;

interface Stored {
  link: ShareDefinition;
  loadedAt: number;
  secretHash: string;
}
interface PendingViews {
  views: number;
  last: number;
}

/**
 * One share link (named by its secret's hash): its definition resolved once from D1, its rate limits, short-lived
 * answers to its fixed questions, its view count, and the live channel of all its viewers. It registers with each
 * of its stations' objects once, receives each new batch once, filters it to what the link shows, and sends it to
 * every viewer's socket (hibernating, so idle viewers cost nothing).
 */
export class ShareLink extends DurableObject<Cloudflare.Env> {
  /** Undefined until read; null when no link has this secret (kept in memory only: a guessed secret stores nothing). */
  private link: ShareDefinition | null | undefined;
  private loadedAt = 0;
  private loading: Promise<ShareDefinition | null> | null = null;
  private readonly limiter = new RateLimiter();
  private readonly answers = new AnswerCache();
  /** Batches the station objects delivered to this instance, and D1 statements it ran (what the link costs). */
  private deliveries = 0;
  private d1Queries = 0;

  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', JSON.stringify({ type: 'pong' } satisfies LiveMessage)));
  }

  private get context() {
    const env = { ...this.env, DB: countedD1(this.env.DB, () => (this.d1Queries += 1)) };
    return contextOf(env, (work) => this.ctx.waitUntil(work));
  }

  /** The link as last read; from storage after a hibernation, from D1 when older than its time to live. */
  private async definition(secretHash: string, now: number): Promise<ShareDefinition | null> {
    if (this.link !== undefined && now - this.loadedAt < definitionTtlMs) return this.link;
    const stored = this.ctx.storage.kv.get<Stored>('definition');
    if (stored && now - stored.loadedAt < definitionTtlMs) {
      this.link = stored.link;
      this.loadedAt = stored.loadedAt;
      return this.link;
    }
    return this.load(secretHash);
  }

  /** Reads the link from D1 (one read however many ask at once) and keeps it, unless no link has this secret. */
  private load(secretHash: string): Promise<ShareDefinition | null> {
    this.loading ??= (async () => {
      try {
        const now = Date.now();
        const link = (await resolveShareDefinition(this.context, { secretHash })) ?? null;
        this.link = link;
        this.loadedAt = now;
        if (link) this.ctx.storage.kv.put('definition', { link, loadedAt: now, secretHash } satisfies Stored);
        return link;
      } finally {
        this.loading = null;
      }
    })();
    return this.loading;
  }

  /** The link, if it works now: 404 for no link, 410 once revoked or expired. */
  private async usable(secretHash: string, now: number): Promise<ShareDefinition> {
    const link = await this.definition(secretHash, now);
    if (!link) throw unknownLink();
    if (stateOf(link, now) !== 'active') throw goneLink();
    return link;
  }

  /** How each question is answered: a short-lived answer to the same question when one is held. */
  private readonly replies: {
    [K in keyof ShareAnswers]: (link: ShareDefinition, question: ShareQuestion<K>, now: number) => Promise<ShareAnswers[K]>;
  } = {
    view: (link, _question, now) => this.answers.get('view', () => shareViewOf(this.context, { link, now }), now),
    chart: (link, { query }, now) =>
      this.answers.get(`chart:${JSON.stringify(query)}`, () => shareChartOf(this.context, { link, query, now }), now),
  };

  /** Answers one of the link's fixed questions for `client` (counted against the link's limits first). */
  async answer<K extends keyof ShareAnswers>(secretHash: string, question: ShareQuestion<K>, client: string): Promise<ShareAnswer<K>> {
    const now = Date.now();
    try {
      const wait = this.limiter.take(client, now);
      if (wait) throw tooManyRequests(wait);
      const link = await this.usable(secretHash, now);
      if (question.view) this.countView(now);
      const data = await this.replies[question.kind](link, question, now);
      return { ok: true, data, frameOrigins: link.frameOrigins };
    } catch (error) {
      return asAnswer(error);
    }
  }

  /** A viewer's WebSocket: counted like a question, refused like one, then registered for the link's stations. */
  async fetch(request: Request): Promise<Response> {
    const viewer = JSON.parse(request.headers.get(viewerHeader) ?? 'null') as ViewerRequest | null;
    if (!viewer || request.headers.get('Upgrade') !== 'websocket')
      return new Response('expected a WebSocket upgrade from the Worker', { status: 400 });
    const now = Date.now();
    let link: ShareDefinition;
    try {
      const wait = this.limiter.take(viewer.client, now);
      if (wait) throw tooManyRequests(wait);
      link = await this.usable(viewer.secretHash, now);
    } catch (error) {
      return Response.json(asAnswer(error), { status: 400 });
    }
    // Registered before the socket opens, so a batch posted right after the page connected reaches it.
    await this.register(viewer.secretHash, link);
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    server.send(this.subscribed(link));
    if (link.expiresAt !== null) await this.wakeAt(link.expiresAt);
    return new Response(null, { status: 101, webSocket: client });
  }

  private subscribed(link: ShareDefinition) {
    return JSON.stringify({ type: 'subscribed', stations: link.stations.map((s) => s.face.unique_id) } satisfies LiveMessage);
  }

  /** Asks each station's object not yet asked to tell this link of its new rows. */
  private async register(secretHash: string, link: ShareDefinition) {
    const known = new Set(this.ctx.storage.kv.get<number[]>('registered') ?? []);
    const missing = link.stations.map((s) => s.id).filter((id) => !known.has(id));
    if (!missing.length) return;
    await Promise.all(missing.map((id) => stationOf(this.env, id).watchers().watchLink(secretHash)));
    this.ctx.storage.kv.put('registered', [...known, ...missing]);
  }

  /**
   * A station's new rows: filtered to what the link shows and sent to every viewer, once per batch however many
   * viewers there are. Returns false when the link wants no more of this station (no viewers, not its station, or
   * no longer working), so the station stops calling; the registration is forgotten here first.
   */
  deliver(itemId: number, message: LiveMessage): boolean {
    this.deliveries += 1;
    const sockets = this.ctx.getWebSockets();
    const link = this.link ?? this.ctx.storage.kv.get<Stored>('definition')?.link;
    const wanted = !!link && sockets.length > 0 && stateOf(link) === 'active' && link.stations.some((s) => s.id === itemId);
    if (!wanted) {
      this.ctx.storage.kv.put(
        'registered',
        (this.ctx.storage.kv.get<number[]>('registered') ?? []).filter((id) => id !== itemId),
      );
      return false;
    }
    const shown = messageForLink(link, itemId, message);
    if (!shown) return true;
    const text = JSON.stringify(shown);
    for (const socket of sockets) {
      try {
        socket.send(text);
      } catch {
        socket.close(1011, 'send failed');
      }
    }
    return true;
  }

  /**
   * The link changed (edited, revoked): read it again and forget every answer. Viewers of a link that no longer
   * works are closed; the others are told to read their page again.
   */
  async refresh(secretHash: string) {
    this.answers.clear();
    const link = await this.load(secretHash);
    const sockets = this.ctx.getWebSockets();
    if (!sockets.length) return;
    if (!link || stateOf(link) !== 'active') return this.closeAll();
    await this.register(secretHash, link);
    const text = this.subscribed(link);
    for (const socket of sockets) socket.send(text);
    if (link.expiresAt !== null) await this.wakeAt(link.expiresAt);
  }

  /** Tells every viewer the link is gone, then closes its socket: the page need not wait for the close to complete. */
  private closeAll() {
    const gone = JSON.stringify({ type: 'gone' } satisfies LiveMessage);
    for (const socket of this.ctx.getWebSockets()) {
      try {
        socket.send(gone);
      } catch {
        // A socket already closing gets the close alone.
      }
      socket.close(linkGoneCode, 'link gone');
    }
  }

  private countView(now: number) {
    const pending = this.ctx.storage.kv.get<PendingViews>('views');
    this.ctx.storage.kv.put('views', { views: (pending?.views ?? 0) + 1, last: now } satisfies PendingViews);
    if (!pending) this.ctx.waitUntil(this.wakeAt(now + viewFlushMs));
  }

  /** The object's one alarm at the earliest of what it waits for (a view flush, the link's expiry). */
  private async wakeAt(time: number) {
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > time) await this.ctx.storage.setAlarm(time);
  }

  /** Writes the views counted since the last flush, and closes the viewers of a link that has just expired. */
  async alarm() {
    const now = Date.now();
    const pending = this.ctx.storage.kv.get<PendingViews>('views');
    const stored = this.ctx.storage.kv.get<Stored>('definition');
    const link = this.link ?? stored?.link;
    if (pending && stored) {
      await recordShareViews(this.context, { secretHash: stored.secretHash, views: pending.views, lastViewedAt: pending.last });
      // Views counted while D1 was writing wait for the next flush.
      const since = this.ctx.storage.kv.get<PendingViews>('views')!;
      if (since.views > pending.views) {
        this.ctx.storage.kv.put('views', { views: since.views - pending.views, last: since.last } satisfies PendingViews);
        await this.wakeAt(now + viewFlushMs);
      } else this.ctx.storage.kv.delete('views');
    }
    if (!link || !this.ctx.getWebSockets().length) return;
    if (stateOf(link, now) !== 'active') this.closeAll();
    else if (link.expiresAt !== null) await this.wakeAt(link.expiresAt);
  }

  /** What this instance cost: its viewers, the batches delivered to it and the D1 statements it ran. */
  figures() {
    return { viewers: this.ctx.getWebSockets().length, deliveries: this.deliveries, d1Queries: this.d1Queries };
  }

  // Viewers send nothing but pings, which the auto-response answers; anything else is ignored.
  async webSocketMessage() {}

  async webSocketClose(socket: WebSocket, code: number) {
    socket.close(code === 1005 ? 1000 : code, 'closing');
  }
}
