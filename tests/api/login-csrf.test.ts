import { describe, expect, it } from 'vitest';
import { call, origin, post } from '../support/api';
import { make, uniqueEmail, type TestSubject } from '../support/make';

/** Each public call with a body, and a body it would accept. */
const publicCalls = async (subject: TestSubject): Promise<[string, Record<string, unknown>][]> => [
  ['/rest/site/login', { username: subject.username, password: subject.password }],
  ['/rest/site/signup', { email: uniqueEmail('csrf'), password: 'secret1', firstName: 'A', secondName: 'B' }],
  ['/rest/site/reset-password', { email: subject.username }],
  ['/rest/site/set-password', { NewPwd: { password: 'brand new' }, token: 'a'.repeat(40) }],
];

describe('another site cannot post to the public calls', () => {
  it('refuses a form post (urlencoded, multipart or text/plain) with 415, even one that spells JSON', async () => {
    const subject = await make.subject();
    for (const [path, body] of await publicCalls(subject)) {
      for (const [type, raw] of [
        ['application/x-www-form-urlencoded', new URLSearchParams(body as Record<string, string>).toString()],
        ['multipart/form-data; boundary=x', `--x\r\nContent-Disposition: form-data; name="username"\r\n\r\nx\r\n--x--`],
        // A cross-site <form enctype="text/plain"> can send a body that parses as JSON.
        ['text/plain', JSON.stringify(body)],
      ]) {
        const res = await call('POST', path, { rawBody: raw, headers: { 'Content-Type': type } });
        expect(res.status, `${path} as ${type}`).toBe(415);
        expect(res.json).toEqual({ success: false, errors: { _: ['Send the body as JSON (Content-Type: application/json).'] } });
      }
    }
  });

  it('refuses a cross-site Origin with 403 and lets the app itself and scripts without Origin through', async () => {
    const subject = await make.subject();
    for (const [path, body] of await publicCalls(subject)) {
      for (const crossSite of ['https://evil.example', 'null', 'http://hladina.test.evil.example']) {
        const res = await post(path, body, { headers: { Origin: crossSite } });
        expect(res.status, `${path} from ${crossSite}`).toBe(403);
        expect(res.json.success).toBe(false);
      }
    }
    const signIn = { LoginForm: { username: subject.username, password: subject.password } };
    expect((await post('/rest/site/login', signIn, { headers: { Origin: origin } })).status).toBe(200);
    expect((await post('/rest/site/login', signIn)).status).toBe(200);
    expect((await post('/rest/site/login', signIn, { headers: { 'Content-Type': 'application/json; charset=utf-8' } })).status).toBe(200);
  });
});
