import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { shareLinkCalls } from '../../worker/contracts/share-links';
import { callSpec } from '../support/client';
import { hashToken } from '../../worker/domain/auth/tokens';
import { shareLinkOf } from '../../worker/share/directory';
import { openSocket, type Watcher } from '../support/live';
import { make } from '../support/make';
import { makeShareLink } from '../support/share';
import { ingest, testingOf } from '../support/telemetry';

const viewers = 1000;

describe("a share link's live channel", () => {
  it(
    `costs the station object one message per batch for ${viewers} viewers, and each viewer gets it once`,
    { timeout: 120_000 },
    async () => {
      const owner = await make.admin();
      const station = await make.station({ token: true });
      const link = await makeShareLink(owner, { stations: [{ id: station.id, readings: ['H1'] }] });
      const object = shareLinkOf(env, hashToken(link.secret));
      const sockets: Watcher[] = [];
      // Opened a hundred at a time from as many clients as the per-client limit asks.
      for (let i = 0; i < viewers; i += 100) {
        sockets.push(
          ...(await Promise.all(
            Array.from({ length: 100 }, (_, j) =>
              openSocket(`/rest/share/${link.secret}/live`, `198.19.${Math.floor((i + j) / 100)}.${(i + j) % 100}`),
            ),
          )),
        );
      }
      await Promise.all(sockets.map((s) => s.next('subscribed', 10_000)));
      expect((await object.figures()).viewers).toBe(viewers);
      // The station knows one watcher for the link, however many viewers it has.
      expect((await testingOf(station.id).rows('link_watchers')).map((r) => r.link)).toEqual([hashToken(link.secret)]);

      const before = (await object.figures()).deliveries;
      for (let batch = 1; batch <= 3; batch++) {
        await ingest('danes', station.token, {
          rows: [{ data_name: 'H1', data_value: batch, date: new Date(Date.now() - (10 - batch) * 60_000).toISOString() }],
        });
        await Promise.all(sockets.map((s) => s.next('readings', 10_000)));
      }
      const deliveries = (await object.figures()).deliveries - before;
      expect(deliveries).toBe(3);
      for (const socket of sockets)
        expect(socket.messages.filter((m) => m.type === 'readings').map((m) => m.rows[0].data_value)).toEqual([1, 2, 3]);
      for (const socket of sockets) socket.socket.close();
    },
  );

  it('a revoked link tells its open sockets it is gone and closes them within 2 s', async () => {
    const owner = await make.admin();
    const station = await make.station();
    const link = await makeShareLink(owner, { stations: [{ id: station.id, readings: ['H1'] }] });
    const viewers = await Promise.all([1, 2].map(() => openSocket(`/rest/share/${link.secret}/live`)));
    await Promise.all(viewers.map((v) => v.next('subscribed')));
    const codes: (number | null)[] = viewers.map(() => null);
    viewers.forEach((v, i) => void v.closed.then((code) => (codes[i] = code)));

    expect((await callSpec(shareLinkCalls.revoke, { query: { id: link.id }, token: owner.token })).status).toBe(200);
    await expect.poll(() => codes, { timeout: 2000, interval: 20 }).toEqual([4010, 4010]);
    for (const viewer of viewers) expect(viewer.messages.map((m) => m.type)).toEqual(['subscribed', 'gone']);
  });

  it("an expiring link's open sockets are told and closed within 2 s of its expiry", async () => {
    const owner = await make.admin();
    const station = await make.station();
    const expiresAt = Date.now() + 1500;
    const link = await makeShareLink(owner, {
      stations: [{ id: station.id, readings: ['H1'] }],
      expires_at: new Date(expiresAt).toISOString(),
    });
    const viewer = await openSocket(`/rest/share/${link.secret}/live`);
    await viewer.next('subscribed');
    let code: number | null = null;
    void viewer.closed.then((closed) => (code = closed));

    await expect.poll(() => code, { timeout: expiresAt - Date.now() + 2000, interval: 20 }).toBe(4010);
    expect(viewer.messages.map((m) => m.type)).toEqual(['subscribed', 'gone']);
  });
});
