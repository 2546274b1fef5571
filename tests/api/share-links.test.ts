import { runDurableObjectAlarm } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { shareCalls, shareLinkCalls } from '../../worker/contracts/share-links';
import { shareLinks, subjects } from '../../worker/db/schema';
import { hashToken } from '../../worker/domain/auth/tokens';
import { shareLinkOf } from '../../worker/share/directory';
import { db, post } from '../support/api';
import { make } from '../support/make';
import { askShare, makeShareLink } from '../support/share';
import { rawAll } from '../support/telemetry';
import { subjectCalls } from '../../worker/contracts/subjects';
import { callSpec } from '../support/client';
import type { CallInput } from '../../worker/contracts/call';

const save = (token: string, link: CallInput<typeof shareLinkCalls.save>['body']) => callSpec(shareLinkCalls.save, { body: link, token });

describe('share links, managed', () => {
  it('returns the secret once, keeps only its hash, and names exactly what the link shows', async () => {
    const admin = await make.admin();
    const station = await make.station();
    const res = await save(admin.token, {
      title: 'Flood watch',
      stations: [{ id: station.id, readings: ['H1', 'SRA1H'] }],
      window_from: '2026-06-01',
      window_to: '2026-06-30',
      exact_location: true,
      frame_origins: ['https://www.example.org/', 'http://localhost:8080'],
      expires_at: '2030-01-01T00:00:00+01:00',
    });
    expect(res.status).toBe(200);
    const link = res.data;
    expect(link.secret).toMatch(/^[a-z2-7]{52}$/);
    expect(link.path).toBe(`/s/${link.secret}`);
    expect(link).toMatchObject({
      title: 'Flood watch',
      stations: [{ id: station.id, unique_id: station.uniqueId, readings: ['H1', 'SRA1H'] }],
      window_days: null,
      window_from: '2026-06-01',
      window_to: '2026-06-30',
      exact_location: true,
      frame_origins: ['https://www.example.org', 'http://localhost:8080'],
      expires_at: '2029-12-31T23:00:00.000Z',
      state: 'active',
      views: 0,
    });
    const rows = await rawAll<Record<string, unknown>>('SELECT * FROM share_links WHERE id = ?', link.id);
    expect(rows[0].secret_hash).toBe(hashToken(link.secret!));
    expect(JSON.stringify(rows)).not.toContain(link.secret);

    // Never again: not in the list, not in the editor.
    const list = await callSpec(shareLinkCalls.list, { token: admin.token });
    expect(list.text).not.toContain(link.secret);
    const edit = await callSpec(shareLinkCalls.detail, { query: { id: link.id }, token: admin.token });
    expect(edit.text).not.toContain(link.secret);
    expect(edit.data.link).toMatchObject({ id: link.id, title: 'Flood watch' });
    expect(edit.data.stations.find((s) => s.id === station.id)?.readings).toContain('H1');
  });

  it('refuses what a link cannot name', async () => {
    const admin = await make.admin();
    const station = await make.station();
    const valid = { title: 'Bad', stations: [{ id: station.id, readings: ['H1'] }], window_days: 7 };
    for (const [field, change] of [
      ['window_days', { window_days: 7, window_from: '2026-01-01', window_to: '2026-01-02' }],
      ['window_days', { window_days: null }],
      ['window_from', { window_days: null, window_from: '2026-02-01', window_to: '2026-01-01' }],
      ['window_days', { window_days: 367 }],
      ['frame_origins', { frame_origins: ['https://example.org/page'] }],
      ['frame_origins', { frame_origins: ["https://a.example 'unsafe-inline'"] }],
      ['stations', { stations: [] }],
      ['stations', { stations: [{ id: station.id, readings: ['pressure'] }] }],
      ['stations', { stations: [{ id: 999_999, readings: ['H1'] }] }],
      ['expires_at', { expires_at: new Date(Date.now() - 60_000).toISOString() }],
    ] as const) {
      const res = await post('/rest/share-links/edit', { ShareLinks: { ...valid, ...change } }, { token: admin.token });
      expect(res.status, JSON.stringify(change)).toBe(422);
      expect(Object.keys(res.json.errors), JSON.stringify(change)).toContain(field);
    }
  });

  it("lets a user share only what it sees, list only its own links, and never touch another's", async () => {
    const [user, other] = [await make.subject(), await make.subject()];
    const seen = await make.station({ viewers: [user] });
    const unseen = await make.station({ viewers: [other] });
    expect((await save(user.token, { title: 'Mine', stations: [{ id: unseen.id, readings: ['H1'] }], window_days: 7 })).status).toBe(422);
    const mine = await makeShareLink(user, { stations: [{ id: seen.id, readings: ['H1'] }] });
    const theirs = await makeShareLink(other, { stations: [{ id: unseen.id, readings: ['H1'] }] });
    const editor = await callSpec(shareLinkCalls.detail, { query: {}, token: user.token });
    expect(editor.data.stations.map((s) => s.id)).toEqual([seen.id]);

    const listed = await callSpec(shareLinkCalls.list, { token: user.token });
    expect(listed.data.map((l) => l.id)).toEqual([mine.id]);
    expect((await callSpec(shareLinkCalls.detail, { query: { id: theirs.id }, token: user.token })).status).toBe(404);
    expect((await callSpec(shareLinkCalls.revoke, { query: { id: theirs.id }, token: user.token })).status).toBe(404);
    expect(
      (await save(user.token, { id: theirs.id, title: 'Taken', stations: [{ id: seen.id, readings: ['H1'] }], window_days: 7 })).status,
    ).toBe(404);

    // An administrator lists every link with its owner.
    const admin = await make.admin();
    const all = await callSpec(shareLinkCalls.list, { token: admin.token });
    expect(all.data.find((l) => l.id === theirs.id)?.owner.id).toBe(other.id);
  });

  it('an edit reaches the page at once, and a station its owner no longer sees drops out of the link', async () => {
    const user = await make.subject();
    const [first, second] = [await make.station({ viewers: [user] }), await make.station({ viewers: [user] })];
    const link = await makeShareLink(user, {
      stations: [
        { id: first.id, readings: ['H1', '_T'] },
        { id: second.id, readings: ['H1'] },
      ],
    });
    const view = async () => (await askShare(link.secret, 'view')).data;
    expect((await view()).stations.map((s) => [s.unique_id, s.readings])).toEqual([
      [first.uniqueId, ['H1', '_T']],
      [second.uniqueId, ['H1']],
    ]);
    // Within the object's cache time, yet the edit shows at once.
    await save(user.token, {
      id: link.id,
      title: 'Renamed',
      stations: [
        { id: first.id, readings: ['_T'] },
        { id: second.id, readings: ['H1'] },
      ],
      window_days: 3,
    });
    expect(await view()).toMatchObject({
      title: 'Renamed',
      window: { days: 3 },
      stations: [{ unique_id: first.uniqueId, readings: ['_T'] }, { unique_id: second.uniqueId }],
    });

    // The administrator takes the second station from the user: the link follows at once.
    const admin = await make.admin();
    expect((await callSpec(subjectCalls.setItems, { query: { id: user.id }, body: [first.id], token: admin.token })).status).toBe(200);
    expect((await view()).stations.map((s) => s.unique_id)).toEqual([first.uniqueId]);
  });

  it('counts views and writes them to D1 in one go, with when it was last viewed', async () => {
    const admin = await make.admin();
    const link = await makeShareLink(admin, { stations: [{ id: (await make.station()).id, readings: ['H1'] }] });
    for (let i = 0; i < 3; i++) expect((await callSpec(shareCalls.view, { params: { secret: link.secret } })).status).toBe(200);
    // Charts are not page views.
    await callSpec(shareCalls.chart, { params: { secret: link.secret }, query: { station: link.stations[0].unique_id } });
    expect((await db().select().from(shareLinks).where(eq(shareLinks.id, link.id)))[0].views).toBe(0);
    expect(await runDurableObjectAlarm(shareLinkOf(env, hashToken(link.secret)))).toBe(true);
    const [row] = await db().select().from(shareLinks).where(eq(shareLinks.id, link.id));
    expect(row.views).toBe(3);
    expect(row.lastViewedAt).toBeGreaterThan(Date.now() - 60_000);
    const listed = await callSpec(shareLinkCalls.list, { token: admin.token });
    expect(listed.data.find((l) => l.id === link.id)).toMatchObject({
      views: 3,
      last_viewed_at: new Date(row.lastViewedAt!).toISOString(),
    });
  });

  it("an owner who may no longer sign in takes its links down (410), and a deleted one's links are gone (404)", async () => {
    const [disabled, deleted] = [await make.subject(), await make.subject()];
    const links = await Promise.all(
      [disabled, deleted].map(async (user) =>
        makeShareLink(user, { stations: [{ id: (await make.station({ viewers: [user] })).id, readings: ['H1'] }] }),
      ),
    );
    for (const link of links) expect((await callSpec(shareCalls.view, { params: { secret: link.secret } })).status).toBe(200);
    await db().update(subjects).set({ status: 'disabled' }).where(eq(subjects.id, disabled.id));
    const admin = await make.admin();
    expect((await callSpec(subjectCalls.delete, { query: { id: deleted.id }, token: admin.token })).status).toBe(200);
    // Changes made straight in D1 reach a link's object when it next reads its definition (at most a minute on).
    for (const link of links) await shareLinkOf(env, hashToken(link.secret)).refresh(hashToken(link.secret));
    expect((await callSpec(shareCalls.view, { params: { secret: links[0].secret } })).status).toBe(410);
    expect((await callSpec(shareCalls.view, { params: { secret: links[1].secret } })).status).toBe(404);
  });
});
