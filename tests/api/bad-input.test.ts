import { beforeAll, describe, expect, it } from 'vitest';
import { call, post } from '../support/api';
import { make, uniqueEmail, type TestSubject } from '../support/make';
import { ingest } from '../support/telemetry';

let admin: TestSubject;
beforeAll(async () => {
  admin = await make.admin();
});

const expectEnvelope = (res: { status: number; json: any; text: string }, status: number) => {
  expect(res.status, res.text).toBe(status);
  expect(res.json.success).toBe(false);
  expect(Object.keys(res.json.errors).length).toBeGreaterThan(0);
  expect(res.text).not.toMatch(/at .+\.(ts|js):\d+/);
};

const bodyCalls = [
  '/rest/site/login',
  '/rest/site/signup',
  '/rest/site/reset-password',
  '/rest/site/set-password',
  '/rest/subjects/edit',
  '/rest/subjects/profile',
  '/rest/subjects/items?id=1',
  '/rest/subjects/groups?id=1',
  '/rest/items/edit',
  '/rest/items/groups?id=1',
  '/rest/items/subjects?id=1',
  '/rest/groups/edit',
  '/rest/groups/items?id=1',
  '/rest/alarm-rules/edit',
  '/rest/alarm-rules/preview',
  '/rest/alarms/acknowledge?id=1',
  '/rest/notifications/settings',
  '/rest/webhooks/edit',
  '/rest/quality/checks?id=1',
  '/rest/quality/flag?id=1',
  '/rest/quality/approve?id=1',
  '/rest/quality/withdraw?id=1',
];

describe('every body', () => {
  it.each(bodyCalls)('%s: malformed JSON is a 400', async (path) => {
    expectEnvelope(await call('POST', path, { token: admin.token, rawBody: '{"LoginForm": {' }), 400);
  });

  it.each(bodyCalls)('%s: a JSON of the wrong shape is a 422', async (path) => {
    expectEnvelope(await call('POST', path, { token: admin.token, body: 'just a string' }), 422);
    expectEnvelope(await call('POST', path, { token: admin.token, body: 42 }), 422);
  });

  it.each(bodyCalls)('%s: a body over 1 MiB is a 413', async (path) => {
    const huge = JSON.stringify({ padding: 'x'.repeat(1024 * 1024 + 10) });
    expectEnvelope(await call('POST', path, { token: admin.token, rawBody: huge }), 413);
  });
});

describe('field rules, worded per field', () => {
  it('login: both fields required', async () => {
    const res = await post('/rest/site/login', { LoginForm: {} });
    expectEnvelope(res, 422);
    expect(res.json.errors).toEqual({ username: ['This field is required.'], password: ['This field is required.'] });
  });

  it('signup: e-mail format, password length, names required, wrong types', async () => {
    const res = await post('/rest/site/signup', { SignupForm: { email: 'not-an-email', password: '12345', firstName: '', secondName: 7 } });
    expectEnvelope(res, 422);
    expect(res.json.errors).toEqual({
      email: ['Enter a valid e-mail address.'],
      password: ['Enter at least 6 characters.'],
      firstName: ['This field is required.'],
      secondName: ['This value is not valid.'],
    });
  });

  it('reset: e-mail required and well-formed', async () => {
    expect((await post('/rest/site/reset-password', { PasswordResetRequestForm: { email: '' } })).json.errors.email).toEqual([
      'This field is required.',
    ]);
    expect((await post('/rest/site/reset-password', { email: 'a@b' })).json.errors.email).toEqual(['Enter a valid e-mail address.']);
  });

  it('set-password: at least 6 characters and a token', async () => {
    const res = await post('/rest/site/set-password', { NewPwd: { password: 'abc' } });
    expectEnvelope(res, 422);
    expect(res.json.errors.NewPwd).toEqual(['Enter at least 6 characters.']);
    expect(res.json.errors.token).toEqual(['This field is required.']);
  });

  it('subject form: username e-mail, names and organisation at least 3, password at least 6', async () => {
    const res = await post(
      '/rest/subjects/edit',
      { Users: { username: 'abc', firstName: 'Al', secondName: 'B', subject: 'X', password: '123', isAdmin: 'maybe' } },
      { token: admin.token },
    );
    expectEnvelope(res, 422);
    expect(res.json.errors).toMatchObject({
      username: ['Enter a valid e-mail address.'],
      firstName: ['Enter at least 3 characters.'],
      secondName: ['Enter at least 3 characters.'],
      subject: ['Enter at least 3 characters.'],
      isAdmin: ['This value is not valid.'],
    });
    expect(res.json.errors.password).toBeDefined();
  });

  it('profile: the same rules as the subject form', async () => {
    const user = await make.subject();
    const res = await post('/rest/subjects/profile', { Users: { username: uniqueEmail(), firstName: 'Jo' } }, { token: user.token });
    expectEnvelope(res, 422);
    expect(res.json.errors).toEqual({
      firstName: ['Enter at least 3 characters.'],
      secondName: ['This field is required.'],
      subject: ['This field is required.'],
    });
  });

  it('group: name at least 4 characters', async () => {
    const res = await post('/rest/groups/edit', { Groups: { name: 'abc' } }, { token: admin.token });
    expectEnvelope(res, 422);
    expect(res.json.errors).toEqual({ name: ['Enter at least 4 characters.'] });
  });

  it('item: name at least 4, unique_id required, coordinates in range, a real time zone and source', async () => {
    const res = await post(
      '/rest/items/edit',
      { Items: { name: 'abc', location_x: 91, location_y: 'east', name_for_api: 'OTHER', timezone: 'Mars/Olympus' } },
      { token: admin.token },
    );
    expectEnvelope(res, 422);
    expect(Object.keys(res.json.errors).sort()).toEqual(['location_x', 'location_y', 'name', 'name_for_api', 'timezone', 'unique_id']);
  });

  it('id lists: must be arrays of positive integers', async () => {
    for (const body of [{ ItemsSubject: ['a'] }, { ItemsSubject: [-1] }, { ItemsSubject: 5 }, { ItemsSubject: [1.5] }]) {
      expectEnvelope(await post(`/rest/subjects/items?id=${admin.id}`, body, { token: admin.token }), 422);
    }
  });
});

