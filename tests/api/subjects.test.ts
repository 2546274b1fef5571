import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SessionUser, siteCalls } from '../../worker/contracts/site';
import { subjectCalls } from '../../worker/contracts/subjects';
import { items, passwordResets, sessions, subjectGroups, subjectItems, subjects } from '../../worker/db/schema';
import { db, post } from '../support/api';
import { mail, make, uniqueEmail, type TestSubject } from '../support/make';
import { callSpec } from '../support/client';

const newSubject = (overrides: Record<string, unknown> = {}) => ({
  username: uniqueEmail('new'),
  firstName: 'Petr',
  secondName: 'Svoboda',
  subject: 'Povodí Moravy',
  phone: '+420 600 000 000',
  password: 'secret12',
  isAdmin: false,
  ...overrides,
});

const rowOf = async (id: number) => (await db().select().from(subjects).where(eq(subjects.id, id)))[0];

describe('subjects', () => {
  it('GET /rest/subjects/user counts the stations on the dashboard: linked directly and through groups, or all for an administrator', async () => {
    const user = await make.subject();
    const group = await make.group({ members: [user] });
    await make.station({ viewers: [user], groups: [group] });
    await make.station({ groups: [group] });
    const res = await callSpec(subjectCalls.current, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ id: user.id, username: user.username, isAdmin: false, nItems: 2 });
    const admin = await make.admin();
    const all = (await db().select().from(items)).length;
    expect((await callSpec(subjectCalls.current, { token: admin.token })).data.nItems).toBe(all);
  });

  it('GET /rest/subjects lists subjects newest first and filters pending ones', async () => {
    const admin = await make.admin();
    const pending = await make.subject({ status: 'pending' });
    const list = (status?: 'pending') => callSpec(subjectCalls.list, { query: { status }, token: admin.token });
    const all = await list();
    expect(all.status).toBe(200);
    expect(all.data[0].id).toBe(pending.id);
    expect(all.data.map((s) => s.id)).toContain(admin.id);
    const onlyPending = await list('pending');
    expect(onlyPending.data.map((s) => s.id)).toEqual([pending.id]);
    expect(JSON.stringify(all.json)).not.toContain('scrypt');
  });

  it('POST /rest/subjects/edit creates an active subject and GET edit returns it blank-passworded with its links', async () => {
    const admin = await make.admin();
    const input = newSubject();
    const created = await callSpec(subjectCalls.save, { body: input, token: admin.token });
    expect(created.status).toBe(200);
    const id = created.data.id;
    expect(await rowOf(id)).toMatchObject({ username: input.username, status: 'active', approvedBy: admin.id, isAdmin: false });
    const item = await make.station({ name: 'Linked well' });
    const group = await make.group();
    expect((await callSpec(subjectCalls.setItems, { query: { id }, body: [item.id], token: admin.token })).status).toBe(200);
    expect((await callSpec(subjectCalls.setGroups, { query: { id }, body: [group.id], token: admin.token })).status).toBe(200);
    const edit = await callSpec(subjectCalls.detail, { query: { id }, token: admin.token });
    expect(edit.status).toBe(200);
    expect(edit.data.subject).toMatchObject({ id, username: input.username, firstName: 'Petr' });
    expect(edit.json.data.subject.password).toBeUndefined();
    expect(edit.data.items).toEqual([item.id]);
    expect(edit.data.groups).toEqual([group.id]);
    expect(edit.data.allItems).toContainEqual({ id: item.id, name: 'Linked well' });
    expect(edit.data.allGroups).toContainEqual({ id: group.id, name: group.name });
    const blank = await callSpec(subjectCalls.detail, { query: {}, token: admin.token });
    expect(blank.data.subject).toBeNull();
    const signIn = await callSpec(siteCalls.login, { body: { username: input.username, password: input.password } });
    expect(signIn.status).toBe(200);
  });

  it('POST /rest/subjects/edit updates a subject, keeps the password when blank, and ends its sessions and reset links when changed', async () => {
    const admin = await make.admin();
    const target = await make.subject();
    const before = await rowOf(target.id);
    const keep = await callSpec(subjectCalls.save, {
      body: newSubject({ id: target.id, username: target.username, firstName: 'Renamed', password: '' }),
      token: admin.token,
    });
    expect(keep.status).toBe(200);
    expect(await rowOf(target.id)).toMatchObject({ firstName: 'Renamed', passwordHash: before.passwordHash });
    expect((await callSpec(subjectCalls.current, { token: target.token })).status).toBe(200);
    await callSpec(siteCalls.resetPassword, { body: { email: target.username }, settle: true });
    await callSpec(subjectCalls.save, {
      body: newSubject({ id: target.id, username: target.username, password: 'changed!' }),
      token: admin.token,
    });
    expect((await rowOf(target.id)).passwordHash).not.toBe(before.passwordHash);
    expect((await callSpec(subjectCalls.current, { token: target.token })).status).toBe(401);
    const [link] = await db().select().from(passwordResets).where(eq(passwordResets.subjectId, target.id));
    expect(link.usedAt).not.toBeNull();
  });

  it('refuses a duplicate username on create and update with 409, case-insensitively', async () => {
    const admin = await make.admin();
    const other = await make.subject();
    const create = await callSpec(subjectCalls.save, { body: newSubject({ username: other.username.toUpperCase() }), token: admin.token });
    expect(create.status).toBe(409);
    expect(create.json.errors.username).toBeDefined();
    const target = await make.subject();
    const update = await callSpec(subjectCalls.save, { body: newSubject({ id: target.id, username: other.username }), token: admin.token });
    expect(update.status).toBe(409);
  });

  it('needs a password for a new subject', async () => {
    const admin = await make.admin();
    const res = await callSpec(subjectCalls.save, { body: newSubject({ password: '' }), token: admin.token });
    expect(res.status).toBe(422);
    expect(res.json.errors.password).toEqual(['This field is required.']);
  });

  it('deletes a subject with GET or POST, together with its sessions and links', async () => {
    const admin = await make.admin();
    const a = await make.subject();
    const b = await make.subject();
    await make.station({ viewers: [a] });
    expect((await callSpec(subjectCalls.delete, { query: { id: a.id }, token: admin.token, method: 'get' })).status).toBe(200);
    expect((await callSpec(subjectCalls.delete, { query: { id: b.id }, token: admin.token })).status).toBe(200);
    expect(await rowOf(a.id)).toBeUndefined();
    expect(await rowOf(b.id)).toBeUndefined();
    expect(await db().select().from(sessions).where(eq(sessions.subjectId, a.id))).toHaveLength(0);
    expect(await db().select().from(subjectItems).where(eq(subjectItems.subjectId, a.id))).toHaveLength(0);
    expect((await callSpec(subjectCalls.delete, { query: { id: a.id }, token: admin.token, method: 'get' })).status).toBe(404);
  });

  it('never deletes or demotes the last active administrator', async () => {
    const admin = await make.admin();
    await db()
      .update(subjects)
      .set({ isAdmin: false })
      .where(and(eq(subjects.isAdmin, true)));
    await db().update(subjects).set({ isAdmin: true }).where(eq(subjects.id, admin.id));
    const demote = await callSpec(subjectCalls.save, {
      body: newSubject({ id: admin.id, username: admin.username, isAdmin: false }),
      token: admin.token,
    });
    expect(demote.status).toBe(409);
    expect(demote.json.errors.isAdmin).toBeDefined();
    const del = await callSpec(subjectCalls.delete, { query: { id: admin.id }, token: admin.token });
    expect(del.status).toBe(409);
    expect((await rowOf(admin.id)).isAdmin).toBe(true);
    const second = await make.admin();
    expect((await callSpec(subjectCalls.delete, { query: { id: admin.id }, token: second.token })).status).toBe(200);
  });

  it('replaces item and group links and refuses unknown ids without changing anything', async () => {
    const admin = await make.admin();
    const user = await make.subject();
    const [i1, i2] = [await make.station(), await make.station()];
    await callSpec(subjectCalls.setItems, { query: { id: user.id }, body: [i1.id, i2.id, i1.id], token: admin.token });
    await callSpec(subjectCalls.setItems, { query: { id: user.id }, body: [i2.id], token: admin.token });
    const links = await db().select().from(subjectItems).where(eq(subjectItems.subjectId, user.id));
    expect(links.map((l) => l.itemId)).toEqual([i2.id]);
    const bad = await callSpec(subjectCalls.setItems, { query: { id: user.id }, body: [i1.id, 999999], token: admin.token });
    expect(bad.status).toBe(422);
    expect(bad.json.errors.ItemsSubject[0]).toContain('999999');
    expect((await db().select().from(subjectItems).where(eq(subjectItems.subjectId, user.id))).map((l) => l.itemId)).toEqual([i2.id]);
    const g = await make.group();
    // The body unwrapped, as older clients send it.
    await post(`/rest/subjects/groups?id=${user.id}`, [g.id], { token: admin.token });
    expect(await db().select().from(subjectGroups).where(eq(subjectGroups.subjectId, user.id))).toEqual([
      { subjectId: user.id, groupId: g.id, quality: false },
    ]);
    await callSpec(subjectCalls.setGroups, { query: { id: user.id }, body: [], token: admin.token });
    expect(await db().select().from(subjectGroups).where(eq(subjectGroups.subjectId, user.id))).toHaveLength(0);
  });
});

