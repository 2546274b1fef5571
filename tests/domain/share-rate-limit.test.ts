/**
 * A share link's limits, counted by the link's object (worker/share/rate-limit.ts). The per-link limit's arithmetic
 * lives here: proving it through the Worker took 6,050 requests (15 s). That the object counts a parallel burst
 * exactly, over the real stack, is tests/api/share-public.test.ts's per-client burst.
 */
import { describe, expect, it } from 'vitest';
import { RateLimiter, shareRateLimits } from '../../worker/share/rate-limit';

const { perClient, perLink, windowMs } = shareRateLimits;
const windowStart = 1_800_000 * windowMs;

describe("a share link's rate limits", () => {
  it('takes the per-link number of requests in a window from many clients together, and refuses the rest until the window ends', () => {
    const limiter = new RateLimiter();
    const clients = Math.ceil(perLink / perClient) + 1;
    const waits = Array.from({ length: perLink + 50 }, (_, i) => limiter.take(`198.18.${i % clients}.1`, windowStart + 15_000));
    expect(waits.filter((w) => w === 0)).toHaveLength(perLink);
    expect(waits.slice(perLink)).toEqual(Array(50).fill(45));
  });

  it('refuses one client past its own limit while others are still taken', () => {
    const limiter = new RateLimiter();
    for (let i = 0; i < perClient; i++) expect(limiter.take('192.0.2.1', windowStart)).toBe(0);
    expect(limiter.take('192.0.2.1', windowStart + 59_500)).toBe(1);
    expect(limiter.take('192.0.2.2', windowStart + 59_500)).toBe(0);
  });

  it('counts anew in the next window', () => {
    const limiter = new RateLimiter();
    for (let i = 0; i <= perClient; i++) limiter.take('192.0.2.1', windowStart);
    expect(limiter.take('192.0.2.1', windowStart + windowMs - 1)).toBe(1);
    expect(limiter.take('192.0.2.1', windowStart + windowMs)).toBe(0);
  });
});
