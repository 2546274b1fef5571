import { describe, expect, it } from 'vitest';
import { createSubject, get } from '../support/api';

describe('smoke', () => {
  it('answers the current user', async () => {
    const user = await createSubject();
    const res = await get('/rest/subjects/user', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.json.data.username).toBe(user.username);
  });
});
