import { DurableObject } from 'cloudflare:workers';
import type { LiveMessage } from '../contracts/live';
import { createDb } from '../db/client';
import { selectLiveSessions } from '../db/sessions';
import { closeCodes, watchHeader, type EndedSessions, type WatchedStation, type WatchRequest } from '../live/watcher';
import { stationOf } from '../station/directory';

/** Kept with each hibernating socket (attachments hold at most 16 KB, so "all" is not spelt out). */
interface SocketState {
  session: string;
  stations: number[] | null;
}

// Sessions also end without anyone telling the watcher (expiry, a change made straight in the database): while
// pages are open it checks them against D1 this often.
const sessionSweepMs = 5 * 60_000;

// Registering with hundreds of stations at once would open as many calls; a few dozen at a time is plenty.
const registrationsInFlight = 32;

/**
 * One subject's live channel: all its open pages' sockets, whichever stations they watch. Station objects
 * deliver new rows here; a page watching 50 stations still holds one socket. Sockets are accepted through the
 * hibernation API, so idle pages keep no isolate alive.
 */
export class LiveWatcher extends DurableObject<Cloudflare.Env> {
  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env);
    // Every station the subject may see (for sockets that watch them all), and the stations that know to call here.
    ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS visible (item_id INTEGER PRIMARY KEY, unique_id TEXT NOT NULL)');
    ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS registered (item_id INTEGER PRIMARY KEY)');
    // Pages ping every few seconds to learn that the line is alive; the runtime answers without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', JSON.stringify({ type: 'pong' } satisfies LiveMessage)));
  }

  private get sql() {
    return this.ctx.storage.sql;
  }

  /** Replaces the set of stations the subject may see; rows change only where the set did. */
  setVisible(stations: WatchedStation[]) {
    this.ctx.storage.transactionSync(() => {
      this.sql.exec('DELETE FROM visible WHERE item_id NOT IN (SELECT value FROM json_each(?))', JSON.stringify(stations.map((s) => s.id)));
      this.sql.exec(
        `INSERT INTO visible (item_id, unique_id) SELECT value ->> 0, value ->> 1 FROM json_each(?) WHERE true
         ON CONFLICT (item_id) DO UPDATE SET unique_id = excluded.unique_id WHERE unique_id <> excluded.unique_id`,
        JSON.stringify(stations.map((s) => [s.id, s.uniqueId])),
      );
    });
  }

  async fetch(request: Request): Promise<Response> {
    const watch = JSON.parse(request.headers.get(watchHeader) ?? 'null') as WatchRequest | null;
    if (!watch || request.headers.get('Upgrade') !== 'websocket') {
      return new Response('expected a WebSocket upgrade from the Worker', { status: 400 });
    }
    const stations =
      watch.stations ??
      this.sql.exec<{ id: number; uniqueId: string }>('SELECT item_id AS id, unique_id AS uniqueId FROM visible').toArray();
    // Registered before the socket opens, so a batch posted right after the page connected reaches it.
    await this.register(
      watch.subjectId,
      stations.map((s) => s.id),
    );
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + sessionSweepMs);
    server.serializeAttachment({ session: watch.session, stations: watch.stations?.map((s) => s.id) ?? null } satisfies SocketState);
    server.send(JSON.stringify({ type: 'subscribed', stations: stations.map((s) => s.uniqueId) } satisfies LiveMessage));
    return new Response(null, { status: 101, webSocket: client });
  }

  private async register(subjectId: number, ids: number[]) {
    const known = new Set(
      this.sql
        .exec<{ item_id: number }>('SELECT item_id FROM registered')
        .toArray()
        .map((r) => r.item_id),
    );
    const missing = ids.filter((id) => !known.has(id));
    for (let i = 0; i < missing.length; i += registrationsInFlight) {
      const chunk = missing.slice(i, i + registrationsInFlight);
      await Promise.all(chunk.map((id) => stationOf(this.env, id).watchers().watch(subjectId)));
      this.sql.exec('INSERT OR IGNORE INTO registered (item_id) SELECT value FROM json_each(?)', JSON.stringify(chunk));
    }
  }

  /**
   * Sends a station's message to every socket watching it. Returns false when none does, so the station
   * stops calling; the registration is forgotten here first, so the next page to want it registers again.
   */
  deliver(itemId: number, message: LiveMessage): boolean {
    const text = JSON.stringify(message);
    let visible: boolean | undefined;
    let delivered = false;
    for (const socket of this.ctx.getWebSockets()) {
      const state = socket.deserializeAttachment() as SocketState | null;
      if (!state) continue;
      const wants = state.stations
        ? state.stations.includes(itemId)
        : (visible ??= this.sql.exec('SELECT 1 FROM visible WHERE item_id = ?', itemId).toArray().length > 0);
      if (!wants) continue;
      try {
        socket.send(text);
        delivered = true;
      } catch {
        socket.close(1011, 'send failed');
      }
    }
    if (!delivered) this.sql.exec('DELETE FROM registered WHERE item_id = ?', itemId);
    return delivered;
  }

  private sockets() {
    return this.ctx.getWebSockets().map((socket) => ({ socket, state: socket.deserializeAttachment() as SocketState }));
  }

  /** Closes the sockets of sessions that ended (signed out, password set, account deleted). */
  endSessions(ended: EndedSessions) {
    for (const { socket, state } of this.sockets()) {
      const over = ended.only ? ended.only.includes(state.session) : state.session !== ended.except;
      if (over) socket.close(closeCodes.sessionEnded, 'session ended');
    }
  }

  /**
   * The subject's stations changed (links, groups, role): from now on only `visible` reach its pages. A page that
   * watched a station it lost is closed, so it reconnects and learns what it may still watch.
   */
  restrict(visible: WatchedStation[]) {
    // Without open pages there is nothing to hold back; the next page tells the watcher its stations afresh.
    if (!this.ctx.getWebSockets().length) return;
    this.setVisible(visible);
    const allowed = new Set(visible.map((s) => s.id));
    for (const { socket, state } of this.sockets()) {
      if (state.stations?.some((id) => !allowed.has(id))) socket.close(closeCodes.accessChanged, 'stations changed');
    }
  }

  /** Closes the sockets whose session is gone or whose subject may no longer sign in; checks again while any stay open. */
  async alarm() {
    const open = this.sockets();
    if (!open.length) return;
    const sessions = [...new Set(open.map(({ state }) => state.session))];
    const alive = await selectLiveSessions(createDb(this.env.DB), sessions, Date.now());
    this.endSessions({ only: sessions.filter((id) => !alive.includes(id)) });
    await this.ctx.storage.setAlarm(Date.now() + sessionSweepMs);
  }

  // Pages send nothing but pings, which the auto-response answers; anything else is ignored.
  async webSocketMessage() {}

  async webSocketClose(socket: WebSocket, code: number) {
    socket.close(code === 1005 ? 1000 : code, 'closing');
  }
}
