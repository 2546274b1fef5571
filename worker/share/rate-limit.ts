/** How many requests one link takes per minute: from any one client, and from all of them together. */
export const shareRateLimits = { perClient: 120, perLink: 6000, windowMs: 60_000 } as const;

/**
 * Fixed one-minute windows counted in the link's object. Counting happens before anything is awaited and an
 * object runs one event at a time, so a burst of parallel requests is counted exactly. Counts live in memory:
 * an object that was idle long enough to be evicted had nothing to count.
 */
export class RateLimiter {
  private window = 0;
  private total = 0;
  private readonly clients = new Map<string, number>();

  /** Counts a request of `client`; returns how many seconds to wait when over a limit, else 0. */
  take(client: string, now = Date.now()): number {
    const window = Math.floor(now / shareRateLimits.windowMs);
    if (window !== this.window) {
      this.window = window;
      this.total = 0;
      this.clients.clear();
    }
    const hits = (this.clients.get(client) ?? 0) + 1;
    this.clients.set(client, hits);
    this.total += 1;
    if (hits <= shareRateLimits.perClient && this.total <= shareRateLimits.perLink) return 0;
    return Math.ceil(((window + 1) * shareRateLimits.windowMs - now) / 1000);
  }
}
