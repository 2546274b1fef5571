import { exports } from 'cloudflare:workers';
import { origin } from './api';
import type { TestSubject } from './make';

export interface Watcher {
  messages: any[];
  socket: WebSocket;
  next: (type: string, timeoutMs?: number) => Promise<any>;
  /** The close code, once the server closes the socket. */
  closed: Promise<number>;
}

/** Opens the live channel as a page would (every station it may see when none are named) and collects what it receives. */
export async function watch(subject: TestSubject, stations?: string[]): Promise<Watcher> {
  const listed = stations ? `stations=${encodeURIComponent(stations.join(','))}&` : '';
  return openSocket(`/rest/live?${listed}access_token=${subject.token}`);
}

/** Opens a WebSocket on a path of the Worker (from a client address of its own) and collects what it receives. */
export async function openSocket(path: string, client = `203.0.113.${Math.floor(Math.random() * 250) + 1}`): Promise<Watcher> {
  const res = await exports.default.fetch(
    new Request(`${origin}${path}`, { headers: { Upgrade: 'websocket', 'CF-Connecting-IP': client } }),
  );
  if (res.status !== 101 || !res.webSocket) throw new Error(`no socket: ${res.status} ${await res.text()}`);
  const socket = res.webSocket;
  const closed = new Promise<number>((resolve) => socket.addEventListener('close', (event) => resolve(event.code)));
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
  return { messages, socket, next, closed };
}
