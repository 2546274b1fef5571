import { describe, expect, it } from 'vitest';
import { methodsOf, type AnyCall } from '../../worker/contracts/call';
import { calls } from '../../worker/contracts/calls';
import { call } from '../support/api';

const specs: [string, AnyCall][] = Object.entries(calls).flatMap(([resource, group]) =>
  Object.entries(group as Record<string, AnyCall>).map(([name, spec]): [string, AnyCall] => [`${resource}.${name}`, spec]),
);
const operations = (spec: AnyCall) => methodsOf(spec).map((method) => `${method.toUpperCase()} ${spec.path}`);

describe('one spec per documented call', () => {
  it('gives every method and path exactly one spec', () => {
    const seen = new Map<string, string>();
    for (const [name, spec] of specs) {
      for (const op of operations(spec)) {
        expect(seen.get(op), `${op} is declared by ${seen.get(op)} and ${name}`).toBeUndefined();
        seen.set(op, name);
      }
    }
    expect(seen.size).toBeGreaterThan(40);
  });

  it('documents exactly the calls the specs declare in the OpenAPI document', async () => {
    const doc = (await call('GET', '/rest/openapi.json')).json as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const declared = specs.flatMap(([, spec]) => operations(spec));
    expect(documented.sort()).toEqual(declared.sort());
  });

  it('answers every declared call at its path (never the envelope 404 for an unknown call)', async () => {
    for (const [name, spec] of specs) {
      for (const op of operations(spec)) {
        const [method, path] = op.split(' ');
        const res = await call(method, `/rest${path}`, { headers: { Upgrade: 'none' } });
        expect(res.json?.errors?._?.[0] ?? '', `${name}: ${op}`).not.toMatch(/^No such call/);
      }
    }
  });
});
