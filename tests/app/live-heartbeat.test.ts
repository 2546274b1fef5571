import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { answerWithinMs, heartbeat, pingEveryMs } from '~/features/live/heartbeat';

/** Stands in for an open WebSocket: counts the pings sent. */
const openSocket = () => ({
  readyState: WebSocket.OPEN,
  sent: [] as string[],
  send(text: string) {
    this.sent.push(text);
  },
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('live heartbeat', () => {
  test('a line that answers nothing after a ping is dead within 30 s of going silent', () => {
    const socket = openSocket();
    const dead = vi.fn();
    heartbeat(socket as unknown as WebSocket, dead);
    vi.advanceTimersByTime(pingEveryMs);
    expect(socket.sent).toEqual(['ping']);
    vi.advanceTimersByTime(answerWithinMs - 1);
    expect(dead).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(dead).toHaveBeenCalledOnce();
    expect(pingEveryMs + answerWithinMs).toBeLessThanOrEqual(30_000);
  });

  test('any message after a ping keeps the line alive', () => {
    const socket = openSocket();
    const dead = vi.fn();
    const beat = heartbeat(socket as unknown as WebSocket, dead);
    for (let i = 0; i < 5; i++) {
      vi.advanceTimersByTime(pingEveryMs);
      beat.heard();
    }
    vi.advanceTimersByTime(answerWithinMs);
    expect(socket.sent).toHaveLength(5);
    expect(dead).not.toHaveBeenCalled();
  });

  test('pinging at once (the page came back into view) finds a dead line without waiting for the next ping', () => {
    const dead = vi.fn();
    heartbeat(openSocket() as unknown as WebSocket, dead).ping();
    vi.advanceTimersByTime(answerWithinMs);
    expect(dead).toHaveBeenCalledOnce();
  });

  test('stopped, it neither pings nor declares the line dead', () => {
    const socket = openSocket();
    const dead = vi.fn();
    const beat = heartbeat(socket as unknown as WebSocket, dead);
    beat.ping();
    beat.stop();
    vi.advanceTimersByTime(10 * pingEveryMs);
    expect(socket.sent).toEqual(['ping']);
    expect(dead).not.toHaveBeenCalled();
  });
});