describe('query parameters', () => {
  const idCalls: ['GET' | 'POST', string][] = [
    ['GET', '/rest/subjects/edit'],
    ['GET', '/rest/subjects/delete'],
    ['POST', '/rest/subjects/approve'],
    ['POST', '/rest/subjects/reject'],
    ['POST', '/rest/subjects/items'],
    ['GET', '/rest/items/edit'],
    ['POST', '/rest/items/token'],
    ['POST', '/rest/items/groups'],
    ['GET', '/rest/groups/edit'],
    ['GET', '/rest/groups/delete'],
    ['POST', '/rest/groups/items'],
    ['POST', '/rest/alarm-rules/delete'],
    ['POST', '/rest/alarms/acknowledge'],
    ['GET', '/rest/webhooks/edit'],
    ['POST', '/rest/webhooks/delete'],
    ['POST', '/rest/webhooks/test'],
  ];

  it.each(idCalls)('%s %s: a non-numeric id is a 400 and an unknown one a 404', async (method, path) => {
    const body = path.endsWith('/acknowledge') ? {} : /\/(items|groups|subjects)$/.test(path) && method === 'POST' ? [] : undefined;
    for (const bad of ['abc', '-3', '1.5', '99999999999999999999']) {
      const res = await call(method, `${path}?id=${bad}`, { token: admin.token, body });
      expectEnvelope(res, 400);
      expect(res.json.errors.id).toBeDefined();
    }
    expectEnvelope(await call(method, `${path}?id=987654`, { token: admin.token, body }), 404);
  });

  it('a missing id is a 400 where one is required', async () => {
    expectEnvelope(await call('POST', '/rest/items/token', { token: admin.token }), 400);
  });

  it('an unknown subject status filter is a 400', async () => {
    expectEnvelope(await call('GET', '/rest/subjects?status=sleeping', { token: admin.token }), 400);
  });

  it('an unknown call is a 404 in the envelope', async () => {
    expectEnvelope(await call('GET', '/rest/nothing-here', { token: admin.token }), 404);
  });
});

