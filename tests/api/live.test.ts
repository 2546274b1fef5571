import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createSubject, origin, post, type TestSubject } from '../support/api';
import { createGroup, createItem, linkGroupItem, linkSubjectGroup, linkSubjectItem } from '../support/fixtures';
import { watch } from '../support/live';

async function stationWithToken(admin: TestSubject, watcherIds: number[]) {
  const item = await createItem();
  for (const id of watcherIds) await linkSubjectItem(id, item.id);
  const token = (await post(`/rest/items/token?id=${item.id}`, undefined, { token: admin.token })).json.data.token;
  return { item, token };
}

const rows = (n: number, startMinute = 0) =>
  Array.from({ length: n }, (_, i) => ({
    data_name: 'H1',
    data_value: 1 + i / 100,
    date: new Date(Date.UTC(2026, 10, 20, 8, startMinute + i * 10)).toISOString(),
  }));

describe('live channel', () => {
  it('delivers a batch accepted by ingest to a page watching that station', async () => {
    const admin = await createSubject({ isAdmin: true });
    const user = await createSubject();
    const { item, token } = await stationWithToken(admin, [user.id]);
    const watcher = await watch(user, [item.uniqueId]);
    expect((await watcher.next('subscribed')).stations).toEqual([item.uniqueId]);
    const posted = await post('/rest/ingest/danes', { rows: rows(3) }, { token });
    expect(posted.status).toBe(200);
    const message = await watcher.next('readings');
    expect(message).toMatchObject({ unique_id: item.uniqueId, source: 'DANES' });
    expect(message.rows).toHaveLength(3);
    expect(message.rows[0]).toMatchObject({ data_name: 'H1', data_value: 1 });
    watcher.socket.close();
  });

  it('sends nothing about a station to a subject who may not see it', async () => {
    const admin = await createSubject({ isAdmin: true });
    const owner = await createSubject();
    const stranger = await createSubject();
    const { item, token } = await stationWithToken(admin, [owner.id]);
    const other = await stationWithToken(admin, [stranger.id]);
    const refused = await exports.default.fetch(
      new Request(`${origin}/rest/live?stations=${item.uniqueId}&access_token=${stranger.token}`, { headers: { Upgrade: 'websocket' } }),
    );
    expect(refused.status).toBe(403);
    // Asking for a foreign station next to an own one subscribes only the own one.
    const watcher = await watch(stranger, [item.uniqueId, other.item.uniqueId]);
    expect((await watcher.next('subscribed')).stations).toEqual([other.item.uniqueId]);
    const ownerWatch = await watch(owner, [item.uniqueId]);
    await post('/rest/ingest/danes', { rows: rows(2) }, { token });
    await ownerWatch.next('readings');
    await post('/rest/ingest/danes', { rows: rows(1) }, { token: other.token });
    await watcher.next('readings');
    expect(watcher.messages.filter((m) => m.type === 'readings').map((m) => m.unique_id)).toEqual([other.item.uniqueId]);
  });

  it('publishes nothing for a rejected batch', async () => {
    const admin = await createSubject({ isAdmin: true });
    const user = await createSubject();
    const { item, token } = await stationWithToken(admin, [user.id]);
    const watcher = await watch(user, [item.uniqueId]);
    await watcher.next('subscribed');
    const bad = await post('/rest/ingest/danes', { rows: [...rows(2), { data_name: 'NOPE', data_value: 1, date: '2026-11-20T08:00:00Z' }] }, { token });
    expect(bad.status).toBe(422);
    await post('/rest/ingest/danes', { rows: rows(1, 500) }, { token });
    const message = await watcher.next('readings');
    expect(message.rows).toHaveLength(1);
    expect(watcher.messages.filter((m) => m.type === 'readings')).toHaveLength(1);
  });

  it('publishes only the rows that were new, never a duplicate', async () => {
    const admin = await createSubject({ isAdmin: true });
    const user = await createSubject();
    const { item, token } = await stationWithToken(admin, [user.id]);
    const watcher = await watch(user, [item.uniqueId]);
    await watcher.next('subscribed');
    await post('/rest/ingest/danes', { rows: rows(2) }, { token });
    expect((await watcher.next('readings')).rows).toHaveLength(2);
    expect((await post('/rest/ingest/danes', { rows: rows(3) }, { token })).json.data).toEqual({ accepted: 1, duplicates: 2 });
    const second = await watcher.next('readings');
    expect(second.rows).toEqual([{ data_name: 'H1', data_value: 1.02, date: '2026-11-20T08:20:00.000Z' }]);
  });

  it('carries every station a dashboard may see over one socket, without listing them', async () => {
    const admin = await createSubject({ isAdmin: true });
    const user = await createSubject();
    const stranger = await createSubject();
    const own = [await stationWithToken(admin, [user.id]), await stationWithToken(admin, [user.id])];
    const viaGroup = await stationWithToken(admin, []);
    const group = await createGroup();
    await linkGroupItem(group.id, viaGroup.item.id);
    await linkSubjectGroup(user.id, group.id);
    const foreign = await stationWithToken(admin, [stranger.id]);
    const watcher = await watch(user);
    const subscribed = await watcher.next('subscribed');
    expect([...subscribed.stations].sort()).toEqual([...own, viaGroup].map((s) => s.item.uniqueId).sort());
    await post('/rest/ingest/danes', { rows: rows(1) }, { token: foreign.token });
    for (const station of [...own, viaGroup]) {
      await post('/rest/ingest/danes', { rows: rows(1) }, { token: station.token });
      expect((await watcher.next('readings')).unique_id).toBe(station.item.uniqueId);
    }
    expect(watcher.messages.filter((m) => m.type === 'readings').map((m) => m.unique_id)).not.toContain(foreign.item.uniqueId);
    watcher.socket.close();
  });

  it('refuses anonymous and plain HTTP requests', async () => {
    const res = await exports.default.fetch(new Request(`${origin}/rest/live?stations=X`, { headers: { Upgrade: 'websocket' } }));
    expect(res.status).toBe(401);
    const user = await createSubject();
    const plain = await exports.default.fetch(new Request(`${origin}/rest/live?stations=X&access_token=${user.token}`));
    expect(plain.status).toBe(400);
    const crossSite = await exports.default.fetch(
      new Request(`${origin}/rest/live?stations=X`, {
        headers: { Upgrade: 'websocket', Cookie: `hladina_session=${user.token}`, Origin: 'https://evil.example' },
      }),
    );
    expect(crossSite.status).toBe(403);
  });
});
