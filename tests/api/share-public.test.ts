import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { shareCalls, shareLinkCalls } from '../../worker/contracts/share-links';
import { warningCalls } from '../../worker/contracts/warning';
import { addDays, lastDays } from '../../shared/station-time';
import { hashToken } from '../../worker/domain/auth/tokens';
import { shareLinkOf } from '../../worker/share/directory';
import { shareRateLimits } from '../../worker/share/rate-limit';
import { openSocket } from '../support/live';
import { make, type TestStation, type TestSubject } from '../support/make';
import { askShare, makeShareLink } from '../support/share';
import { ingest, runCron } from '../support/telemetry';
import { callSpec } from '../support/client';

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

let owner: TestSubject;
let shown: TestStation & { token: string };
let hidden: TestStation & { token: string };
let link: Awaited<ReturnType<typeof makeShareLink>>;

/** Everything a viewer of the link must never meet: the other station, the owner, the group, the hidden readings' codes. */
let secrets: string[];

beforeAll(async () => {
  owner = await make.admin();
  const group = await make.group({ name: 'Confidential reservoir group' });
  shown = await make.station({
    name: 'Brno public well',
    locationX: 49.194561,
    locationY: 16.607892,
    locationName: 'Brno',
    groups: [group],
    token: true,
  });
  hidden = await make.station({ name: 'Secret pumping station', locationX: 50.1, locationY: 14.4, token: true });
  for (const station of [shown, hidden]) {
    const res = await ingest('danes', station.token, {
      rows: [2, 5, 30].flatMap((h, i) => [
        { data_name: 'H1', data_value: 1 + i, date: hoursAgo(h) },
        { data_name: '_T', data_value: 10 + i, date: hoursAgo(h) },
        { data_name: 'POWER', data_value: 12.5, date: hoursAgo(h) },
      ]),
    });
    expect(res.status).toBe(200);
  }
  await runCron();
  link = await makeShareLink(owner, {
    stations: [{ id: shown.id, readings: ['H1'] }],
    window_days: 7,
    frame_origins: ['https://town.example'],
  });
  secrets = [
    hidden.name,
    hidden.uniqueId,
    owner.username,
    group.name,
    '_T',
    'POWER',
    'https://town.example',
    '"id":',
    'serial_nr',
    'location_group',
    '49.194561',
    '16.607892',
  ];
});

const expectNothingElse = (text: string) => {
  for (const secret of secrets) expect(text, `reveals ${secret}`).not.toContain(secret);
};

