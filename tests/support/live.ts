import { exports } from 'cloudflare:workers';
import { origin } from './api';
import type { TestSubject } from './make';

export interface Watcher {
  messages: any[];
  socket: WebSocket;
  next: (type: string, timeoutMs?: number) => Promise<any>;
}

/** Opens the live channel as a page would (every station it may see when none are named) and collects what it receives. */
export async function watch(subject: TestSubject, stations?: string[]): Promise<Watcher> {
  const listed = stations ? `stations=${encodeURIComponent(stations.join(','))}&` : '';
  const res = await exports.default.fetch(
    new Request(`${origin}/rest/live?${listed}access_token=${subject.token}`, {
      headers: { Upgrade: 'websocket' },
    }),
  );
  if (res.status !== 101 || !res.webSocket) throw new Error(`no socket: ${res.status} ${await res.text()}`);
  const socket = res.webSocket;
  socket.accept();
  const messages: any[] = [];
  const waiters: { type: string; resolve: (m: any) => void }[] = [];
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(event.data as string);
    messages.push(message);
    const index = waiters.findIndex((w) => w.type === message.type);
    if (index >= 0) waiters.splice(index, 1)[0].resolve(message);
  });
  const next = (type: string, timeoutMs = 2000) =>
    new Promise<any>((resolve, reject) => {
      const seen = messages.find((m) => m.type === type && !m.__taken);
      if (seen) return resolve(Object.assign(seen, { __taken: true }));
      const timer = setTimeout(() => reject(new Error(`no ${type} within ${timeoutMs} ms`)), timeoutMs);
      waiters.push({ type, resolve: (m) => (clearTimeout(timer), resolve(Object.assign(m, { __taken: true }))) });
    });
  return { messages, socket, next };
}
