/**
 * Integration tokens: a user makes named, read-only tokens on the profile (shown once, stored hashed, revocable),
 * which QGIS, Grafana and scripts send as Bearer or as the password of HTTP Basic. A token reads what its owner may
 * see, on `/rest` and the SensorThings API, and can never write, change a password or manage users.
 */
import { describe, expect, it } from 'vitest';
import { ApiToken, NewApiToken } from '../../worker/contracts/api-tokens';
import { methodsOf } from '../../worker/contracts/call';
import { calls } from '../../worker/contracts/calls';
import { hashToken } from '../../worker/domain/auth/tokens';
import { call, get, post } from '../support/api';
import { make } from '../support/make';
import { apiToken, sta } from '../support/sta';
import { rawAll } from '../support/telemetry';

const basic = (token: string) => ({ Authorization: `Basic ${btoa(`qgis:${token}`)}` });
const listOf = async (token: string) => (await get('/rest/api-tokens', { token, reply: ApiToken.array() })).data;

describe('managing integration tokens', () => {
  it('shows a new token once, lists it by name without it, and stores only its SHA-256', async () => {
    const user = await make.subject();
    const res = await post(
      '/rest/api-tokens/create',
      { ApiToken: { name: '  QGIS on the laptop ' } },
      { token: user.token, reply: NewApiToken },
    );
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
    const second = await post('/rest/api-tokens/create', { ApiToken: { name: 'Second' } }, { token: user.token, reply: NewApiToken });
    await apiToken(other, 'Theirs');
    expect((await listOf(user.token)).map((t) => t.name)).toEqual(['Second', 'First']);
    expect((await post(`/rest/api-tokens/revoke?id=${second.data.id}`, undefined, { token: other.token })).status).toBe(404);
    expect((await post(`/rest/api-tokens/revoke?id=${second.data.id}`, undefined, { token: user.token })).status).toBe(200);
    expect((await listOf(user.token)).map((t) => t.name)).toEqual(['First']);
    expect((await sta('/Things', { bearer: second.data.token })).status).toBe(401);
    expect((await get('/rest/subjects/user', { token: second.data.token })).status).toBe(401);
  });

  it('wants a name, and at most 20 tokens per subject', async () => {
    const user = await make.subject();
    const unnamed = await post('/rest/api-tokens/create', { ApiToken: { name: ' ' } }, { token: user.token });
    expect(unnamed.status).toBe(422);
    expect(unnamed.json.errors.name).toBeDefined();
    await Promise.all(Array.from({ length: 20 }, (_, i) => apiToken(user, `Token ${i}`)));
    const more = await post('/rest/api-tokens/create', { ApiToken: { name: 'One too many' } }, { token: user.token });
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
      expect((await call('GET', '/rest/subjects/user', { headers })).data.id).toBe(user.id);
      const dashboard = await call('GET', '/rest/api?from=2026-01-01&to=2026-01-02', { headers });
      expect(dashboard.data.items.map((i: any) => i.id)).toEqual([own.id]);
      expect((await call('GET', `/rest/api/item?id=${theirs.uniqueId}&from=2026-01-01&to=2026-01-02`, { headers })).status).toBe(403);
    }
    // Never in the address, where logs would keep it.
    expect((await get(`/rest/subjects/user?access_token=${token}`)).status).toBe(401);
  });

  it('never writes, never makes an administrator’s call (not even an administrator’s token) and never opens the live socket', async () => {
    const admin = await make.admin();
    const token = await apiToken(admin);
    const refused = async (method: 'GET' | 'POST', path: string, body?: any) => {
      const res = await call(method, path, { headers: basic(token), body });
      expect(res.status, `${method} ${path}: ${res.text}`).toBe(403);
      return res.json.errors._[0] as string;
    };
    expect(
      await refused('POST', '/rest/subjects/profile', { Users: { password: 'new secret', currentPassword: 'correct horse' } }),
    ).toMatch(/read-only/);
    expect(await refused('POST', '/rest/site/logout')).toMatch(/read-only/);
    expect(await refused('POST', '/rest/api-tokens/create', { ApiToken: { name: 'Another' } })).toMatch(/read-only/);
    expect(await refused('GET', `/rest/groups/delete?id=${(await make.group()).id}`)).toMatch(/read-only/);
    expect(await refused('GET', '/rest/subjects')).toMatch(/administrators/);
    expect(await refused('GET', '/rest/items')).toMatch(/administrators/);
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
    expect((await get('/rest/subjects/user', { headers: basic(token) })).status).toBe(401);
    expect((await sta('/Things', { basic: token })).status).toBe(401);
  });

  it('notes its last use to the hour', async () => {
    const user = await make.subject();
    const token = await apiToken(user);
    const lastUsed = async () => (await listOf(user.token))[0].last_used_at;
    await get('/rest/subjects/user', { headers: basic(token), settle: true });
    const first = await lastUsed();
    expect(Date.now() - Date.parse(first!)).toBeLessThan(60_000);
    const halfAnHourAgo = Date.now() - 1_800_000;
    await rawAll('UPDATE api_tokens SET last_used_at = ? WHERE subject_id = ?', halfAnHourAgo, user.id);
    await sta('/Things', { basic: token });
    await get('/rest/subjects/user', { headers: basic(token), settle: true });
    expect(await lastUsed()).toBe(new Date(halfAnHourAgo).toISOString());
    await rawAll('UPDATE api_tokens SET last_used_at = ? WHERE subject_id = ?', Date.now() - 3_700_000, user.id);
    await get('/rest/subjects/user', { headers: basic(token), settle: true });
    expect(Date.now() - Date.parse((await lastUsed())!)).toBeLessThan(60_000);
  });
});
