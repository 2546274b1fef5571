import { describe, expect, it } from 'vitest';
import { siteCalls } from '../../worker/contracts/site';
import { callSpec } from '../support/client';
import { mail, make, uniqueEmail } from '../support/make';

const login = (username: string, password: string, client?: string | null) =>
  callSpec(siteCalls.login, { body: { username, password }, client });

const statuses = (replies: { status: number }[]) =>
  replies.reduce<Record<number, number>>((count, { status }) => ({ ...count, [status]: (count[status] ?? 0) + 1 }), {});

const burst = <T>(n: number, attempt: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => attempt(i)));

/** A /64 of the documentation range of its own per run, so runs never share a per-client count. */
const ipv6Network = () => `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;

describe('limits under parallel bursts', () => {
  it('30 simultaneous wrong passwords for one address check at most 10 of them', { timeout: 30_000 }, async () => {
    const subject = await make.subject();
    const replies = await burst(30, () => login(subject.username, 'wrong guess'));
    // A 401 is a password that was checked and found wrong; a 429 was refused before any check.
    expect(statuses(replies)).toEqual({ 401: 10, 429: 20 });
    expect((await login(subject.username, subject.password)).status).toBe(429);
  });

  it('30 simultaneous signups from one client register at most 10', { timeout: 60_000 }, async () => {
    const client = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    const replies = await burst(30, () =>
      callSpec(siteCalls.signup, { body: { email: uniqueEmail('burst'), password: 'secret1', firstName: 'A', secondName: 'B' }, client }),
    );
    expect(statuses(replies)).toEqual({ 200: 10, 429: 20 });
  });

  it('30 simultaneous reset requests for one address send at most 3 links', { timeout: 30_000 }, async () => {
    const subject = await make.subject();
    const replies = await burst(30, () => callSpec(siteCalls.resetPassword, { body: { email: subject.username }, settle: true }));
    expect(statuses(replies)).toEqual({ 200: 3, 429: 27 });
    expect(await mail.to(subject.username)).toHaveLength(3);
  });
});

describe('per-client keys', () => {
  it('counts every IPv6 address of one /64 as one client, however it is written', { timeout: 30_000 }, async () => {
    const network = ipv6Network();
    const spellings = (i: number) =>
      [`${network}::${i.toString(16)}`, `${network}:0:0:0:${i.toString(16)}`, `${network.toUpperCase()}:ffff:ffff:ffff:${i.toString(16)}`][
        i % 3
      ];
    const subjects = await Promise.all([make.subject(), make.subject(), make.subject(), make.subject()]);
    for (let i = 0; i < 30; i++) expect((await login(subjects[i % 3].username, 'wrong', spellings(i))).status).toBe(401);
    // A fourth address, its own per-address count untouched: refused for the network's 30 failures.
    expect((await login(subjects[3].username, 'wrong', `${network}:1234::9`)).status).toBe(429);
    expect((await login(subjects[3].username, 'wrong', `${ipv6Network()}::1`)).status).toBe(401);
  });

  it('refuses a rate-limited call without a client address instead of pooling it with every other', async () => {
    const subject = await make.subject();
    for (const res of [
      await login(subject.username, subject.password, null),
      await callSpec(siteCalls.signup, {
        body: { email: uniqueEmail(), password: 'secret1', firstName: 'A', secondName: 'B' },
        client: null,
      }),
      await callSpec(siteCalls.resetPassword, { body: { email: subject.username }, client: null }),
    ]) {
      expect(res.status).toBe(400);
      expect(res.json.errors._[0]).toMatch(/no client address/);
    }
    expect((await login(subject.username, subject.password)).status).toBe(200);
  });

  it('gives Retry-After as whole seconds and says the same wait in words', async () => {
    const subject = await make.subject();
    for (let i = 0; i < 10; i++) await login(subject.username, `wrong ${i}`);
    const limited = await login(subject.username, subject.password);
    expect(limited.status).toBe(429);
    const retryAfter = limited.headers.get('Retry-After')!;
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThan(14 * 60);
    expect(Number(retryAfter)).toBeLessThanOrEqual(15 * 60);
    expect(limited.json.errors._).toEqual(['Too many attempts. Try again in 15 minutes.']);
  });
});