describe('a share link, signed out', () => {
  it('shows exactly its stations and readings, located to about 1 km, and nothing else', async () => {
    const res = await askShare(link.secret, 'view');
    expect(res.status).toBe(200);
    expect(res.data.stations.map((s) => s.unique_id)).toEqual([shown.uniqueId]);
    expect(res.data.stations[0]).toMatchObject({ name: shown.name, location_x: 49.19, location_y: 16.61, readings: ['H1'] });
    expect(res.data.location).toBe('rounded');
    const summary = res.data.danes[shown.uniqueId];
    expect(Object.keys(summary.max)).toEqual(['H1']);
    expect(summary.pocetMereni).toBe(3);
    expect(res.data.uniwan).toEqual({});
    expectNothingElse(res.text);
    expect(res.headers.get('Cache-Control')).toMatch(/^public, max-age=\d+/);
  });

  it('dates a station by the newest of its shown readings, not by a newer hidden one', async () => {
    const station = await make.station({ name: 'Dated well', token: true });
    const shownAt = hoursAgo(3);
    const res = await ingest('danes', station.token, {
      rows: [
        { data_name: 'H1', data_value: 2, date: shownAt },
        { data_name: 'POWER', data_value: 12.5, date: hoursAgo(1) },
      ],
    });
    expect(res.status).toBe(200);
    await runCron();
    const dated = await makeShareLink(owner, { stations: [{ id: station.id, readings: ['H1'] }] });
    const view = await askShare(dated.secret, 'view');
    expect(Date.parse(view.data.danes[station.uniqueId].date!)).toBe(Date.parse(shownAt));
  });

  it('answers a chart only with the shown readings and only within the window', async () => {
    const chart = await askShare(link.secret, 'chart', { query: { station: shown.uniqueId } });
    expect(chart.status).toBe(200);
    expect(Object.keys(chart.data.data)).toEqual(['H1']);
    expect(chart.data.data.H1.v).toEqual([3, 2, 1]);
    expect(chart.data.range.from).toBe(lastDays(7, 'Europe/Prague').from);
    expectNothingElse(chart.text);

    const window = lastDays(7, 'Europe/Prague');
    for (const query of [
      { from: addDays(window.from, -1), to: window.to },
      { from: window.from, to: addDays(window.to, 1) },
      { days: 30 },
    ]) {
      const refused = await callSpec(shareCalls.chart, { params: { secret: link.secret }, query: { station: shown.uniqueId, ...query } });
      expect(refused.status, JSON.stringify(query)).toBe(400);
      expectNothingElse(refused.text);
    }
    const other = await callSpec(shareCalls.chart, { params: { secret: link.secret }, query: { station: hidden.uniqueId } });
    expect(other.status).toBe(404);
    expectNothingElse(other.text);
  });

  it('a second viewer within the cache time costs no D1 query', async () => {
    const fresh = await makeShareLink(owner, { stations: [{ id: shown.id, readings: ['H1', '_T'] }] });
    const figures = () => shareLinkOf(env, hashToken(fresh.secret)).figures();
    const chart = () => callSpec(shareCalls.chart, { params: { secret: fresh.secret }, query: { station: shown.uniqueId } });
    expect((await callSpec(shareCalls.view, { params: { secret: fresh.secret } })).status).toBe(200);
    // A chart's first answer reads the warning levels of its station (one query); the readings come from the station's object.
    expect((await chart()).status).toBe(200);
    const first = (await figures()).d1Queries;
    expect(first).toBeGreaterThan(0);
    expect((await callSpec(shareCalls.view, { params: { secret: fresh.secret } })).status).toBe(200);
    expect((await chart()).status).toBe(200);
    expect((await chart()).status).toBe(200);
    expect((await figures()).d1Queries).toBe(first);
  });

  it('passes on live readings of its stations, only the shown readings, and nothing of other stations', async () => {
    const viewer = await openSocket(`/rest/share/${link.secret}/live`);
    expect((await viewer.next('subscribed')).stations).toEqual([shown.uniqueId]);
    await ingest('danes', hidden.token, { rows: [{ data_name: 'H1', data_value: 77, date: hoursAgo(0.5) }] });
    await ingest('danes', shown.token, {
      rows: [
        { data_name: 'H1', data_value: 4, date: hoursAgo(0.4) },
        { data_name: '_T', data_value: 14, date: hoursAgo(0.4) },
      ],
    });
    const message = await viewer.next('readings');
    expect(message).toMatchObject({ unique_id: shown.uniqueId, rows: [{ data_name: 'H1', data_value: 4 }] });
    await ingest('danes', shown.token, { rows: [{ data_name: 'POWER', data_value: 11, date: hoursAgo(0.3) }] });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(viewer.messages.filter((m) => m.type === 'readings')).toHaveLength(1);
    expectNothingElse(JSON.stringify(viewer.messages));
    viewer.socket.close();
  });

  it('a link in bad shape or unknown is not found, and says nothing', async () => {
    for (const secret of ['nope', 'a'.repeat(52)]) {
      const res = await callSpec(shareCalls.view, { params: { secret } });
      expect(res.status).toBe(404);
      expect(res.json.success).toBe(false);
    }
  });

  it('a revoked link answers 410 at once: page data, charts and the live channel', async () => {
    const doomed = await makeShareLink(owner, { stations: [{ id: shown.id, readings: ['H1'] }] });
    expect((await callSpec(shareCalls.view, { params: { secret: doomed.secret } })).status).toBe(200);
    const viewer = await openSocket(`/rest/share/${doomed.secret}/live`);
    await viewer.next('subscribed');
    const revoked = await callSpec(shareLinkCalls.revoke, { query: { id: doomed.id }, token: owner.token });
    expect(revoked.status).toBe(200);
    expect(revoked.data.state).toBe('revoked');
    expect(await viewer.closed).toBe(4010);
    expect((await callSpec(shareCalls.view, { params: { secret: doomed.secret } })).status).toBe(410);
    expect((await callSpec(shareCalls.chart, { params: { secret: doomed.secret }, query: { station: shown.uniqueId } })).status).toBe(410);
    await expect(openSocket(`/rest/share/${doomed.secret}/live`)).rejects.toThrow(/410/);
  });

  it('an expired link answers 410', async () => {
    const soon = await makeShareLink(owner, {
      stations: [{ id: shown.id, readings: ['H1'] }],
      expires_at: new Date(Date.now() + 60_000).toISOString(),
    });
    expect((await callSpec(shareCalls.view, { params: { secret: soon.secret } })).status).toBe(200);
    const edited = await callSpec(shareLinkCalls.save, {
      body: {
        id: soon.id,
        title: 'Expired',
        stations: [{ id: shown.id, readings: ['H1'] }],
        window_days: 30,
        expires_at: new Date(Date.now() - 1000).toISOString(),
      },
      token: owner.token,
    });
    expect(edited.data.state).toBe('expired');
    expect((await callSpec(shareCalls.view, { params: { secret: soon.secret } })).status).toBe(410);
  });

  /**
   * The limits count in fixed one-minute windows: the burst runs with the clock (the test's, which the link's
   * object in this isolate reads too) held at the start of the next window, so it cannot straddle two.
   */
  async function atTheStartOfAWindow<T>(burst: () => Promise<T>) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Math.ceil(Date.now() / shareRateLimits.windowMs) * shareRateLimits.windowMs);
    try {
      return await burst();
    } finally {
      vi.useRealTimers();
    }
  }

  // The per-link limit (6,000 a minute from all clients) is counted by the same object: tests/domain/share-rate-limit.test.ts.
  it('holds its per-client limit under a burst of parallel requests', async () => {
    const burst = await makeShareLink(owner, { stations: [{ id: shown.id, readings: ['H1'] }] });
    const { perClient } = shareRateLimits;
    const replies = await atTheStartOfAWindow(() =>
      Promise.all(
        Array.from({ length: perClient + 30 }, () => callSpec(shareCalls.view, { params: { secret: burst.secret }, client: '192.0.2.77' })),
      ),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(perClient);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    // The whole window is left to wait: the link's object counted at the held clock.
    expect(replies.find((r) => r.status === 429)!.headers.get('Retry-After')).toBe('60');
  });
});

