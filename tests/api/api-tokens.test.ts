/**
 * Integration tokens: a user makes named, read-only tokens on the profile (shown once, stored hashed, revocable),
 * which QGIS, Grafana and scripts send as Bearer or as the password of HTTP Basic. A token reads what its owner may
 * see, on `/rest` and the SensorThings API, and can never write, change a password or manage users.
 */
import { describe, expect, it } from 'vitest';
import { apiTokenCalls } from '../../worker/contracts/api-tokens';
import { methodsOf } from '../../worker/contracts/call';
import { calls } from '../../worker/contracts/calls';
import { hashToken } from '../../worker/domain/auth/tokens';
import { groupCalls } from '../../worker/contracts/groups';
import { itemCalls } from '../../worker/contracts/items';
import { siteCalls } from '../../worker/contracts/site';
import { subjectCalls } from '../../worker/contracts/subjects';
import { telemetryCalls } from '../../worker/contracts/telemetry';
import { call, get, type Reply } from '../support/api';
import { callSpec } from '../support/client';
import { make } from '../support/make';
import { apiToken, sta } from '../support/sta';
import { rawAll } from '../support/telemetry';

const basic = (token: string) => ({ Authorization: `Basic ${btoa(`qgis:${token}`)}` });
const listOf = async (token: string) => (await callSpec(apiTokenCalls.list, { token })).data;

describe('managing integration tokens', () => {
  it('shows a new token once, lists it by name without it, and stores only its SHA-256', async () => {
    const user = await make.subject();
    const res = await callSpec(apiTokenCalls.create, { body: { name: '  QGIS on the laptop ' }, token: user.token });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({
      id: expect.any(Number),
      name: 'QGIS on the laptop',
      created_at: expect.any(String),
      last_used_at: null,
      token: expect.stringMatching(/^hladina_[a-z2-7]{40}$/),
    });
    expect(await listOf(user.token)).toEqual([
      { id: res.data.id, name: 'QGIS on the laptop', created_at: res.data.created_at, last_used_at: null },
    ]);
    const [row] = await rawAll<Record<string, unknown>>('SELECT * FROM api_tokens WHERE id = ?', res.data.id);
    expect(row.token_hash).toBe(hashToken(res.data.token));
    expect(Object.values(row)).not.toContain(res.data.token);
  });

  it('lists only the subject’s own tokens, newest first, and revokes only its own', async () => {
    const [user, other] = [await make.subject(), await make.subject()];
    await apiToken(user, 'First');
    const second = await callSpec(apiTokenCalls.create, { body: { name: 'Second' }, token: user.token });
    await apiToken(other, 'Theirs');
    expect((await listOf(user.token)).map((t) => t.name)).toEqual(['Second', 'First']);
    expect((await callSpec(apiTokenCalls.revoke, { query: { id: second.data.id }, token: other.token })).status).toBe(404);
    expect((await callSpec(apiTokenCalls.revoke, { query: { id: second.data.id }, token: user.token })).status).toBe(200);
    expect((await listOf(user.token)).map((t) => t.name)).toEqual(['First']);
    expect((await sta('/Things', { bearer: second.data.token })).status).toBe(401);
    expect((await callSpec(subjectCalls.current, { token: second.data.token })).status).toBe(401);
  });

  it('wants a name, and at most 20 tokens per subject', async () => {
    const user = await make.subject();
    const unnamed = await callSpec(apiTokenCalls.create, { body: { name: ' ' }, token: user.token });
    expect(unnamed.status).toBe(422);
    expect(unnamed.json.errors.name).toBeDefined();
    await Promise.all(Array.from({ length: 20 }, (_, i) => apiToken(user, `Token ${i}`)));
    const more = await callSpec(apiTokenCalls.create, { body: { name: 'One too many' }, token: user.token });
    expect(more.status).toBe(422);
    expect(more.json.errors.name[0]).toMatch(/20 tokens/);
  });
});

