import { eq } from 'drizzle-orm';
import { createExecutionContext } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { siteCalls } from '../../worker/contracts/site';
import { subjectCalls } from '../../worker/contracts/subjects';
import { passwordResets, sessions, subjects } from '../../worker/db/schema';
import { hashToken } from '../../worker/domain/auth/tokens';
import { db, get, origin, type CallOptions } from '../support/api';
import { mail, make, uniqueEmail } from '../support/make';
import { groupCalls } from '../../worker/contracts/groups';
import { callSpec } from '../support/client';

const login = (username: string, password: string, client?: string) => callSpec(siteCalls.login, { body: { username, password }, client });

const requestReset = (email: string, options: Pick<CallOptions, 'settle'> = {}) =>
  callSpec(siteCalls.resetPassword, { body: { email }, settle: true, ...options });

const setPassword = (password: string, token: string) => callSpec(siteCalls.setPassword, { body: { NewPwd: { password }, token } });

const currentUser = (token: string) => callSpec(subjectCalls.current, { token });

describe('POST /rest/site/login', () => {
  it('signs in, stores only the hash of the token, sets an HttpOnly cookie and re-hashes weak hashes', async () => {
    const subject = await make.subject();
    const res = await login(subject.username.toUpperCase(), subject.password);
    expect(res.status).toBe(200);
    expect(res.json.success).toBe(true);
    const { access_token, user, isAdmin, id } = res.data;
    expect(access_token).toMatch(/^[a-z2-7]{40}$/);
    expect({ id, isAdmin, username: user.username }).toEqual({ id: subject.id, isAdmin: false, username: subject.username });
    const [row] = await db()
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(access_token)));
    expect(row.subjectId).toBe(subject.id);
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    expect(await db().select().from(sessions).where(eq(sessions.id, access_token))).toHaveLength(0);
    const cookie = res.headers.get('Set-Cookie')!;
    expect(cookie).toContain(`hladina_session=${access_token}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const [stored] = await db().select().from(subjects).where(eq(subjects.id, subject.id));
    expect(stored.passwordHash).toMatch(/^scrypt\$N=32768,r=8,p=3\$/);
  });

  it('answers a wrong password and an unknown user alike', async () => {
    const subject = await make.subject();
    const wrong = await login(subject.username, 'not the password');
    const unknown = await login(uniqueEmail('nobody'), 'whatever');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual(unknown.json);
    expect(wrong.json).toEqual({ success: false, errors: { password: ['The e-mail or password is not correct.'] } });
  });

  it.each([
    ['pending', 'waiting for approval'],
    ['rejected', 'not approved'],
    ['disabled', 'disabled'],
  ] as const)('tells a %s subject why it cannot sign in, but only after the right password', async (status, why) => {
    const subject = await make.subject({ status });
    const right = await login(subject.username, subject.password);
    expect(right.status).toBe(403);
    expect(right.json.errors.username[0]).toContain(why);
    const wrong = await login(subject.username, 'bad password');
    expect(wrong.status).toBe(401);
    expect(JSON.stringify(wrong.json)).not.toContain(why);
    expect(await db().select().from(sessions).where(eq(sessions.subjectId, subject.id))).toHaveLength(0);
  });

  it('limits failed attempts per address with 429 and Retry-After, even with the right password afterwards', async () => {
    const subject = await make.subject();
    for (let i = 0; i < 10; i++) expect((await login(subject.username, `wrong ${i}`)).status).toBe(401);
    const limited = await login(subject.username, subject.password);
    expect(limited.status).toBe(429);
    expect(limited.json.success).toBe(false);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
  });

  it('limits failed attempts per client across addresses', async () => {
    // Sprayed over accounts that exist: an unknown address costs a check against a hash at the production cost
    // (0.4 s each here), one of these the tests' cheap cost; the limit counts the same failure either way.
    const accounts = await Promise.all(Array.from({ length: 32 }, () => make.subject()));
    const client = '203.0.113.77';
    for (const { username } of accounts.slice(0, 30)) expect((await login(username, 'guess', client)).status).toBe(401);
    expect((await login(accounts[30].username, 'guess', client)).status).toBe(429);
    expect((await login(accounts[31].username, 'guess', '203.0.113.78')).status).toBe(401);
  });
});

describe('POST /rest/site/logout', () => {
  it('ends the session: the token is dead afterwards and the row is gone', async () => {
    const subject = await make.subject();
    expect((await currentUser(subject.token)).status).toBe(200);
    const out = await callSpec(siteCalls.logout, { token: subject.token });
    expect(out.status).toBe(200);
    expect(out.headers.get('Set-Cookie')).toMatch(/hladina_session=;/);
    expect((await currentUser(subject.token)).status).toBe(401);
    expect(
      await db()
        .select()
        .from(sessions)
        .where(eq(sessions.id, hashToken(subject.token))),
    ).toHaveLength(0);
  });
});

describe('POST /rest/site/signup', () => {
  it('stores a pending subject and says it awaits approval', async () => {
    const email = uniqueEmail('applicant');
    const res = await callSpec(siteCalls.signup, {
      body: { email: email.toUpperCase(), password: 'secret1', firstName: 'Eva', secondName: 'Dvořáková' },
    });
    expect(res.status).toBe(200);
    expect(res.data.status).toBe('pending');
    const [row] = await db().select().from(subjects).where(eq(subjects.username, email));
    expect(row).toMatchObject({ firstName: 'Eva', secondName: 'Dvořáková', status: 'pending', isAdmin: false });
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect((await login(email, 'secret1')).status).toBe(403);
  });

  it('refuses an e-mail already registered, whatever its letter case, with 409', async () => {
    const subject = await make.subject();
    const res = await callSpec(siteCalls.signup, {
      body: {
        email: subject.username.toUpperCase(),
        password: 'secret1',
        firstName: 'Eva',
        secondName: 'Nová',
      },
    });
    expect(res.status).toBe(409);
    expect(res.json.errors.username).toBeDefined();
  });

  it('limits signups per client', async () => {
    const client = '203.0.113.90';
    for (let i = 0; i < 10; i++) {
      const res = await callSpec(siteCalls.signup, {
        body: { email: uniqueEmail(), password: 'secret1', firstName: 'A', secondName: 'B' },
        client,
      });
      expect(res.status).toBe(200);
    }
    const res = await callSpec(siteCalls.signup, {
      body: { email: uniqueEmail(), password: 'secret1', firstName: 'A', secondName: 'B' },
      client,
    });
    expect(res.status).toBe(429);
  });
});

describe('password reset', () => {
  it('answers known and unknown addresses alike and e-mails only the known one', async () => {
    const subject = await make.subject();
    const stranger = uniqueEmail('stranger');
    const known = await requestReset(subject.username);
    const unknown = await requestReset(stranger);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.json).toEqual(unknown.json);
    expect(await mail.resetToken(subject.username)).toBeTruthy();
    expect(await mail.to(stranger)).toHaveLength(0);
    const [reset] = await db().select().from(passwordResets).where(eq(passwordResets.subjectId, subject.id));
    expect(reset.id).toBe(hashToken((await mail.resetToken(subject.username))!));
    expect(reset.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(3600_000);
    expect((await mail.to(subject.username))[0].body).toContain(`${origin}/reset-password-request/`);
  });

  it('sets the new password once, ends every session, and refuses the used link', async () => {
    const subject = await make.subject();
    await requestReset(subject.username);
    const token = (await mail.resetToken(subject.username))!;
    const set = await setPassword('brand new secret', token);
    expect(set.status).toBe(200);
    expect((await currentUser(subject.token)).status).toBe(401);
    expect((await login(subject.username, subject.password)).status).toBe(401);
    expect((await login(subject.username, 'brand new secret')).status).toBe(200);
    const again = await setPassword('another secret', token);
    expect(again.status).toBe(400);
    expect(again.json.errors.token).toBeDefined();
  });

  it("setting a password with one link uses up the subject's other links and ends its sessions", async () => {
    const subject = await make.subject();
    const other = await make.subject();
    await requestReset(subject.username);
    const first = (await mail.resetToken(subject.username))!;
    await requestReset(subject.username);
    const second = (await mail.resetToken(subject.username))!;
    await requestReset(other.username);
    const othersLink = (await mail.resetToken(other.username))!;
    expect(second).not.toBe(first);

    expect((await setPassword('brand new secret', first)).status).toBe(200);
    const stale = await setPassword('stale link secret', second);
    expect(stale.status).toBe(400);
    expect(stale.json.errors.token).toBeDefined();
    const links = await db().select().from(passwordResets).where(eq(passwordResets.subjectId, subject.id));
    expect(links.map((link) => link.usedAt)).not.toContain(null);
    expect(await db().select().from(sessions).where(eq(sessions.subjectId, subject.id))).toHaveLength(0);
    expect((await login(subject.username, 'brand new secret')).status).toBe(200);
    // Another subject's links and sessions are left alone.
    expect((await currentUser(other.token)).status).toBe(200);
    expect((await setPassword('other secret', othersLink)).status).toBe(200);
  });

  it('sends the reset e-mail after the reply, for known and unknown addresses alike', async () => {
    for (const [email, mails] of [
      [(await make.subject()).username, 1],
      [uniqueEmail('stranger'), 0],
    ] as const) {
      const context = createExecutionContext();
      const deferred = vi.spyOn(context, 'waitUntil');
      const res = await requestReset(email, { settle: context });
      expect(res.status).toBe(200);
      expect(deferred).toHaveBeenCalledTimes(1);
      expect(await mail.to(email)).toHaveLength(mails);
    }
  });

  it('refuses an expired link and a token that was never issued', async () => {
    const subject = await make.subject();
    await requestReset(subject.username);
    const token = (await mail.resetToken(subject.username))!;
    await db()
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.id, hashToken(token)));
    expect((await setPassword('brand new', token)).status).toBe(400);
    expect((await setPassword('brand new', 'a'.repeat(40))).status).toBe(400);
    expect((await login(subject.username, subject.password)).status).toBe(200);
  });

  it("cannot use one subject's token to change another subject's password", async () => {
    const victim = await make.subject();
    const attacker = await make.subject();
    await requestReset(attacker.username);
    const token = (await mail.resetToken(attacker.username))!;
    expect((await setPassword('hijacked!', token)).status).toBe(200);
    expect((await login(victim.username, victim.password)).status).toBe(200);
    expect((await login(victim.username, 'hijacked!')).status).toBe(401);
  });

  it('limits reset requests per address', async () => {
    const subject = await make.subject();
    for (let i = 0; i < 3; i++) expect((await requestReset(subject.username)).status).toBe(200);
    expect((await requestReset(subject.username)).status).toBe(429);
    expect(await mail.to(subject.username)).toHaveLength(3);
  });
});

describe('sessions', () => {
  it('accepts the token as Bearer, as ?access_token= and as the cookie', async () => {
    const subject = await make.subject();
    expect((await currentUser(subject.token)).status).toBe(200);
    expect((await get(`/rest/subjects/user?access_token=${subject.token}`)).status).toBe(200);
    expect((await callSpec(subjectCalls.current, { headers: { Cookie: `hladina_session=${subject.token}` } })).status).toBe(200);
    expect((await currentUser('x'.repeat(40))).status).toBe(401);
  });

  it('slides the expiry forward once half of it has passed, and refuses an expired session', async () => {
    const subject = await make.subject();
    const id = hashToken(subject.token);
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 10 * 24 * 3600 * 1000) })
      .where(eq(sessions.id, id));
    expect((await currentUser(subject.token)).status).toBe(200);
    const [slid] = await db().select().from(sessions).where(eq(sessions.id, id));
    expect(slid.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(sessions.id, id));
    expect((await currentUser(subject.token)).status).toBe(401);
  });

  it('refuses cookie-authenticated writes from another origin or without Origin, and GET deletes by cookie', async () => {
    const admin = await make.admin();
    const target = await make.subject();
    const cookie = { Cookie: `hladina_session=${admin.token}` };
    const body = { name: 'Cross site' };
    expect((await callSpec(groupCalls.save, { body, headers: cookie })).status).toBe(403);
    expect((await callSpec(groupCalls.save, { body, headers: { ...cookie, Origin: 'https://evil.example' } })).status).toBe(403);
    expect((await callSpec(groupCalls.save, { body, headers: { ...cookie, Origin: origin } })).status).toBe(200);
    expect(
      (await callSpec(subjectCalls.delete, { query: { id: target.id }, headers: { ...cookie, Origin: origin }, method: 'get' })).status,
    ).toBe(403);
    expect((await callSpec(subjectCalls.delete, { query: { id: target.id }, token: admin.token, method: 'get' })).status).toBe(200);
  });

  it('stops a subject disabled meanwhile from using its session', async () => {
    const subject = await make.subject();
    await db().update(subjects).set({ status: 'disabled' }).where(eq(subjects.id, subject.id));
    expect((await currentUser(subject.token)).status).toBe(401);
  });
});
