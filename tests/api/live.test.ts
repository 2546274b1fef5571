import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { origin } from '../support/api';
import { watch } from '../support/live';
import { make, type TestSubject } from '../support/make';
import { ingest } from '../support/telemetry';

/** A station with its ingest token, seen directly by `viewers`. */
const stationWithToken = (...viewers: TestSubject[]) => make.station({ viewers, token: true });

const rows = (n: number, startMinute = 0) =>
  Array.from({ length: n }, (_, i) => ({
    data_name: 'H1',
    data_value: 1 + i / 100,
    date: new Date(Date.UTC(2026, 10, 20, 8, startMinute + i * 10)).toISOString(),
  }));

describe('live channel', () => {
  it('delivers a batch accepted by ingest to a page watching that station', async () => {
    const user = await make.subject();
    const item = await stationWithToken(user);
    const watcher = await watch(user, [item.uniqueId]);
    expect((await watcher.next('subscribed')).stations).toEqual([item.uniqueId]);
    const posted = await ingest('danes', item.token, { rows: rows(3) });
    expect(posted.status).toBe(200);
    const message = await watcher.next('readings');
    expect(message).toMatchObject({ unique_id: item.uniqueId, source: 'DANES' });
    expect(message.rows).toHaveLength(3);
    expect(message.rows[0]).toMatchObject({ data_name: 'H1', data_value: 1 });
    watcher.socket.close();
  });

  it('sends nothing about a station to a subject who may not see it', async () => {
    const owner = await make.subject();
    const stranger = await make.subject();
    const item = await stationWithToken(owner);
    const other = await stationWithToken(stranger);
    const refused = await exports.default.fetch(
      new Request(`${origin}/rest/live?stations=${item.uniqueId}&access_token=${stranger.token}`, { headers: { Upgrade: 'websocket' } }),
    );
    expect(refused.status).toBe(403);
    // Asking for a foreign station next to an own one subscribes only the own one.
    const watcher = await watch(stranger, [item.uniqueId, other.uniqueId]);
    expect((await watcher.next('subscribed')).stations).toEqual([other.uniqueId]);
    const ownerWatch = await watch(owner, [item.uniqueId]);
    await ingest('danes', item.token, { rows: rows(2) });
    await ownerWatch.next('readings');
    await ingest('danes', other.token, { rows: rows(1) });
    await watcher.next('readings');
    expect(watcher.messages.filter((m) => m.type === 'readings').map((m) => m.unique_id)).toEqual([other.uniqueId]);
  });

  it('publishes nothing for a rejected batch', async () => {
    const user = await make.subject();
    const item = await stationWithToken(user);
    const watcher = await watch(user, [item.uniqueId]);
    await watcher.next('subscribed');
    const bad = await ingest('danes', item.token, {
      rows: [...rows(2), { data_name: 'NOPE', data_value: 1, date: '2026-11-20T08:00:00Z' }],
    });
    expect(bad.status).toBe(422);
    await ingest('danes', item.token, { rows: rows(1, 500) });
    const message = await watcher.next('readings');
    expect(message.rows).toHaveLength(1);
    expect(watcher.messages.filter((m) => m.type === 'readings')).toHaveLength(1);
  });

  it('publishes only the rows that were new, never a duplicate', async () => {
    const user = await make.subject();
    const item = await stationWithToken(user);
    const watcher = await watch(user, [item.uniqueId]);
    await watcher.next('subscribed');
    await ingest('danes', item.token, { rows: rows(2) });
    expect((await watcher.next('readings')).rows).toHaveLength(2);
    expect((await ingest('danes', item.token, { rows: rows(3) })).data).toEqual({ accepted: 1, duplicates: 2 });
    const second = await watcher.next('readings');
    expect(second.rows).toEqual([{ data_name: 'H1', data_value: 1.02, date: '2026-11-20T08:20:00.000Z' }]);
  });

  it('carries every station a dashboard may see over one socket, without listing them', async () => {
    const user = await make.subject();
    const stranger = await make.subject();
    const own = [await stationWithToken(user), await stationWithToken(user)];
    const group = await make.group({ members: [user] });
    const viaGroup = await make.station({ groups: [group], token: true });
    const foreign = await stationWithToken(stranger);
    const watcher = await watch(user);
    const subscribed = await watcher.next('subscribed');
    expect([...subscribed.stations].sort()).toEqual([...own, viaGroup].map((s) => s.uniqueId).sort());
    await ingest('danes', foreign.token, { rows: rows(1) });
    for (const station of [...own, viaGroup]) {
      await ingest('danes', station.token, { rows: rows(1) });
      expect((await watcher.next('readings')).unique_id).toBe(station.uniqueId);
    }
    expect(watcher.messages.filter((m) => m.type === 'readings').map((m) => m.unique_id)).not.toContain(foreign.uniqueId);
    watcher.socket.close();
  });

  it('refuses anonymous and plain HTTP requests', async () => {
    const res = await exports.default.fetch(new Request(`${origin}/rest/live?stations=X`, { headers: { Upgrade: 'websocket' } }));
    expect(res.status).toBe(401);
    const user = await make.subject();
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
