import { describe, expect, it } from 'vitest';
import { call, get, post } from '../support/api';
import { make } from '../support/make';

describe('API reply headers', () => {
  it('authenticated replies are never stored and never sniffed', async () => {
    const admin = await make.admin();
    for (const res of [
      await get('/rest/subjects/user', { token: admin.token }),
      await get('/rest/api?from=2026-01-01&to=2026-01-02', { token: admin.token }),
      await get('/rest/subjects', { headers: { Cookie: `hladina_session=${admin.token}` } }),
      await post('/rest/site/login', { username: admin.username, password: admin.password }),
    ]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('Cache-Control')).toBe('no-store');
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    }
  });

  it('refusals and unknown calls carry the same headers', async () => {
    for (const res of [await get('/rest/subjects/user'), await call('GET', '/rest/nothing-here'), await post('/rest/site/login', {})]) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.headers.get('Cache-Control')).toBe('no-store');
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    }
  });

  it('every reply, signed in or out, refused or not, may load nothing, be framed by no one and send no referrer', async () => {
    const admin = await make.admin();
    for (const res of [
      await get('/rest/subjects/user'),
      await get('/rest/subjects/user', { token: admin.token }),
      await post('/rest/site/login', { LoginForm: { username: admin.username, password: admin.password } }),
      await post('/rest/site/login', {}),
      await call('GET', '/rest/nothing-here'),
      await call('GET', '/rest/openapi.json'),
    ]) {
      expect(res.headers.get('Content-Security-Policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('Referrer-Policy')).toBe('no-referrer');
    }
  });
});