describe("a share link's warning levels", () => {
  it('shows where each shared reading stands, with its levels for the chart lines, and nothing of a reading it does not share', async () => {
    const station = await make.station({ name: 'Leveled public well', token: true });
    for (const reading of ['H1', '_T']) {
      const saved = await callSpec(warningCalls.save, {
        token: owner.token,
        query: { id: station.id },
        body: { reading, levels: [{ threshold: 1.5 }, { name: 'Flood', color: '#7c3aed', threshold: 2.5, deadband: 0.2 }] },
      });
      expect(saved.status, saved.text).toBe(200);
    }
    const values = [1.2, 1.6, 2.0, 2.6];
    const posted = await ingest('danes', station.token, {
      rows: values.flatMap((value, i) => ['H1', '_T'].map((code) => ({ data_name: code, data_value: value, date: hoursAgo(4 - i) }))),
    });
    expect(posted.status).toBe(200);
    const leveled = await makeShareLink(owner, { stations: [{ id: station.id, readings: ['H1'] }] });
    const standing = {
      reading: 'H1',
      direction: 'rising',
      levels: [
        { rank: 1, name: null, color: '#eab308', threshold: 1.5, deadband: 0, clear_level: 1.5 },
        { rank: 2, name: 'Flood', color: '#7c3aed', threshold: 2.5, deadband: 0.2, clear_level: 2.3 },
      ],
      current: { level: 2, since: new Date(hoursAgo(1)).toISOString().slice(0, 16), value: 2.6 },
      // Level 2 is the last: nothing beyond it to forecast.
      forecast: null,
    };
    const view = await askShare(leveled.secret, 'view');
    expect(view.status).toBe(200);
    const [shown] = view.data.warning[station.uniqueId];
    expect({ ...shown, current: { ...shown.current, since: shown.current?.since.slice(0, 16) } }).toEqual(standing);
    expect(Object.keys(view.data.warning)).toEqual([station.uniqueId]);
    const chart = await askShare(leveled.secret, 'chart', { query: { station: station.uniqueId } });
    expect(chart.data.warning.map((s) => s.reading)).toEqual(['H1']);
    for (const text of [view.text, chart.text]) expect(text).not.toContain('_T');
  });
});
