/**
 * Compile-time checks of the call specs, run by vitest's type checker (the `types` project) and by `npm run
 * typecheck`: a handler that may answer another shape than its call's reply, or an app call with a body or
 * query its spec does not take, fails here. Nothing in this file runs.
 */
import { describe, expectTypeOf, test } from 'vitest';
import { send } from '../../app/lib/api';
import type { CallInput, CallReply } from '../../worker/contracts/call';
import { groupCalls } from '../../worker/contracts/groups';
import { siteCalls } from '../../worker/contracts/site';
import { createRouter, mount } from '../../worker/http/route';
import type { Reply } from '../support/api';
import { callSpec } from '../support/client';

describe('a handler', () => {
  const router = createRouter();

  test('answers its call’s reply type', () => {
    mount(router, groupCalls.save, () => ({ id: 1, name: 'Brno' }));
    mount(router, groupCalls.save, async () => ({ id: 1, name: 'Brno' }));
    // @ts-expect-error -- the reply of groups/edit has a name
    mount(router, groupCalls.save, () => ({ id: 1 }));
    // @ts-expect-error -- an id is a number, not a text
    mount(router, groupCalls.save, async () => ({ id: '1', name: 'Brno' }));
    // @ts-expect-error -- groups/delete answers null
    mount(router, groupCalls.delete, () => ({ deleted: true }));
  });

  test('receives its call’s query and body, parsed', () => {
    mount(router, groupCalls.setItems, ({ query, body }) => {
      expectTypeOf(query.id).toEqualTypeOf<number>();
      expectTypeOf(body).toEqualTypeOf<number[]>();
      return body;
    });
  });
});

describe('the app’s send', () => {
  test('takes what the call takes and answers its reply', () => {
    expectTypeOf(send(groupCalls.save, { body: { name: 'Brno' } })).resolves.toEqualTypeOf<CallReply<typeof groupCalls.save>>();
    expectTypeOf(send(groupCalls.list)).resolves.toEqualTypeOf<CallReply<typeof groupCalls.list>>();
  });

  test('refuses a body, query or field the call does not take', () => {
    // @ts-expect-error -- a group's name is a text
    void send(groupCalls.save, { body: { name: 4 } });
    // @ts-expect-error -- groups/items needs the group's id in its query
    void send(groupCalls.setItems, { body: [1, 2] });
    // @ts-expect-error -- groups/edit takes no query
    void send(groupCalls.save, { query: { id: 1 }, body: { name: 'Brno' } });
    // @ts-expect-error -- the sign-in form has a password
    void send(siteCalls.login, { body: { username: 'a@b.cz' } });
  });
});

describe('the tests’ callSpec', () => {
  test('takes what the call takes and answers its reply', () => {
    expectTypeOf(callSpec(groupCalls.save, { body: { name: 'Brno' }, token: 't' })).resolves.toEqualTypeOf<
      Reply<CallReply<typeof groupCalls.save>>
    >();
    expectTypeOf(callSpec(groupCalls.list)).resolves.toEqualTypeOf<Reply<CallReply<typeof groupCalls.list>>>();
    void callSpec(groupCalls.delete, { query: { id: 1 }, method: 'get' });
  });

  test('refuses a body, query or method the call does not take', () => {
    // @ts-expect-error -- a group's name is a text
    void callSpec(groupCalls.save, { body: { name: 4 } });
    // @ts-expect-error -- groups/items needs the group's id in its query
    void callSpec(groupCalls.setItems, { body: [1, 2] });
    // @ts-expect-error -- groups/edit is sent with POST only
    void callSpec(groupCalls.save, { body: { name: 'Brno' }, method: 'get' });
  });
});

describe('call types', () => {
  test('come from the spec', () => {
    expectTypeOf<CallReply<typeof siteCalls.login>['access_token']>().toEqualTypeOf<string>();
    expectTypeOf<CallReply<typeof groupCalls.save>>().toEqualTypeOf<{ id: number; name: string }>();
    expectTypeOf<CallInput<typeof groupCalls.delete>['query']>().toEqualTypeOf<{ id: string | number }>();
  });
});
