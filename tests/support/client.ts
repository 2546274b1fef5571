import {
  methodOf,
  pathOf,
  sentBody,
  type AnyCall,
  type CallArgs,
  type CallInput,
  type CallReply,
  type Method,
} from '../../worker/contracts/call';
import type { z } from 'zod';
import { call, type CallOptions, type Reply, type TypedCallOptions } from './api';

/** The methods a call is mounted for (a documented GET delete also takes POST). */
type MethodOf<S extends AnyCall> = Extract<S['method'] extends readonly (infer M)[] ? M : S['method'], Method>;

/** What a test adds to a call's input: who sends it and how; the body always comes from the input. */
interface SpecOptions<S extends AnyCall> extends Omit<CallOptions, 'body' | 'rawBody'> {
  /** Another of the call's methods than the one the app sends. */
  method?: MethodOf<S>;
}

/**
 * Makes a documented call as the app's `send` does (path, method, query and the body wrapped in its model name,
 * all from the spec, typed by its schemas) and answers the whole reply; a successful reply's `data` that breaks the
 * spec's reply schema fails the test. Bad input that the types refuse goes through `call` in tests/support/api.ts.
 */
export function callSpec<S extends AnyCall>(
  spec: S,
  ...[input = {} as CallInput<S> & SpecOptions<S>]: CallArgs<S, SpecOptions<S>>
): Promise<Reply<CallReply<S>>> {
  const { params, query, body, method = methodOf(spec), ...options } = input;
  return call<CallReply<S>>(method.toUpperCase(), `/rest${pathOf(spec, params)}`, {
    ...options,
    query: query as TypedCallOptions<unknown>['query'],
    body: sentBody(spec, body) as CallOptions['body'],
    reply: spec.reply as z.ZodType<CallReply<S>>,
  });
}
