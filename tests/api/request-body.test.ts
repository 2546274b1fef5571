import { describe, expect, it } from 'vitest';
import { call, fetchWorker, request } from '../support/api';
import { make } from '../support/make';
import { drained, streamedBody } from '../support/streamed-body';

describe('a call refused before it reads its body', () => {
  it.each([
    ['not signed in (401)', '/rest/groups/edit', {}, 401],
    ['with a bad ingest token (401)', '/rest/ingest/danes', { Authorization: 'Bearer not-a-token' }, 401],
    ['from another site (403)', '/rest/site/login', { Origin: 'https://evil.example' }, 403],
    ['with a form body (415)', '/rest/site/login', { 'Content-Type': 'text/plain' }, 415],
    ['declared too large (413)', '/rest/site/login', { 'Content-Length': String(2 * 1024 * 1024) }, 413],
  ])('%s still reads the body to its end, leaving the connection clean for the next request', async (_, path, headers, status) => {
    const { body, state, length } = streamedBody();
    const base = request('POST', path, { headers: { 'Content-Type': 'application/json', 'Content-Length': String(length), ...headers } });
    const res = await fetchWorker(new Request(base, { body }), true);
    expect(res.status).toBe(status);
    expect(state).toEqual(drained);
  });

  it('refuses a body without a declared length once it passes 1 MiB with 413, and still reads it to its end', async () => {
    const { body, state } = streamedBody(20_000);
    const res = await fetchWorker(
      new Request(request('POST', '/rest/site/login', { headers: { 'Content-Type': 'application/json' } }), { body }),
      true,
    );
    expect(res.status).toBe(413);
    expect(state).toEqual(drained);
  });

  it('reads a body it accepts to the end as before', async () => {
    const subject = await make.subject();
    const res = await call('POST', '/rest/site/login', { body: { username: subject.username, password: subject.password } });
    expect(res.status).toBe(200);
    const { body, state, length } = streamedBody();
    const headers = { 'Content-Type': 'application/json', 'Content-Length': String(length) };
    const streamed = await fetchWorker(new Request(request('POST', '/rest/site/login', { headers }), { body }), true);
    expect(streamed.status).toBe(401);
    expect(state).toEqual(drained);
  });
});