describe('what a token may do', () => {
  it('reads as its owner, as Bearer and as the Basic password, with any user name', async () => {
    const user = await make.subject();
    const own = await make.station({ viewers: [user] });
    const theirs = await make.station();
    const token = await apiToken(user);
    for (const headers of [{ Authorization: `Bearer ${token}` }, basic(token)]) {
      expect((await callSpec(subjectCalls.current, { headers })).data.id).toBe(user.id);
      const dashboard = await call('GET', '/rest/api?from=2026-01-01&to=2026-01-02', { headers });
      expect(dashboard.data.items.map((i: any) => i.id)).toEqual([own.id]);
      expect(
        (await callSpec(telemetryCalls.chart, { query: { id: theirs.uniqueId, from: '2026-01-01', to: '2026-01-02' }, headers })).status,
      ).toBe(403);
    }
    // Never in the address, where logs would keep it.
    expect((await get(`/rest/subjects/user?access_token=${token}`)).status).toBe(401);
  });

  it('never writes, never makes an administrator’s call (not even an administrator’s token) and never opens the live socket', async () => {
    const admin = await make.admin();
    const token = await apiToken(admin);
    const headers = basic(token);
    const refused = async (reply: Promise<Reply>) => {
      const res = await reply;
      expect(res.status, res.text).toBe(403);
      return res.json.errors._[0] as string;
    };
    expect(
      // A password change alone, as a client would try it; the token is refused before the body is read.
      await refused(
        call('POST', '/rest/subjects/profile', { body: { Users: { password: 'new secret', currentPassword: 'correct horse' } }, headers }),
      ),
    ).toMatch(/read-only/);
    expect(await refused(callSpec(siteCalls.logout, { headers }))).toMatch(/read-only/);
    expect(await refused(callSpec(apiTokenCalls.create, { body: { name: 'Another' }, headers }))).toMatch(/read-only/);
    const group = await make.group();
    expect(await refused(callSpec(groupCalls.delete, { method: 'get', query: { id: group.id }, headers }))).toMatch(/read-only/);
    expect(await refused(callSpec(subjectCalls.list, { query: {}, headers }))).toMatch(/administrators/);
    expect(await refused(callSpec(itemCalls.list, { headers }))).toMatch(/administrators/);
    const live = await call('GET', '/rest/live', { headers: { ...basic(token), Upgrade: 'websocket' } });
    expect(live.status).toBe(403);
    expect(live.json.errors._[0]).toMatch(/live connections/);
  });

  it('is refused with 403 by every documented call but the reads a user may make', async () => {
    const token = await apiToken(await make.admin());
    for (const spec of Object.values(calls).flatMap((group) => Object.values(group))) {
      // The live socket is refused above; public and station calls never read a session.
      if (spec.access === 'public' || spec.access === 'station' || spec.path === '/live') continue;
      for (const method of methodsOf(spec)) {
        const res = await call(method.toUpperCase(), `/rest${spec.path}`, {
          headers: { Authorization: `Bearer ${token}`, ...(method === 'get' ? {} : { 'Content-Type': 'application/json' }) },
          rawBody: method === 'get' ? undefined : '{}',
        });
        const readable = method === 'get' && !spec.writes && spec.access === 'user';
        if (readable) expect([200, 400, 404, 422], `${method} ${spec.path}: ${res.text}`).toContain(res.status);
        else expect(res.status, `${method} ${spec.path}`).toBe(403);
      }
    }
  });

  it('stops working when its owner may no longer sign in', async () => {
    const user = await make.subject();
    const token = await apiToken(user);
    await rawAll("UPDATE subjects SET status = 'disabled' WHERE id = ?", user.id);
    expect((await callSpec(subjectCalls.current, { headers: basic(token) })).status).toBe(401);
    expect((await sta('/Things', { basic: token })).status).toBe(401);
  });

  it('notes its last use to the hour', async () => {
    const user = await make.subject();
    const token = await apiToken(user);
    const lastUsed = async () => (await listOf(user.token))[0].last_used_at;
    await callSpec(subjectCalls.current, { headers: basic(token), settle: true });
    const first = await lastUsed();
    expect(Date.now() - Date.parse(first!)).toBeLessThan(60_000);
    const halfAnHourAgo = Date.now() - 1_800_000;
    await rawAll('UPDATE api_tokens SET last_used_at = ? WHERE subject_id = ?', halfAnHourAgo, user.id);
    await sta('/Things', { basic: token });
    await callSpec(subjectCalls.current, { headers: basic(token), settle: true });
    expect(await lastUsed()).toBe(new Date(halfAnHourAgo).toISOString());
    await rawAll('UPDATE api_tokens SET last_used_at = ? WHERE subject_id = ?', Date.now() - 3_700_000, user.id);
    await callSpec(subjectCalls.current, { headers: basic(token), settle: true });
    expect(Date.now() - Date.parse((await lastUsed())!)).toBeLessThan(60_000);
  });
});
