import { afterEach, describe, expect, it } from 'vitest';
import { createSubject, post } from '../support/api';
import { webhookReceiver } from '../support/receiver';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

describe('webhooks', () => {
  it('probe', async () => {
    const admin = await createSubject({ isAdmin: true });
    const receiver = webhookReceiver('https://receiver.test/');
    restore = receiver.restore;
    const created = await post('/rest/webhooks/edit', { Webhooks: { url: 'https://receiver.test/hook' } }, { token: admin.token });
    expect(created.status, created.text).toBe(200);
    const test = await post(`/rest/webhooks/test?id=${created.json.data.id}`, undefined, { token: admin.token });
    console.log(test.text);
    expect(receiver.received.length).toBe(1);
  });
});
