/** How often an open line is asked whether it is alive. */
export const pingEveryMs = 15_000;
/** How long after a ping the line may stay silent before it counts as dead. */
export const answerWithinMs = 10_000;
/**
 * How long a new socket may take to confirm its subscription. Generous: the first page of a subject with hundreds
 * of stations waits while its watcher registers with each of them, and giving up early would only start that again.
 */
export const subscribeWithinMs = 60_000;

/**
 * Notices a line that died without closing (a phone leaving Wi-Fi, a laptop waking up, a dropped NAT entry),
 * which the browser itself may not report for minutes: pings every `pingEveryMs` and calls `dead` when nothing
 * at all came back within `answerWithinMs` of a ping, so a dead line is noticed within 25 s. The wait starts at
 * the ping, not at a clock tick, so background tabs whose timers the browser slows down are not declared dead.
 */
export function heartbeat(socket: WebSocket, dead: () => void) {
  let waiting: ReturnType<typeof setTimeout> | undefined;
  const ping = () => {
    if (socket.readyState !== WebSocket.OPEN) return;
    socket.send('ping');
    waiting ??= setTimeout(dead, answerWithinMs);
  };
  const every = setInterval(ping, pingEveryMs);
  return {
    /** Any message proves the line alive. */
    heard() {
      clearTimeout(waiting);
      waiting = undefined;
    },
    /** Asks at once, e.g. when the page comes back into view after a sleep. */
    ping,
    stop() {
      clearInterval(every);
      clearTimeout(waiting);
    },
  };
}
