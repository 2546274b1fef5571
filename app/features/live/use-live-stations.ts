import { useEffect, useRef, useState } from 'react';
import { LiveMessage } from '../../../worker/contracts/live';

export type LiveState = 'connecting' | 'live' | 'offline';
export type ReadingsMessage = Extract<LiveMessage, { type: 'readings' }>;
export type AlarmMessage = Extract<LiveMessage, { type: 'alarm' }>;

const firstRetryMs = 1000;
const maxRetryMs = 30_000;
const pingEveryMs = 25_000;

/** Waits 1 s, 2 s, 4 s … up to 30 s between attempts, with jitter so a restarted hub is not stormed. */
export const retryDelay = (attempt: number) =>
  Math.min(maxRetryMs, firstRetryMs * 2 ** attempt) * (0.75 + Math.random() * 0.5);

interface Handlers {
  onReadings?: (message: ReadingsMessage) => void;
  /** An alarm of a watched station fired, was acknowledged or cleared. */
  onAlarm?: (message: AlarmMessage) => void;
  /** Called after a reconnect, so the page can fetch what it missed while the line was down. */
  onResync: () => void;
}

/**
 * Watches stations over the live WebSocket (authenticated by the session cookie) and keeps reconnecting
 * with back-off; returns the connection state for the "live" indicator.
 */
export function useLiveStations(stations: string[], handlers: Handlers): LiveState {
  const [state, setState] = useState<LiveState>('connecting');
  const latest = useRef(handlers);
  latest.current = handlers;
  const key = [...stations].sort().join(',');

  useEffect(() => {
    if (!key) return;
    let socket: WebSocket | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let pingTimer: ReturnType<typeof setInterval> | undefined;
    let attempt = 0;
    let connectedBefore = false;
    let stopped = false;

    const connect = () => {
      setState('connecting');
      const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
      socket = new WebSocket(`${scheme}//${location.host}/rest/live?stations=${encodeURIComponent(key)}`);
      socket.onmessage = (event) => {
        const parsed = LiveMessage.safeParse(JSON.parse(String(event.data)));
        if (!parsed.success) return;
        if (parsed.data.type === 'subscribed') {
          attempt = 0;
          setState('live');
          if (connectedBefore) latest.current.onResync();
          connectedBefore = true;
        } else if (parsed.data.type === 'readings') {
          latest.current.onReadings?.(parsed.data);
        } else if (parsed.data.type === 'alarm') {
          latest.current.onAlarm?.(parsed.data);
        }
      };
      socket.onclose = () => {
        clearInterval(pingTimer);
        if (stopped) return;
        setState('offline');
        retryTimer = setTimeout(connect, retryDelay(attempt++));
      };
      pingTimer = setInterval(() => socket?.readyState === WebSocket.OPEN && socket.send('ping'), pingEveryMs);
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      clearInterval(pingTimer);
      socket?.close();
    };
  }, [key]);

  return key ? state : 'offline';
}
