import { runDurableObjectAlarm } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { groupCalls } from '../../worker/contracts/groups';
import { siteCalls } from '../../worker/contracts/site';
import { subjectCalls } from '../../worker/contracts/subjects';
import { createSession } from '../../worker/domain/auth/sessions';
import { watcherOf } from '../../worker/live/directory';
import { closeCodes } from '../../worker/live/watcher';
import { db } from '../support/api';
import { callSpec } from '../support/client';
import { watch, type Watcher } from '../support/live';
import { mail, make, type TestSubject } from '../support/make';
import { ingest, rawAll } from '../support/telemetry';

/** Resolves with the close code once the server closes the page's socket; fails after five seconds. */
const closedWithin5s = (watcher: Watcher) =>
  new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the socket is still open after 5 s')), 5000);
    watcher.socket.addEventListener('close', (event) => {
      clearTimeout(timer);
      resolve(event.code);
    });
  });

/** A socket still serves its page: it answers a ping. */
const stillOpen = async (watcher: Watcher) => {
  watcher.socket.send('ping');
  await watcher.next('pong');
};

const rows = (minute: number) => [{ data_name: 'H1', data_value: minute, date: new Date(Date.UTC(2026, 10, 20, 8, minute)).toISOString() }];

/** A subject with a second session of its own (another browser), both watching its one station. */
async function twoPages() {
  const subject = await make.subject();
  const station = await make.station({ viewers: [subject] });
  const other: TestSubject = { ...subject, token: (await createSession({ db: db() }, subject.id)).token };
  return { subject, station, here: await watch(subject), there: await watch(other), other };
}

describe('open live sockets end with the right that opened them', () => {
  it('signing out closes the sockets of that session and of no other', async () => {
    const { subject, here, there } = await twoPages();
    const closing = closedWithin5s(here);
    expect((await callSpec(siteCalls.logout, { token: subject.token })).status).toBe(200);
    expect(await closing).toBe(closeCodes.sessionEnded);
    await stillOpen(there);
  });

  it('a password set through a reset link closes every socket of the subject', async () => {
    const { subject, here, there } = await twoPages();
    const closing = [closedWithin5s(here), closedWithin5s(there)];
    await callSpec(siteCalls.resetPassword, { body: { email: subject.username }, settle: true });
    const token = await mail.resetToken(subject.username);
    expect((await callSpec(siteCalls.setPassword, { body: { NewPwd: { password: 'a new secret' }, token: token! } })).status).toBe(200);
    expect(await Promise.all(closing)).toEqual([closeCodes.sessionEnded, closeCodes.sessionEnded]);
  });

  it('a new password on the profile closes the other sessions’ sockets and keeps the one that made the change', async () => {
    const { subject, here, there } = await twoPages();
    const closing = closedWithin5s(there);
    const profile = {
      username: subject.username,
      firstName: 'Test',
      secondName: 'User',
      subject: 'Hladina tests',
      password: 'another secret',
      currentPassword: subject.password,
    };
    expect((await callSpec(subjectCalls.profile, { body: profile, token: subject.token })).status).toBe(200);
    expect(await closing).toBe(closeCodes.sessionEnded);
    await stillOpen(here);
  });

  it('deleting a subject closes its sockets', async () => {
    const admin = await make.admin();
    const { subject, here } = await twoPages();
    const closing = closedWithin5s(here);
    expect((await callSpec(subjectCalls.delete, { query: { id: subject.id }, token: admin.token })).status).toBe(200);
    expect(await closing).toBe(closeCodes.sessionEnded);
  });

  it('a session that ends unannounced (the account disabled in the database) is closed by the next check', async () => {
    const { subject, here } = await twoPages();
    const closing = closedWithin5s(here);
    await rawAll("UPDATE subjects SET status = 'disabled' WHERE id = ?", subject.id);
    expect(await runDurableObjectAlarm(watcherOf(env, subject.id))).toBe(true);
    expect(await closing).toBe(closeCodes.sessionEnded);
  });
});

describe('a subject that loses a station hears no more of it', () => {
  it('after an administrator unlinks it, an open dashboard gets the other stations’ rows but none of it', async () => {
    const admin = await make.admin();
    const subject = await make.subject();
    const [kept, lost] = [await make.station({ viewers: [subject] }), await make.station({ viewers: [subject] })];
    const page = await watch(subject);
    expect((await callSpec(subjectCalls.setItems, { query: { id: subject.id }, body: [kept.id], token: admin.token })).status).toBe(200);
    const token = await make.importerToken();
    await ingest('danes', token, { unique_id: lost.uniqueId, rows: rows(1) });
    await ingest('danes', token, { unique_id: kept.uniqueId, rows: rows(2) });
    expect((await page.next('readings')).unique_id).toBe(kept.uniqueId);
    expect(page.messages.filter((m) => m.type === 'readings').map((m) => m.unique_id)).toEqual([kept.uniqueId]);
  });

  it('after its station leaves the subject’s group, a chart page watching it is closed so it asks again', async () => {
    const admin = await make.admin();
    const subject = await make.subject();
    const group = await make.group({ members: [subject] });
    const station = await make.station({ groups: [group] });
    const chart = await watch(subject, [station.uniqueId]);
    const closing = closedWithin5s(chart);
    expect((await callSpec(groupCalls.setItems, { query: { id: group.id }, body: [], token: admin.token })).status).toBe(200);
    expect(await closing).toBe(closeCodes.accessChanged);
    await ingest('danes', await make.importerToken(), { unique_id: station.uniqueId, rows: rows(3) });
    expect(chart.messages.filter((m) => m.type === 'readings')).toEqual([]);
  });
});
