import { describe, expect, it } from 'vitest';
import { apiTokenCalls } from '../../worker/contracts/api-tokens';
import type { CallInput } from '../../worker/contracts/call';
import { correctionCalls } from '../../worker/contracts/corrections';
import { escalationCalls } from '../../worker/contracts/escalations';
import { groupRuleCalls } from '../../worker/contracts/group-rules';
import { maintenanceCalls } from '../../worker/contracts/maintenance';
import { warningCalls } from '../../worker/contracts/warning';
import { webhookCalls } from '../../worker/contracts/webhooks';
import { call } from '../support/api';
import { addRule, alarmsOf, series } from '../support/alarms';
import { make, uniqueEmail, type TestSubject } from '../support/make';
import { makeShareLink } from '../support/share';
import { newDevice } from '../support/push-service';
import { pushCalls } from '../../worker/contracts/push';
import { ratingCalls } from '../../worker/contracts/ratings';
import { levelCalls } from '../../worker/contracts/levels';
import { callSpec } from '../support/client';
import { ingest, rawAll } from '../support/telemetry';

type Role = 'anonymous' | 'user' | 'second user' | 'administrator';
const roles: Role[] = ['anonymous', 'user', 'second user', 'administrator'];

interface Request {
  method: 'GET' | 'POST';
  path: string;
  body?: Record<string, unknown> | unknown[];
}

/** Each case builds a fresh request per role, so a delete or a logout in one row cannot spoil the next. */
interface Case {
  name: string;
  expected: Record<Role, number>;
  build: (ctx: { user: TestSubject; second: TestSubject }) => Promise<Request>;
}

const publicCall = (status: number): Record<Role, number> => ({
  anonymous: status,
  user: status,
  'second user': status,
  administrator: status,
});
const signedIn = { anonymous: 401, user: 200, 'second user': 200, administrator: 200 };
const adminOnly = { anonymous: 401, user: 403, 'second user': 403, administrator: 200 };

const subjectForm = () => ({ username: uniqueEmail('m'), firstName: 'Matrix', secondName: 'Case', subject: 'Tests', password: 'secret12' });

/** A station linked to the first user only: the second user must not read it. */
const usersStation = (user: TestSubject) => make.station({ viewers: [user] });

const ownStation = { anonymous: 401, user: 200, 'second user': 403, administrator: 200 };

/** A station the first user sees and was granted quality control on (through a group, which works as a direct link does). */
const qualityStation = async (user: TestSubject) => {
  const station = await make.station();
  await make.qualityControl(user, station);
  return station;
};
const qualityControl = ownStation;

/** A two-point rating version of H1. */
const ratingVersion = {
  reading: 'H1',
  from: '2026-01-01T00:00:00Z',
  points: [
    { stage: 0.1, discharge: 0.5 },
    { stage: 2, discharge: 40 },
  ],
  note: 'Matrix.',
};

/** A rating version on H1 (with a shift and a gauging) of a station the first user has quality control on. */
const ratedStation = async (user: TestSubject) => {
  const station = await qualityStation(user);
  const token = (await make.admin()).token;
  const query = { id: station.id };
  const { points } = ratingVersion;
  const version = await callSpec(ratingCalls.add, { query, body: ratingVersion, token });
  const shift = await callSpec(ratingCalls.shift, {
    query,
    body: { version: version.data.id, at: '2026-02-01T00:00:00Z', points: [{ stage: 1, shift: 0.01 }], note: 'Matrix.' },
    token,
  });
  const [gauging] = (
    await callSpec(ratingCalls.gaugings, {
      query,
      body: { gaugings: [{ reading: 'H1', at: '2026-02-02T00:00:00Z', stage: 1, discharge: 20, method: 'ADCP', measured_by: 'Matrix' }] },
      token,
    })
  ).data;
  return { station, version: version.data.id, shift: shift.data.id, gauging: gauging.id, points };
};

/** A running escalation of an alarm on a station of the first user's. */
const usersEscalation = async (user: TestSubject) => {
  const admin = await make.admin();
  const item = await make.station({ viewers: [user], token: true });
  const rule = await addRule(admin, { item_id: item.id, kind: 'above', reading: 'H1', threshold: 3 });
  await policy({ steps: [{ after_minutes: 0, subjects: [admin.id] }], rules: [rule.id] });
  await ingest('danes', item.token, { rows: series('2026-06-01T10:00:00Z', 10, [3.5]) });
  const [{ id }] = await rawAll<{ id: number }>('SELECT id FROM escalations WHERE item_id = ?', item.id);
  return id;
};

/** An escalation policy made by an administrator; returns its id. */
const policy = async (body: Partial<CallInput<typeof escalationCalls.savePolicy>['body']>) => {
  const admin = await make.admin();
  const res = await callSpec(escalationCalls.savePolicy, {
    body: { name: 'Matrix', steps: [{ after_minutes: 0, subjects: [admin.id] }], ...body },
    token: admin.token,
  });
  if (res.status !== 200) throw new Error(res.text);
  return res.data.id;
};

/** A station of the first user's with warning levels of H1. */
const leveledStation = async (user: TestSubject) => {
  const station = await usersStation(user);
  const res = await callSpec(warningCalls.save, {
    query: { id: station.id },
    body: { reading: 'H1', levels: [{ threshold: 2 }] },
    token: (await make.admin()).token,
  });
  if (res.status !== 200) throw new Error(res.text);
  return station;
};

