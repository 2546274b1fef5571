/**
 * Compile-time checks of the call specs: `npm run typecheck` fails when a handler may return another shape than
 * its call's reply, or the app may send a body or query its call does not take. The tests only run to count.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { groupCalls } from '../../worker/contracts/groups';
import { siteCalls } from '../../worker/contracts/site';
import type { CallInput, CallReply } from '../../worker/contracts/call';
import { createRouter, mount } from '../../worker/http/route';
import { send } from '../../app/lib/api';

// Never called: the compiler checks them, the runtime need not.
function handlers() {
  const router = createRouter();
  mount(router, groupCalls.save, () => ({ id: 1, name: 'Brno' }));
  // @ts-expect-error -- the reply of groups/edit has a name
  mount(router, groupCalls.save, () => ({ id: 1 }));
  // @ts-expect-error -- an id is a number, not a text
  mount(router, groupCalls.save, async () => ({ id: '1', name: 'Brno' }));
  // @ts-expect-error -- groups/delete answers null
  mount(router, groupCalls.delete, () => ({ deleted: true }));
  mount(router, groupCalls.setItems, ({ query, body }) => {
    expectTypeOf(query.id).toEqualTypeOf<number>();
    expectTypeOf(body).toEqualTypeOf<number[]>();
    return body;
  });
}

function requests() {
  void send(groupCalls.save, { body: { name: 'Brno' } });
  // @ts-expect-error -- a group's name is a text
  void send(groupCalls.save, { body: { name: 4 } });
  // @ts-expect-error -- groups/items needs the group's id in its query
  void send(groupCalls.setItems, { body: [1, 2] });
  // @ts-expect-error -- groups/edit takes no query
  void send(groupCalls.save, { query: { id: 1 }, body: { name: 'Brno' } });
  // @ts-expect-error -- the sign-in form has a password
  void send(siteCalls.login, { body: { username: 'a@b.cz' } });
  void send(groupCalls.list);
}

describe('call types', () => {
  it('take the reply type from the spec', () => {
    expectTypeOf<CallReply<typeof siteCalls.login>['access_token']>().toEqualTypeOf<string>();
    expectTypeOf<CallInput<typeof groupCalls.delete>['query']>().toEqualTypeOf<{ id: string | number }>();
    expect([handlers, requests]).toHaveLength(2);
  });
});
