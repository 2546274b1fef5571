import { describe, expect, it } from 'vitest';
import { CurrentUser } from '../../worker/contracts/subjects';
import { get } from '../support/api';
import { make } from '../support/make';

describe('smoke', () => {
  it('answers the current user', async () => {
    const user = await make.subject();
    const res = await get('/rest/subjects/user', { token: user.token, reply: CurrentUser });
    expect(res.status).toBe(200);
    expect(res.data.username).toBe(user.username);
  });
});
