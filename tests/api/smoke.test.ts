import { describe, expect, it } from 'vitest';
import { subjectCalls } from '../../worker/contracts/subjects';
import { callSpec } from '../support/client';
import { make } from '../support/make';

describe('smoke', () => {
  it('answers the current user', async () => {
    const user = await make.subject();
    const res = await callSpec(subjectCalls.current, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.data.username).toBe(user.username);
  });
});
