import { useEffect, useRef, useState } from 'react';
import { linkGoneCode } from '../../../worker/contracts/close-codes';
import type { LiveMessage } from '../../../worker/contracts/live';
import { heartbeat, subscribeWithinMs } from './heartbeat';
import { livePaths } from '../../../worker/contracts/live-paths';

export type LiveState = 'connecting' | 'live' | 'offline';
export type ReadingsMessage = Extract<LiveMessage, { type: 'readings' }>;
export type AlarmMessage = Extract<LiveMessage, { type: 'alarm' }>;

const firstRetryMs = 1000;
const maxRetryMs = 30_000;

/** Waits 1 s, 2 s, 4 s … up to 30 s between attempts, with jitter so a restarted hub is not stormed. */
export const retryDelay = (attempt: number) => Math.min(maxRetryMs, firstRetryMs * 2 ** attempt) * (0.75 + Math.random() * 0.5);

interface Handlers {
  onReadings?: (message: ReadingsMessage) => void;
  /** An alarm of a watched station fired, was acknowledged or cleared. */
  onAlarm?: (message: AlarmMessage) => void;
  /** Called after a reconnect, so the page can fetch what it missed while the line was down. */
  onResync: () => void;
  /** The channel closed for good (a share link revoked or expired): no reconnecting. */
  onGone?: () => void;
}

/** The stations a page watches: a list (a chart's one station), or every station its subject may see (the dashboard). */
export type Watched = string[] | 'all';

/**
 * Watches stations over the live WebSocket (authenticated by the session cookie); see `useLiveChannel`.
 */
export function useLiveStations(stations: Watched, handlers: Handlers): LiveState {
  const key = stations === 'all' ? 'all' : [...stations].sort().join(',');
  // A dashboard of hundreds of stations would not fit in a URL; without a list the server sends all the subject's.
  return useLiveChannel(key && `/rest${livePaths.subject}${key === 'all' ? '' : `?stations=${encodeURIComponent(key)}`}`, handlers);
}

/**
 * Listens on a live channel of this origin (`path`; none: nothing to watch) and keeps reconnecting with back-off;
 * returns the connection state for the "live" indicator. "Live" means the subscription is confirmed and the line
 * answers its heartbeat; from the moment either fails (or the browser goes offline) until a new subscription is
 * confirmed, the state is "offline".
 */
export function useLiveChannel(path: string, handlers: Handlers): LiveState {
  const [state, setState] = useState<LiveState>('connecting');
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    if (!path) return;
    let socket: WebSocket | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let beat: ReturnType<typeof heartbeat> | undefined;
    let attempt = 0;
    let connectedBefore = false;
    let stopped = false;

    const connect = () => {
      const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
      const current = new WebSocket(`${scheme}//${location.host}${path}`);
      socket = current;
      const unconfirmed = setTimeout(() => lose(current), subscribeWithinMs);
      current.onmessage = (event) => {
        beat?.heard();
        // The sender is this app's own Worker, built from the same contract: checking each message with zod would
        // put zod on every dashboard's first load. A message of a type this page does not know is passed over.
        const message = JSON.parse(String(event.data)) as LiveMessage;
        if (message.type === 'subscribed') {
          clearTimeout(unconfirmed);
          beat = heartbeat(current, () => lose(current));
          attempt = 0;
          setState('live');
          if (connectedBefore) latest.current.onResync();
          connectedBefore = true;
        } else if (message.type === 'readings') {
          latest.current.onReadings?.(message);
        } else if (message.type === 'alarm') {
          latest.current.onAlarm?.(message);
        } else if (message.type === 'gone') {
          clearTimeout(unconfirmed);
          end(current);
        }
      };
      current.onclose = (event) => {
        clearTimeout(unconfirmed);
        if (event.code !== linkGoneCode) return lose(current);
        end(current);
      };
    };

    /** The channel is over for good (its share link is gone): no reconnecting. */
    const end = (ended: WebSocket) => {
      if (stopped) return;
      stopped = true;
      beat?.stop();
      ended.onmessage = ended.onclose = null;
      ended.close();
      setState('offline');
      latest.current.onGone?.();
    };

    /** Gives up a socket (closed, silent, or the browser went offline) and tries again unless the browser is offline. */
    const lose = (lost: WebSocket) => {
      if (stopped || lost !== socket) return;
      socket = undefined;
      beat?.stop();
      beat = undefined;
      lost.onmessage = lost.onclose = null;
      lost.close();
      setState('offline');
      if (navigator.onLine) retryTimer = setTimeout(connect, retryDelay(attempt++));
    };

    const offline = () => {
      clearTimeout(retryTimer);
      if (socket) lose(socket);
      setState('offline');
    };
    const online = () => {
      clearTimeout(retryTimer);
      attempt = 0;
      if (!socket) connect();
    };
    const visible = () => document.visibilityState === 'visible' && beat?.ping();
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    document.addEventListener('visibilitychange', visible);
    setState('connecting');
    connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      beat?.stop();
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
      document.removeEventListener('visibilitychange', visible);
      socket?.close();
    };
  }, [path]);

  return path ? state : 'offline';
}