describe('POST /rest/subjects/profile', () => {
  const profile = (user: TestSubject, changes: Record<string, unknown> = {}) => ({
    username: user.username,
    firstName: 'Tester',
    secondName: 'Testová',
    subject: 'Tests',
    ...changes,
  });

  it('updates the own profile and returns the new session user, but never raises isAdmin', async () => {
    const user = await make.subject();
    const username = uniqueEmail('renamed');
    // Fields the profile does not take, so the raw helper.
    const res = await post(
      '/rest/subjects/profile',
      {
        Users: {
          username,
          firstName: 'Nové',
          secondName: 'Jméno',
          subject: 'Obec Lhota',
          phone: '',
          isAdmin: true,
          status: 'active',
          currentPassword: user.password,
        },
      },
      { token: user.token, reply: SessionUser },
    );
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ id: user.id, username, firstName: 'Nové', isAdmin: false, phone: null });
    expect(await rowOf(user.id)).toMatchObject({ username, isAdmin: false, subject: 'Obec Lhota' });
  });

  it('changing the own e-mail or password needs the current password: missing or wrong is a 422 under currentPassword', async () => {
    const user = await make.subject();
    const before = await rowOf(user.id);
    for (const change of [{ username: uniqueEmail('moved') }, { password: 'new secret' }]) {
      const missing = await callSpec(subjectCalls.profile, { body: profile(user, change), token: user.token });
      expect(missing.status).toBe(422);
      expect(missing.json.errors).toEqual({ currentPassword: ['Enter your current password to change your e-mail or password.'] });
      const wrong = await callSpec(subjectCalls.profile, {
        body: profile(user, { ...change, currentPassword: 'not it' }),
        token: user.token,
      });
      expect(wrong.status).toBe(422);
      expect(wrong.json.errors).toEqual({ currentPassword: ['The current password is not correct.'] });
    }
    expect(await rowOf(user.id)).toEqual(before);
    const right = await callSpec(subjectCalls.profile, {
      body: profile(user, { password: 'new secret', currentPassword: user.password }),
      token: user.token,
    });
    expect(right.status).toBe(200);
    expect((await callSpec(siteCalls.login, { body: { username: user.username, password: 'new secret' } })).status).toBe(200);
  });

  it('changing only names, phone or the letter case of the e-mail needs no current password', async () => {
    const user = await make.subject();
    const res = await callSpec(subjectCalls.profile, {
      body: profile(user, { username: user.username.toUpperCase(), firstName: 'Jiné', phone: '+420 777 000 000' }),
      token: user.token,
    });
    expect(res.status).toBe(200);
    expect(await rowOf(user.id)).toMatchObject({ firstName: 'Jiné', phone: '+420 777 000 000' });
  });

  it('counts wrong current passwords against the sign-in limit of the address', async () => {
    const user = await make.subject();
    for (let i = 0; i < 10; i++) {
      const res = await callSpec(subjectCalls.profile, {
        body: profile(user, { password: 'new secret', currentPassword: `guess ${i}` }),
        token: user.token,
      });
      expect(res.status).toBe(422);
    }
    const limited = await callSpec(subjectCalls.profile, {
      body: profile(user, { password: 'new secret', currentPassword: user.password }),
      token: user.token,
    });
    expect(limited.status).toBe(429);
  });

  it('changing the own password keeps this session, ends the others and uses up outstanding reset links', async () => {
    const user = await make.subject();
    const other = await callSpec(siteCalls.login, { body: { username: user.username, password: user.password } });
    await callSpec(siteCalls.resetPassword, { body: { email: user.username }, settle: true });
    const res = await callSpec(subjectCalls.profile, {
      body: profile(user, { password: 'new secret', currentPassword: user.password }),
      token: user.token,
    });
    expect(res.status).toBe(200);
    expect((await callSpec(subjectCalls.current, { token: user.token })).status).toBe(200);
    expect((await callSpec(subjectCalls.current, { token: other.data.access_token })).status).toBe(401);
    const links = await db().select().from(passwordResets).where(eq(passwordResets.subjectId, user.id));
    expect(links).toHaveLength(1);
    expect(links[0].usedAt).not.toBeNull();
  });

  it("refuses another subject's e-mail with 409", async () => {
    const user = await make.subject();
    const other = await make.subject();
    const res = await callSpec(subjectCalls.profile, {
      body: profile(user, { username: other.username, currentPassword: user.password }),
      token: user.token,
    });
    expect(res.status).toBe(409);
  });
});