describe('quality calls', () => {
  const flagBody = {
    QualityFlag: { reading: 'H1', from: '2026-01-01T00:00:00Z', to: '2026-01-01T01:00:00Z', flag: 'rejected', note: 'Bad.' },
  };
  const calls: ['GET' | 'POST', string, Record<string, unknown> | undefined][] = [
    ['GET', '/rest/quality', undefined],
    ['GET', '/rest/quality/log', undefined],
    ['POST', '/rest/quality/flag', flagBody],
    ['POST', '/rest/quality/checks', { QualityChecks: { checks: [] } }],
    ['POST', '/rest/quality/approve', { QualityApprove: { to: '2026-01-01' } }],
    ['POST', '/rest/quality/withdraw', { QualityWithdraw: { note: 'Recheck.' } }],
  ];

  it.each(calls)('%s %s: a non-numeric id is a 400 and an unknown one a 404', async (method, path, body) => {
    for (const bad of ['abc', '-3', '']) {
      const res = await call(method, `${path}?id=${bad}`, { token: admin.token, body: body as never });
      expectEnvelope(res, 400);
      expect(res.json.errors.id).toBeDefined();
    }
    expectEnvelope(await call(method, `${path}?id=987654`, { token: admin.token, body: body as never }), 404);
  });

  it('a flag edit names each bad field: reading, instants, flag, note, a range that runs backwards or over a year', async () => {
    const station = await make.station();
    const res = await post(
      `/rest/quality/flag?id=${station.id}`,
      { QualityFlag: { reading: 'XYZ', from: 'yesterday', to: 5, flag: 'awful', note: '' } },
      { token: admin.token },
    );
    expectEnvelope(res, 422);
    expect(Object.keys(res.json.errors).sort()).toEqual(['flag', 'from', 'note', 'reading', 'to']);
    const backwards = await post(
      `/rest/quality/flag?id=${station.id}`,
      { QualityFlag: { ...flagBody.QualityFlag, from: '2026-01-02T00:00:00Z' } },
      { token: admin.token },
    );
    expect(Object.keys(backwards.json.errors)).toEqual(['from']);
    const long = await post(
      `/rest/quality/flag?id=${station.id}`,
      { QualityFlag: { ...flagBody.QualityFlag, from: '2024-01-01T00:00:00Z' } },
      { token: admin.token },
    );
    expect(Object.keys(long.json.errors)).toEqual(['to']);
    const otherSource = await post(
      `/rest/quality/flag?id=${station.id}`,
      { QualityFlag: { ...flagBody.QualityFlag, reading: 'pressure' } },
      { token: admin.token },
    );
    expectEnvelope(otherSource, 422);
    expect(otherSource.json.errors.reading[0]).toMatch(/not a reading of DANES stations/);
  });

  it('check settings name the code and the field: a soft minimum above the maximum, a step that is not positive, a short flat line', async () => {
    const station = await make.station();
    const checks = (c: Record<string, unknown>) =>
      post(
        `/rest/quality/checks?id=${station.id}`,
        {
          QualityChecks: {
            checks: [{ reading: 'H1', soft_min: null, soft_max: null, max_step: null, max_rate: null, flat_minutes: null, ...c }],
          },
        },
        { token: admin.token },
      );
    for (const bad of [
      { soft_min: 5, soft_max: 1 },
      { max_step: 0 },
      { max_rate: -1 },
      { flat_minutes: 5 },
      { soft_min: 'low' },
      { reading: 'pressure' },
    ]) {
      const res = await checks(bad);
      expectEnvelope(res, 422);
      // Rules of a field are named by the list; a code of another source by its entry.
      expect(Object.keys(res.json.errors), JSON.stringify(bad)).toEqual(['reading' in bad ? 'checks.0' : 'checks']);
    }
    const twice = await post(
      `/rest/quality/checks?id=${station.id}`,
      {
        QualityChecks: {
          checks: [
            { reading: 'H1', soft_min: null, soft_max: null, max_step: null, max_rate: null, flat_minutes: null },
            { reading: 'H1', soft_min: null, soft_max: null, max_step: null, max_rate: null, flat_minutes: null },
          ],
        },
      },
      { token: admin.token },
    );
    expect(Object.keys(twice.json.errors)).toEqual(['checks']);
  });

  it('approval needs a real day, a withdrawal a note; the flags query needs instants in order', async () => {
    const station = await make.station();
    const approve = await post(
      `/rest/quality/approve?id=${station.id}`,
      { QualityApprove: { to: '2026-02-30', reading: 'XYZ' } },
      { token: admin.token },
    );
    expectEnvelope(approve, 422);
    expect(Object.keys(approve.json.errors).sort()).toEqual(['reading', 'to']);
    const withdraw = await post(`/rest/quality/withdraw?id=${station.id}`, { QualityWithdraw: { from: 'soon' } }, { token: admin.token });
    expect(Object.keys(withdraw.json.errors).sort()).toEqual(['from', 'note']);
    const flags = await call(
      'GET',
      `/rest/quality/flags?id=${station.id}&reading=H1&from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z&at=never`,
      { token: admin.token },
    );
    expectEnvelope(flags, 400);
    expect(Object.keys(flags.json.errors).sort()).toEqual(['at', 'from']);
    expectEnvelope(await call('GET', `/rest/quality/log?id=${station.id}&limit=0`, { token: admin.token }), 400);
  });
});

describe('error texts say what is wrong', () => {
  it('an ingest batch over the row limit: at most 5,000 rows per request', async () => {
    const station = await make.station();
    const rows = Array.from({ length: 5001 }, () => ({ data_name: 'H1', data_value: 1, date: '2026-01-01T00:00:00Z' }));
    const res = await ingest('danes', await make.importerToken(), { unique_id: station.uniqueId, rows });
    expectEnvelope(res, 422);
    expect(res.json.errors.rows).toEqual(['Send at most 5,000 rows per request.']);
  });

  it('a dashboard or chart range that ends before it starts: from must not be after to', async () => {
    const station = await make.station();
    for (const path of ['/rest/api?from=2026-02-02&to=2026-02-01', `/rest/api/item?id=${station.uniqueId}&from=2026-02-02&to=2026-02-01`]) {
      const res = await call('GET', path, { token: admin.token });
      expectEnvelope(res, 400);
      expect(res.json.errors.from).toEqual(['from must not be after to.']);
    }
  });

  it('an item time zone that does not exist: unknown time zone', async () => {
    const res = await post(
      '/rest/items/edit',
      { Items: { name: 'Well four', unique_id: 'TZ-1', timezone: 'Mars/Olympus' } },
      { token: admin.token },
    );
    expectEnvelope(res, 422);
    expect(res.json.errors.timezone).toEqual(['This is an unknown time zone: use an IANA name such as Europe/Prague.']);
  });
});