/** An active alarm on a station of the first user's. */
const usersAlarm = async (user: TestSubject) => {
  const item = await make.station({ viewers: [user], token: true });
  await addRule(await make.admin(), { item_id: item.id, kind: 'above', reading: 'H1', threshold: 3 });
  await ingest('danes', item.token, { rows: series('2026-06-01T10:00:00Z', 10, [3.5]) });
  return (await alarmsOf(item.id))[0].id;
};

const webhook = async () => {
  const res = await callSpec(webhookCalls.save, { body: { url: 'http://127.0.0.1:9/matrix' }, token: (await make.admin()).token });
  return res.data.id;
};

/** An integration token of the first user's: the second user and administrators cannot revoke it. */
const usersApiToken = async (user: TestSubject) =>
  (await callSpec(apiTokenCalls.create, { body: { name: 'Matrix' }, token: user.token })).data.id;
/** A share link of the first user's, of a station it sees: the second user may neither see nor change it. */
const usersShareLink = async (user: TestSubject) =>
  makeShareLink(user, { stations: [{ id: (await usersStation(user)).id, readings: ['H1'] }] });
const ownLink = { anonymous: 401, user: 200, 'second user': 404, administrator: 200 };

let pushEndpoints = 0;
const pushSubscription = async () =>
  (await newDevice(`https://push.matrix.test/${Date.now().toString(36)}-${pushEndpoints++}`)).subscription;
/** A push device of the first user's: nobody else removes it, administrators neither. */
const usersDevice = async (user: TestSubject) =>
  (await callSpec(pushCalls.subscribe, { body: await pushSubscription(), token: user.token })).data.id;
const ownDevice = { anonymous: 401, user: 200, 'second user': 404, administrator: 404 };

const rule = async () =>
  (await addRule(await make.admin(), { item_id: (await make.station()).id, kind: 'no_data', silence_minutes: 60 })).id as number;