describe('registration approval', () => {
  it('approves a pending registration, e-mails the applicant, who can then sign in', async () => {
    const admin = await make.admin();
    const applicant = await make.subject({ status: 'pending' });
    const res = await callSpec(subjectCalls.approve, { query: { id: applicant.id }, token: admin.token });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ id: applicant.id, status: 'active' });
    expect(await rowOf(applicant.id)).toMatchObject({ status: 'active', approvedBy: admin.id });
    const [approval] = await mail.to(applicant.username);
    expect(approval.subject).toContain('approved');
    expect((await callSpec(siteCalls.login, { body: { username: applicant.username, password: applicant.password } })).status).toBe(200);
    expect((await callSpec(subjectCalls.approve, { query: { id: applicant.id }, token: admin.token })).status).toBe(409);
  });

  it('rejects a pending registration and e-mails the applicant, who still cannot sign in', async () => {
    const admin = await make.admin();
    const applicant = await make.subject({ status: 'pending' });
    expect((await callSpec(subjectCalls.reject, { query: { id: applicant.id }, token: admin.token })).status).toBe(200);
    expect((await rowOf(applicant.id)).status).toBe('rejected');
    const [rejection] = await mail.to(applicant.username);
    expect(rejection.subject).toContain('not approved');
    const login = await callSpec(siteCalls.login, { body: { username: applicant.username, password: applicant.password } });
    expect(login.status).toBe(403);
  });
});
