import { DurableObject } from 'cloudflare:workers';
import type { LiveMessage } from '../contracts/live';

interface Subscription {
  subjectId: number;
  /** Unique ids of the stations this socket may and wants to watch, fixed when it connected. */
  stations: string[];
}

/**
 * Fans accepted ingest batches out to open pages. Sockets are accepted through the hibernation API,
 * so idle watchers keep no isolate alive; each socket's subscription lives in its attachment.
 */
export class LiveHub extends DurableObject<Cloudflare.Env> {
  async fetch(request: Request): Promise<Response> {
    const subscription = JSON.parse(request.headers.get('X-Hladina-Subscription') ?? 'null') as Subscription | null;
    if (!subscription || request.headers.get('Upgrade') !== 'websocket') {
      return new Response('expected a WebSocket upgrade from the Worker', { status: 400 });
    }
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment(subscription);
    server.send(JSON.stringify({ type: 'subscribed', stations: subscription.stations } satisfies LiveMessage));
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Sends a message to every socket watching `station`; returns how many received it. */
  async publish(station: string, message: LiveMessage): Promise<number> {
    const text = JSON.stringify(message);
    let delivered = 0;
    for (const socket of this.ctx.getWebSockets()) {
      const subscription = socket.deserializeAttachment() as Subscription | null;
      if (!subscription?.stations.includes(station)) continue;
      try {
        socket.send(text);
        delivered++;
      } catch {
        socket.close(1011, 'send failed');
      }
    }
    return delivered;
  }

  /** Number of open sockets, for the watcher benchmark. */
  async watchers(): Promise<number> {
    return this.ctx.getWebSockets().length;
  }

  async webSocketMessage(socket: WebSocket, message: string | ArrayBuffer) {
    // Pages send "ping" to learn that the line is alive; everything else is ignored.
    if (message === 'ping') socket.send(JSON.stringify({ type: 'pong' } satisfies LiveMessage));
  }

  async webSocketClose(socket: WebSocket, code: number) {
    socket.close(code === 1005 ? 1000 : code, 'closing');
  }
}