const cases: Case[] = [
  { name: 'GET /rest/api', expected: signedIn, build: async () => ({ method: 'GET', path: '/rest/api?from=2026-01-01&to=2026-01-31' }) },
  {
    name: 'GET /rest/api/item',
    expected: { anonymous: 401, user: 200, 'second user': 403, administrator: 200 },
    build: async ({ user }) => ({
      method: 'GET',
      path: `/rest/api/item?id=${(await usersStation(user)).uniqueId}&from=2026-01-01&to=2026-01-02`,
    }),
  },
  {
    name: 'GET /rest/api/item/readings',
    expected: ownStation,
    build: async ({ user }) => ({
      method: 'GET',
      path: `/rest/api/item/readings?id=${(await usersStation(user)).uniqueId}&from=2026-01-01&to=2026-01-02`,
    }),
  },
  {
    name: 'POST /rest/site/login',
    expected: publicCall(200),
    build: async () => {
      const s = await make.subject();
      return { method: 'POST', path: '/rest/site/login', body: { LoginForm: { username: s.username, password: s.password } } };
    },
  },
  {
    name: 'POST /rest/site/signup',
    expected: publicCall(200),
    build: async () => ({
      method: 'POST',
      path: '/rest/site/signup',
      body: { SignupForm: { email: uniqueEmail('signup'), password: 'secret1', firstName: 'A', secondName: 'B' } },
    }),
  },
  {
    name: 'POST /rest/site/reset-password',
    expected: publicCall(200),
    build: async () => ({
      method: 'POST',
      path: '/rest/site/reset-password',
      body: { PasswordResetRequestForm: { email: uniqueEmail() } },
    }),
  },
  {
    name: 'POST /rest/site/set-password (unknown token)',
    expected: publicCall(400),
    build: async () => ({ method: 'POST', path: '/rest/site/set-password', body: { NewPwd: { password: 'secret1' }, token: 'nope' } }),
  },
  { name: 'POST /rest/site/logout', expected: signedIn, build: async () => ({ method: 'POST', path: '/rest/site/logout' }) },
  { name: 'GET /rest/subjects/user', expected: signedIn, build: async () => ({ method: 'GET', path: '/rest/subjects/user' }) },
  { name: 'GET /rest/items/user-items', expected: signedIn, build: async () => ({ method: 'GET', path: '/rest/items/user-items' }) },
  {
    name: 'POST /rest/subjects/profile',
    expected: signedIn,
    build: async () => ({
      method: 'POST',
      path: '/rest/subjects/profile',
      // A new e-mail needs the current password: every test subject has make.subject's default one.
      body: { Users: { ...subjectForm(), password: undefined, currentPassword: 'correct horse' } },
    }),
  },
  { name: 'GET /rest/subjects', expected: adminOnly, build: async () => ({ method: 'GET', path: '/rest/subjects' }) },
  {
    name: 'GET /rest/subjects?status=pending',
    expected: adminOnly,
    build: async () => ({ method: 'GET', path: '/rest/subjects?status=pending' }),
  },
  {
    name: 'GET /rest/subjects/edit',
    expected: adminOnly,
    build: async ({ user }) => ({ method: 'GET', path: `/rest/subjects/edit?id=${user.id}` }),
  },
  {
    name: 'POST /rest/subjects/edit',
    expected: adminOnly,
    build: async () => ({ method: 'POST', path: '/rest/subjects/edit', body: { Users: subjectForm() } }),
  },
  {
    name: 'GET /rest/subjects/delete',
    expected: adminOnly,
    build: async () => ({ method: 'GET', path: `/rest/subjects/delete?id=${(await make.subject()).id}` }),
  },
  {
    name: 'POST /rest/subjects/delete',
    expected: adminOnly,
    build: async () => ({ method: 'POST', path: `/rest/subjects/delete?id=${(await make.subject()).id}` }),
  },
  {
    name: 'POST /rest/subjects/items',
    expected: adminOnly,
    build: async ({ user }) => ({
      method: 'POST',
      path: `/rest/subjects/items?id=${user.id}`,
      body: { ItemsSubject: [(await make.station()).id] },
    }),
  },
  {
    name: 'POST /rest/subjects/groups',
    expected: adminOnly,
    build: async ({ user }) => ({
      method: 'POST',
      path: `/rest/subjects/groups?id=${user.id}`,
      body: { SubjectGroups: [(await make.group()).id] },
    }),
  },
  {
    name: 'POST /rest/subjects/approve',
    expected: adminOnly,
    build: async () => ({ method: 'POST', path: `/rest/subjects/approve?id=${(await make.subject({ status: 'pending' })).id}` }),
  },
  {
    name: 'POST /rest/subjects/reject',
    expected: adminOnly,
    build: async () => ({ method: 'POST', path: `/rest/subjects/reject?id=${(await make.subject({ status: 'pending' })).id}` }),
  },
  { name: 'GET /rest/items', expected: adminOnly, build: async () => ({ method: 'GET', path: '/rest/items' }) },
  {
    name: 'GET /rest/items/edit',
    expected: adminOnly,
    build: async () => ({ method: 'GET', path: `/rest/items/edit?id=${(await make.station()).id}` }),
  },
  {
    name: 'POST /rest/items/edit',
    expected: adminOnly,
    build: async () => ({
      method: 'POST',
      path: '/rest/items/edit',
      body: { Items: { name: 'Matrix well', unique_id: crypto.randomUUID() } },
    }),
  },
  {
    name: 'POST /rest/items/groups',
    expected: adminOnly,
    build: async () => ({
      method: 'POST',
      path: `/rest/items/groups?id=${(await make.station()).id}`,
      body: { ItemGroups: [(await make.group()).id] },
    }),
  },
  {
    name: 'POST /rest/items/subjects',
    expected: adminOnly,
    build: async ({ user }) => ({
      method: 'POST',
      path: `/rest/items/subjects?id=${(await make.station()).id}`,
      body: { ItemSubjects: [user.id] },
    }),
  },
  {
    name: 'POST /rest/items/token',
    expected: adminOnly,
    build: async () => ({ method: 'POST', path: `/rest/items/token?id=${(await make.station()).id}` }),
  },
  {
    name: 'GET /rest/items/line-fields',
    expected: adminOnly,
    build: async () => ({ method: 'GET', path: `/rest/items/line-fields?id=${(await make.station()).id}` }),
  },
  {
    name: 'POST /rest/items/line-fields',
    expected: adminOnly,
    build: async () => ({
      method: 'POST',
      path: `/rest/items/line-fields?id=${(await make.station()).id}`,
      body: { LineFields: { fields: [{ field: 'level', code: 'H1' }] } },
    }),
  },
  {
    name: 'POST /rest/legacy-readings/copy',
    expected: adminOnly,
    build: async () => ({ method: 'POST', path: '/rest/legacy-readings/copy?limit=10' }),
  },
  { name: 'GET /rest/health', expected: adminOnly, build: async () => ({ method: 'GET', path: '/rest/health' }) },
  { name: 'POST /rest/rollup/migrate', expected: adminOnly, build: async () => ({ method: 'POST', path: '/rest/rollup/migrate' }) },
  { name: 'GET /rest/groups', expected: adminOnly, build: async () => ({ method: 'GET', path: '/rest/groups' }) },
  {
    name: 'GET /rest/groups/edit',
    expected: adminOnly,
    build: async () => ({ method: 'GET', path: `/rest/groups/edit?id=${(await make.group()).id}` }),
  },
  {
    name: 'POST /rest/groups/edit',
    expected: adminOnly,
    build: async () => ({ method: 'POST', path: '/rest/groups/edit', body: { Groups: { name: 'Matrix group' } } }),
  },
  {
    name: 'GET /rest/groups/delete',
    expected: adminOnly,
    build: async () => ({ method: 'GET', path: `/rest/groups/delete?id=${(await make.group()).id}` }),
  },
  {
    name: 'POST /rest/groups/delete',
    expected: adminOnly,
    build: async () => ({ method: 'POST', path: `/rest/groups/delete?id=${(await make.group()).id}` }),
  },
  {
    name: 'POST /rest/groups/items',
    expected: adminOnly,
    build: async () => ({
      method: 'POST',
      path: `/rest/groups/items?id=${(await make.group()).id}`,
      body: { GroupItems: [(await make.station()).id] },
    }),
  },
  {
    name: 'GET /rest/alarm-rules',
    expected: ownStation,
    build: async ({ user }) => ({ method: 'GET', path: `/rest/alarm-rules?item_id=${(await usersStation(user)).id}` }),
  },
  {
    name: 'POST /rest/alarm-rules/edit',
    expected: adminOnly,
    build: async () => ({
      method: 'POST',
      path: '/rest/alarm-rules/edit',
      body: { AlarmRules: { item_id: (await make.station()).id, kind: 'low_voltage' } },
    }),
  },
  {
    name: 'POST /rest/alarm-rules/delete',
    expected: adminOnly,
    build: async () => ({ method: 'POST', path: `/rest/alarm-rules/delete?id=${await rule()}` }),
  },
  {
    name: 'POST /rest/alarm-rules/preview',
    expected: adminOnly,
    build: async () => ({
      method: 'POST',
      path: '/rest/alarm-rules/preview',
      body: { AlarmRules: { item_id: (await make.station()).id, kind: 'above', reading: 'H1', threshold: 1 } },
    }),
  },
  {
    name: 'GET /rest/alarms',
    expected: ownStation,
    build: async ({ user }) => ({ method: 'GET', path: `/rest/alarms?item_id=${(await usersStation(user)).id}` }),
  },
  { name: 'GET /rest/alarms (all visible)', expected: signedIn, build: async () => ({ method: 'GET', path: '/rest/alarms?state=open' }) },
  {
    name: 'GET /rest/alarms/statistics',
    expected: signedIn,
    build: async () => ({ method: 'GET', path: '/rest/alarms/statistics?days=7' }),
  },
  {
    name: 'POST /rest/alarms/acknowledge',
    expected: ownStation,
    build: async ({ user }) => ({
      method: 'POST',
      path: `/rest/alarms/acknowledge?id=${await usersAlarm(user)}`,
      body: { AlarmAcknowledge: { note: 'Seen' } },
    }),
  },
  {
    name: 'GET /rest/notifications/settings',
    expected: signedIn,
    build: async () => ({ method: 'GET', path: '/rest/notifications/settings' }),
  },
  {
    name: 'POST /rest/notifications/settings',
    expected: signedIn,
    build: async () => ({ method: 'POST', path: '/rest/notifications/settings', body: { NotificationSettings: { mode: 'critical' } } }),
  },
  { name: 'GET /rest/push/key', expected: signedIn, build: async () => ({ method: 'GET', path: '/rest/push/key' }) },
  { name: 'GET /rest/push/devices', expected: signedIn, build: async () => ({ method: 'GET', path: '/rest/push/devices' }) },
  {
    name: 'POST /rest/push/devices',
    expected: signedIn,
    build: async () => ({ method: 'POST', path: '/rest/push/devices', body: { PushSubscribe: await pushSubscription() } }),
  },
  {
    name: 'POST /rest/push/devices/delete',
    expected: ownDevice,
    build: async ({ user }) => ({ method: 'POST', path: `/rest/push/devices/delete?id=${await usersDevice(user)}` }),
  },
  // Sends to the caller's own devices (none here) only.
  { name: 'POST /rest/push/test', expected: signedIn, build: async () => ({ method: 'POST', path: '/rest/push/test' }) },
  { name: 'GET /rest/webhooks', expected: adminOnly, build: async () => ({ method: 'GET', path: '/rest/webhooks' }) },
  {
    name: 'GET /rest/webhooks/edit',
    expected: adminOnly,
    build: async () => ({ method: 'GET', path: `/rest/webhooks/edit?id=${await webhook()}` }),
  },
  {
    name: 'POST /rest/webhooks/edit',
    expected: adminOnly,
    build: async () => ({
      method: 'POST',
      path: '/rest/webhooks/edit',
      body: { Webhooks: { url: 'https://example.com/matrix', events: ['alarm.fired'] } },
    }),
  },
  {
    name: 'POST /rest/webhooks/delete',
    expected: adminOnly,
    build: async () => ({ method: 'POST', path: `/rest/webhooks/delete?id=${await webhook()}` }),
  },
  {
    name: 'POST /rest/webhooks/test',
    expected: adminOnly,
    build: async () => ({ method: 'POST', path: `/rest/webhooks/test?id=${await webhook()}` }),
  },
  { name: 'GET /rest/api-tokens', expected: signedIn, build: async () => ({ method: 'GET', path: '/rest/api-tokens' }) },
  {
    name: 'POST /rest/api-tokens/create',
    expected: signedIn,
    build: async () => ({ method: 'POST', path: '/rest/api-tokens/create', body: { ApiToken: { name: 'Matrix' } } }),
  },
  {
    name: 'POST /rest/api-tokens/revoke',
    expected: { anonymous: 401, user: 200, 'second user': 404, administrator: 404 },
    build: async ({ user }) => ({ method: 'POST', path: `/rest/api-tokens/revoke?id=${await usersApiToken(user)}` }),
  },
  {
    name: 'GET /rest/webhooks/deliveries',
    expected: adminOnly,
    build: async () => ({ method: 'GET', path: `/rest/webhooks/deliveries?id=${await webhook()}` }),
  },
  { name: 'GET /rest/share-links', expected: signedIn, build: async () => ({ method: 'GET', path: '/rest/share-links' }) },
  {
    name: 'GET /rest/share-links/edit',
    expected: ownLink,
    build: async ({ user }) => ({ method: 'GET', path: `/rest/share-links/edit?id=${(await usersShareLink(user)).id}` }),
  },
  {
    name: 'POST /rest/share-links/edit',
    // Anyone signed in shares what it sees: the second user does not see the first user's station.
    expected: { anonymous: 401, user: 200, 'second user': 422, administrator: 200 },
    build: async ({ user }) => ({
      method: 'POST',
      path: '/rest/share-links/edit',
      body: { ShareLinks: { title: 'Matrix link', window_days: 7, stations: [{ id: (await usersStation(user)).id, readings: ['H1'] }] } },
    }),
  },
  {
    name: 'POST /rest/share-links/revoke',
    expected: ownLink,
    build: async ({ user }) => ({ method: 'POST', path: `/rest/share-links/revoke?id=${(await usersShareLink(user)).id}` }),
  },
  {
    name: 'GET /rest/share/{secret}',
    expected: publicCall(200),
    build: async ({ user }) => ({ method: 'GET', path: `/rest/share/${(await usersShareLink(user)).secret}` }),
  },
  {
    name: 'GET /rest/share/{secret}/chart',
    expected: publicCall(200),
    build: async ({ user }) => {
      const link = await usersShareLink(user);
      return { method: 'GET', path: `/rest/share/${link.secret}/chart?station=${link.stations[0].unique_id}` };
    },
  },
  {
    name: 'GET /rest/quality',
    expected: ownStation,
    build: async ({ user }) => ({ method: 'GET', path: `/rest/quality?id=${(await usersStation(user)).id}` }),
  },
  {
    name: 'GET /rest/quality/log',
    expected: ownStation,
    build: async ({ user }) => ({ method: 'GET', path: `/rest/quality/log?id=${(await usersStation(user)).id}` }),
  },
  {
    name: 'GET /rest/quality/flags',
    expected: ownStation,
    build: async ({ user }) => ({
      method: 'GET',
      path: `/rest/quality/flags?id=${(await usersStation(user)).id}&reading=H1&from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z`,
    }),
  },
  {
    name: 'POST /rest/quality/flag',
    // Seeing a station is not enough: administrators, and subjects granted quality control on it or its group.
    expected: qualityControl,
    build: async ({ user }) => ({
      method: 'POST',
      path: `/rest/quality/flag?id=${(await qualityStation(user)).id}`,
      body: { QualityFlag: { reading: 'H1', from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z', flag: 'suspect', note: 'Matrix.' } },
    }),
  },
  {
    name: 'POST /rest/quality/flag (seen without the right)',
    expected: { anonymous: 401, user: 403, 'second user': 403, administrator: 200 },
    build: async ({ user }) => ({
      method: 'POST',
      path: `/rest/quality/flag?id=${(await usersStation(user)).id}`,
      body: { QualityFlag: { reading: 'H1', from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z', flag: 'suspect', note: 'Matrix.' } },
    }),
  },
  {
    name: 'POST /rest/quality/checks',
    expected: qualityControl,
    build: async ({ user }) => ({
      method: 'POST',
      path: `/rest/quality/checks?id=${(await qualityStation(user)).id}`,
      body: { QualityChecks: { checks: [] } },
    }),
  },
  {
    name: 'POST /rest/quality/approve',
    expected: adminOnly,
    build: async () => {
      // A range is approved only where readings are stored.
      const station = await make.station({ token: true });
      await ingest('danes', station.token, { rows: series('2026-01-01T08:00:00Z', 10, [2]) });
      return { method: 'POST', path: `/rest/quality/approve?id=${station.id}`, body: { QualityApprove: { to: '2026-01-01' } } };
    },
  },
  {
    name: 'GET /rest/quality/levels',
    expected: signedIn,
    build: async () => ({ method: 'GET', path: '/rest/quality/levels' }),
  },
  {
    name: 'POST /rest/quality/levels',
    expected: adminOnly,
    build: async () => ({
      method: 'POST',
      path: '/rest/quality/levels',
      // The list as it stands: the call changes nothing.
      body: { ApprovalLevels: { levels: (await call('GET', '/rest/quality/levels', { token: (await make.admin()).token })).json.data } },
    }),
  },
  {
    name: 'POST /rest/quality/withdraw',
    expected: adminOnly,
    build: async ({ user }) => ({
      method: 'POST',
      path: `/rest/quality/withdraw?id=${(await qualityStation(user)).id}`,
      body: { QualityWithdraw: { note: 'Matrix.' } },
    }),
  },
  {
    name: 'GET /rest/corrections',
    expected: ownStation,
    build: async ({ user }) => ({ method: 'GET', path: `/rest/corrections?id=${(await usersStation(user)).id}` }),
  },
  {
    name: 'POST /rest/corrections',
    expected: qualityControl,
    build: async ({ user }) => ({
      method: 'POST',
      path: `/rest/corrections?id=${(await qualityStation(user)).id}`,
      body: { Correction: { reading: 'H1', kind: 'offset', from: '2026-01-01T00:00:00Z', amount: 0.1, note: 'Matrix.' } },
    }),
  },
  {
    name: 'POST /rest/corrections (seen without the right)',
    expected: { anonymous: 401, user: 403, 'second user': 403, administrator: 200 },
    build: async ({ user }) => ({
      method: 'POST',
      path: `/rest/corrections?id=${(await usersStation(user)).id}`,
      body: { Correction: { reading: 'H1', kind: 'offset', from: '2026-01-01T00:00:00Z', amount: 0.1, note: 'Matrix.' } },
    }),
  },
  {
    name: 'POST /rest/corrections/remove',
    expected: qualityControl,
    build: async ({ user }) => {
      const station = await qualityStation(user);
      const added = await callSpec(correctionCalls.add, {
        query: { id: station.id },
        body: { reading: 'H1', kind: 'offset', from: '2026-01-01T00:00:00Z', amount: 0.1, note: 'Matrix.' },
        token: (await make.admin()).token,
      });
      return {
        method: 'POST',
        path: `/rest/corrections/remove?id=${station.id}`,
        body: { CorrectionRemoval: { correction: added.data.id, note: 'Matrix.' } },
      };
    },
  },
  {
    name: 'GET /rest/corrections/drift',
    expected: ownStation,
    build: async ({ user }) => {
      const station = await make.station({ viewers: [user], token: true });
      await ingest('danes', station.token, { rows: series('2026-01-01T00:00:00Z', 60, [1, 1]) });
      return {
        method: 'GET',
        path: `/rest/corrections/drift?id=${station.id}&reading=H1&from=2026-01-01T00:00:00Z&to=2026-01-01T01:00:00Z&start_value=1&end_value=1.1`,
      };
    },
  },
  {
    name: 'GET /rest/ratings',
    expected: ownStation,
    build: async ({ user }) => ({ method: 'GET', path: `/rest/ratings?id=${(await usersStation(user)).id}` }),
  },
  {
    name: 'POST /rest/ratings/versions',
    expected: qualityControl,
    build: async ({ user }) => ({
      method: 'POST',
      path: `/rest/ratings/versions?id=${(await qualityStation(user)).id}`,
      body: { RatingVersion: ratingVersion },
    }),
  },
  {
    name: 'POST /rest/ratings/versions (seen without the right)',
    expected: { anonymous: 401, user: 403, 'second user': 403, administrator: 200 },
    build: async ({ user }) => ({
      method: 'POST',
      path: `/rest/ratings/versions?id=${(await usersStation(user)).id}`,
      body: { RatingVersion: ratingVersion },
    }),
  },
  {
    name: 'POST /rest/ratings/versions/replace',
    expected: qualityControl,
    build: async ({ user }) => {
      const { station, version, points } = await ratedStation(user);
      return {
        method: 'POST',
        path: `/rest/ratings/versions/replace?id=${station.id}`,
        body: { RatingVersionReplace: { version, reading: 'H1', from: '2026-01-01T00:00:00Z', points, note: 'Matrix.' } },
      };
    },
  },
  {
    name: 'POST /rest/ratings/versions/remove',
    expected: qualityControl,
    build: async ({ user }) => {
      const { station, version } = await ratedStation(user);
      return {
        method: 'POST',
        path: `/rest/ratings/versions/remove?id=${station.id}`,
        body: { RatingRemoval: { id: version, note: 'Matrix.' } },
      };
    },
  },
  {
    name: 'POST /rest/ratings/shifts',
    expected: qualityControl,
    build: async ({ user }) => {
      const { station, version } = await ratedStation(user);
      return {
        method: 'POST',
        path: `/rest/ratings/shifts?id=${station.id}`,
        body: { Shift: { version, at: '2026-03-01T00:00:00Z', points: [{ stage: 1, shift: 0.02 }], note: 'Matrix.' } },
      };
    },
  },
  {
    name: 'POST /rest/ratings/shifts/remove',
    expected: qualityControl,
    build: async ({ user }) => {
      const { station, shift } = await ratedStation(user);
      return {
        method: 'POST',
        path: `/rest/ratings/shifts/remove?id=${station.id}`,
        body: { RatingRemoval: { id: shift, note: 'Matrix.' } },
      };
    },
  },
  {
    name: 'POST /rest/ratings/gaugings',
    expected: qualityControl,
    build: async ({ user }) => ({
      method: 'POST',
      path: `/rest/ratings/gaugings?id=${(await qualityStation(user)).id}`,
      body: {
        Gaugings: {
          gaugings: [{ reading: 'H1', at: '2026-02-02T00:00:00Z', stage: 1, discharge: 20, method: 'ADCP', measured_by: 'Matrix' }],
        },
      },
    }),
  },
  {
    name: 'POST /rest/ratings/gaugings/remove',
    expected: qualityControl,
    build: async ({ user }) => {
      const { station, gauging } = await ratedStation(user);
      return {
        method: 'POST',
        path: `/rest/ratings/gaugings/remove?id=${station.id}`,
        body: { RatingRemoval: { id: gauging, note: 'Matrix.' } },
      };
    },
  },
  {
    name: 'POST /rest/ratings/import',
    expected: qualityControl,
    build: async ({ user }) => ({
      method: 'POST',
      path: `/rest/ratings/import?id=${(await qualityStation(user)).id}`,
      body: {
        RatingImport: {
          reading: 'H1',
          from: '2026-01-01T00:00:00Z',
          format: 'csv',
          text: 'stage,discharge\n0.1,0.5\n2,40\n',
          note: 'Matrix.',
        },
      },
    }),
  },
  {
    name: 'GET /rest/ratings/export',
    expected: ownStation,
    build: async ({ user }) => {
      const { station, version } = await ratedStation(user);
      return { method: 'GET', path: `/rest/ratings/export?id=${station.id}&version=${version}&format=csv` };
    },
  },
  {
    name: 'GET /rest/ratings/in-effect',
    expected: ownStation,
    build: async ({ user }) => ({
      method: 'GET',
      path: `/rest/ratings/in-effect?id=${(await usersStation(user)).id}&reading=H1&at=2026-02-01T00:00:00Z`,
    }),
  },
  {
    name: 'POST /rest/ratings/rate',
    expected: ownStation,
    build: async ({ user }) => ({
      method: 'POST',
      path: `/rest/ratings/rate?id=${(await usersStation(user)).id}`,
      body: { Rate: { reading: 'H1', at: '2026-02-01T00:00:00Z', values: [1] } },
    }),
  },
  {
    name: 'POST /rest/ratings/reverse',
    expected: ownStation,
    build: async ({ user }) => ({
      method: 'POST',
      path: `/rest/ratings/reverse?id=${(await usersStation(user)).id}`,
      body: { Rate: { reading: 'H1', at: '2026-02-01T00:00:00Z', values: [20] } },
    }),
  },
  {
    name: 'GET /rest/levels',
    expected: ownStation,
    build: async ({ user }) => ({ method: 'GET', path: `/rest/levels?id=${(await usersStation(user)).id}` }),
  },
  {
    name: 'POST /rest/levels/references',
    expected: qualityControl,
    build: async ({ user }) => ({
      method: 'POST',
      path: `/rest/levels/references?id=${(await qualityStation(user)).id}`,
      body: {
        LevelReference: {
          reading: 'H1',
          from: '2026-01-01T00:00:00Z',
          ground_elevation: 250,
          mp_elevation: 250.5,
          datum: 'Bpv',
          mode: 'depth_below_mp',
          note: 'Matrix.',
        },
      },
    }),
  },
  {
    name: 'POST /rest/levels/measurements',
    expected: qualityControl,
    build: async ({ user }) => ({
      method: 'POST',
      path: `/rest/levels/measurements?id=${(await qualityStation(user)).id}`,
      body: { Measurements: { measurements: [{ reading: 'H1', at: '2026-01-01T00:00:00Z', depth: 3, measured_by: 'M', method: 'tape' }] } },
    }),
  },
  {
    name: 'POST /rest/levels/measurements/import',
    expected: qualityControl,
    build: async ({ user }) => ({
      method: 'POST',
      path: `/rest/levels/measurements/import?id=${(await qualityStation(user)).id}`,
      body: { MeasurementsCsv: { reading: 'H1', csv: 'time,depth\n2026-01-01T00:00:00Z,3\n' } },
    }),
  },
  ...(['edit', 'remove'] as const).flatMap((change) => [
    {
      name: `POST /rest/levels/references/${change}`,
      expected: qualityControl,
      build: async ({ user }: { user: TestSubject }) => {
        const station = await qualityStation(user);
        const period = {
          reading: 'H1',
          from: '2026-01-01T00:00:00Z',
          ground_elevation: 250,
          mp_elevation: 250.5,
          datum: 'Bpv',
          mode: 'depth_below_mp' as const,
          note: 'Matrix.',
        };
        const added = await callSpec(levelCalls.reference, { query: { id: station.id }, body: period, token: (await make.admin()).token });
        const body =
          change === 'edit'
            ? { LevelReferenceEdit: { reference: added.data.id, ...period, mp_elevation: 250.6 } }
            : { LevelReferenceRemoval: { reference: added.data.id, note: 'Matrix.' } };
        return { method: 'POST' as const, path: `/rest/levels/references/${change}?id=${station.id}`, body };
      },
    },
    {
      name: `POST /rest/levels/measurements/${change}`,
      expected: qualityControl,
      build: async ({ user }: { user: TestSubject }) => {
        const station = await qualityStation(user);
        const measurement = { reading: 'H1', at: '2026-01-01T00:00:00Z', depth: 3, measured_by: 'M', method: 'tape' };
        const added = await callSpec(levelCalls.measurements, {
          query: { id: station.id },
          body: { measurements: [measurement] },
          token: (await make.admin()).token,
        });
        const body =
          change === 'edit'
            ? { MeasurementEdit: { measurement: added.data[0].id, ...measurement, depth: 3.1, reason: 'Matrix.' } }
            : { MeasurementRemoval: { measurement: added.data[0].id, note: 'Matrix.' } };
        return { method: 'POST' as const, path: `/rest/levels/measurements/${change}?id=${station.id}`, body };
      },
    },
  ]),
  {
    name: 'GET /rest/warning-levels',
    expected: ownStation,
    build: async ({ user }) => ({ method: 'GET', path: `/rest/warning-levels?item_id=${(await usersStation(user)).id}` }),
  },
  {
    name: 'GET /rest/warning-levels/events',
    expected: ownStation,
    build: async ({ user }) => ({ method: 'GET', path: `/rest/warning-levels/events?item_id=${(await usersStation(user)).id}` }),
  },
  {
    name: 'POST /rest/warning-levels/edit',
    expected: adminOnly,
    build: async ({ user }) => ({
      method: 'POST',
      path: `/rest/warning-levels/edit?id=${(await usersStation(user)).id}`,
      body: { WarningLevels: { reading: 'H1', levels: [{ threshold: 2 }] } },
    }),
  },
  {
    name: 'POST /rest/warning-levels/delete',
    expected: adminOnly,
    build: async ({ user }) => ({ method: 'POST', path: `/rest/warning-levels/delete?id=${(await leveledStation(user)).id}&reading=H1` }),
  },
  { name: 'GET /rest/group-rules', expected: adminOnly, build: async () => ({ method: 'GET', path: '/rest/group-rules' }) },
  {
    name: 'POST /rest/group-rules/edit',
    expected: adminOnly,
    build: async ({ user }) => ({
      method: 'POST',
      path: '/rest/group-rules/edit',
      body: { GroupRules: { k: 1, members: [{ item_id: (await leveledStation(user)).id, reading: 'H1', level: 1 }] } },
    }),
  },
  {
    name: 'POST /rest/group-rules/delete',
    expected: adminOnly,
    build: async ({ user }) => {
      const saved = await callSpec(groupRuleCalls.save, {
        body: { k: 1, members: [{ item_id: (await leveledStation(user)).id, reading: 'H1', level: 1 }] },
        token: (await make.admin()).token,
      });
      if (saved.status !== 200) throw new Error(saved.text);
      return { method: 'POST', path: `/rest/group-rules/delete?id=${saved.data.id}` };
    },
  },
  { name: 'GET /rest/escalation-policies', expected: adminOnly, build: async () => ({ method: 'GET', path: '/rest/escalation-policies' }) },
  {
    name: 'POST /rest/escalation-policies/edit',
    expected: adminOnly,
    build: async ({ user }) => ({
      method: 'POST',
      path: '/rest/escalation-policies/edit',
      body: { EscalationPolicies: { name: 'Matrix', steps: [{ after_minutes: 0, subjects: [user.id] }] } },
    }),
  },
  {
    name: 'POST /rest/escalation-policies/delete',
    expected: adminOnly,
    build: async () => ({ method: 'POST', path: `/rest/escalation-policies/delete?id=${await policy({})}` }),
  },
  {
    name: 'GET /rest/escalations',
    expected: ownStation,
    build: async ({ user }) => ({ method: 'GET', path: `/rest/escalations?item_id=${(await usersStation(user)).id}` }),
  },
  {
    name: 'POST /rest/escalations/acknowledge',
    expected: ownStation,
    build: async ({ user }) => ({ method: 'POST', path: `/rest/escalations/acknowledge?id=${await usersEscalation(user)}`, body: {} }),
  },
  {
    name: 'GET /rest/maintenance',
    expected: ownStation,
    build: async ({ user }) => ({ method: 'GET', path: `/rest/maintenance?item_id=${(await usersStation(user)).id}` }),
  },
  {
    name: 'POST /rest/maintenance/edit',
    expected: adminOnly,
    build: async ({ user }) => ({
      method: 'POST',
      path: '/rest/maintenance/edit',
      body: { Maintenance: { item_id: (await usersStation(user)).id, minutes: 60 } },
    }),
  },
  {
    name: 'POST /rest/maintenance/delete',
    expected: adminOnly,
    build: async ({ user }) => {
      const station = await usersStation(user);
      const res = await callSpec(maintenanceCalls.save, { body: { item_id: station.id, minutes: 60 }, token: (await make.admin()).token });
      return { method: 'POST', path: `/rest/maintenance/delete?id=${res.data.id}` };
    },
  },
  {
    // Public, by the link's secret alone: an unknown one is gone for everyone alike.
    name: 'GET /rest/escalations/link',
    expected: publicCall(410),
    build: async () => ({ method: 'GET', path: `/rest/escalations/link?token=${'a'.repeat(40)}` }),
  },
  {
    name: 'POST /rest/escalations/link',
    expected: publicCall(410),
    build: async () => ({ method: 'POST', path: '/rest/escalations/link', body: { AckLink: { token: 'a'.repeat(40) } } }),
  },
];

describe('authorization matrix', () => {
  it.each(cases)('$name', async ({ expected, build }) => {
    const actual: Partial<Record<Role, number>> = {};
    for (const role of roles) {
      const user = await make.subject();
      const second = await make.subject();
      const admin = await make.admin();
      const token = { anonymous: null, user: user.token, 'second user': second.token, administrator: admin.token }[role];
      const request = await build({ user, second });
      const res = await call(request.method, request.path, { token, body: request.body as never });
      expect(res.json?.success, `${role}: ${res.text}`).toBe(res.status === 200);
      actual[role] = res.status;
    }
    expect(actual).toEqual(expected);
  });

  it('covers every documented call of the OpenAPI document', async () => {
    const doc = (await call('GET', '/rest/openapi.json')).json;
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} /rest${path.replace(/\/$/, '') || ''}`),
    );
    const covered = new Set(cases.map((c) => c.name.replace(/ \(.*\)$/, '').replace(/\?.*$/, '')));
    // Ingest takes station tokens, not sessions (ingest.test.ts); the live WebSockets have their own tests (live.test.ts, share-public.test.ts).
    const elsewhere = ['POST /rest/ingest/danes', 'POST /rest/ingest/uniwan', 'GET /rest/live', 'GET /rest/share/{secret}/live'];
    const uncovered = documented.filter((d) => !covered.has(d) && !elsewhere.includes(d));
    expect(uncovered).toEqual([]);
  });
});
