import { describe, expect, it } from 'vitest';
import { call, createSubject, fetchWorker, request } from '../support/api';

/** A body that never ends by itself: it is done only when the Worker reads it all (never) or cancels it. */
function endlessBody() {
  const state = { cancelled: false };
  const chunk = new TextEncoder().encode('{"padding": "');
  const body = new ReadableStream<Uint8Array>({
    pull: (controller) => controller.enqueue(chunk),
    cancel: () => {
      state.cancelled = true;
    },
  });
  return { body, state };
}

describe('a call refused before it reads its body', () => {
  it.each([
    ['not signed in (401)', '/rest/groups/edit', {}, 401],
    ['with a bad ingest token (401)', '/rest/ingest/danes', { Authorization: 'Bearer not-a-token' }, 401],
    ['from another site (403)', '/rest/site/login', { Origin: 'https://evil.example' }, 403],
    ['with a form body (415)', '/rest/site/login', { 'Content-Type': 'text/plain' }, 415],
    ['declared too large (413)', '/rest/site/login', { 'Content-Length': String(2 * 1024 * 1024) }, 413],
  ])('%s cancels the body, leaving the connection clean for the next request', async (_, path, headers, status) => {
    const { body, state } = endlessBody();
    const base = request('POST', path, { headers: { 'Content-Type': 'application/json', 'Content-Length': '1000', ...headers } });
    const res = await fetchWorker(new Request(base, { body }), true);
    expect(res.status).toBe(status);
    expect(state.cancelled).toBe(true);
  });

  it('cancels a body without a declared length once it passes 1 MiB, with 413', async () => {
    const { body, state } = endlessBody();
    const res = await fetchWorker(new Request(request('POST', '/rest/site/login'), { body }), true);
    expect(res.status).toBe(413);
    expect(state.cancelled).toBe(true);
  });

  it('reads a body it accepts to the end as before', async () => {
    const subject = await createSubject();
    const res = await call('POST', '/rest/site/login', { body: { username: subject.username, password: subject.password } });
    expect(res.status).toBe(200);
  });
});
