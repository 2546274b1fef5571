/**
 * The OGC SensorThings API 1.1 (Part 1, Sensing; read-only) under `/sta/v1.1` (docs/decisions/0017): the root
 * document, every entity set with nested paths, `$value` and `$ref`, and the query options. Signed-in sessions and
 * integration tokens (Bearer or the password of HTTP Basic) read exactly the stations their subject may see.
 */
import { Hono, type Context } from 'hono';
import { contextOf, type SubjectCtx } from '../context';
import { UnsupportedQuery } from './filter';
import { AppError, notFound } from '../domain/errors';
import { resolveSession } from '../http/auth';
import { statusOf } from '../http/errors';
import { apiHeaders } from '../http/security-headers';
import type { AppEnv } from '../http/types';
import { conformance, isSet, propertiesOf, relationOf, setNames, singular, type Entity, type SetName } from './model';
import { readQuery } from './odata';
import { checkSelect, collection, entityById, expand, nextLinkOf, render, selfOf, type Scoped } from './service';

export const staBase = '/sta/v1.1';

/** What a path leads to: a collection (perhaps a nested path's), one entity, or one of its properties. */
type Target =
  | { kind: 'collection'; set: SetName; scope?: Scoped }
  | { kind: 'entity'; entity: Entity }
  | { kind: 'property'; entity: Entity; name: string; value: boolean };

const staError = (c: Context, status: number, message: string, headers: Record<string, string> = {}) =>
  c.json({ code: status, type: 'error', message }, status as 400, headers);

const badPath = (message: string) => new UnsupportedQuery(message);

/** `Things`, `Things(12)`, `$ref`… : a segment's name and id (ids beyond 2^53 exist nowhere: not found). */
function segmentOf(text: string): { name: string; id?: number } {
  const match = /^([A-Za-z$]+)(?:\(([^)]*)\))?$/.exec(text);
  if (!match) throw badPath(`"${text}" is not a resource path segment.`);
  const [, name, key] = match;
  if (key === undefined) return { name };
  if (!/^\d+$/.test(key)) throw badPath(`${name}(${key}): an @iot.id is a whole number.`);
  const id = Number(key);
  if (!Number.isSafeInteger(id)) throw notFound(name);
  return { name, id };
}

/** Follows a resource path from its entity set, one segment at a time; `$ref` may end any path to entities. */
async function walk(ctx: SubjectCtx, segments: string[]): Promise<{ target: Target; ref: boolean }> {
  const ref = segments.at(-1) === '$ref';
  const path = ref ? segments.slice(0, -1) : segments;
  let target: Target | undefined;
  for (const [i, text] of path.entries()) {
    const { name, id } = segmentOf(text);
    // On the way through a path only existence matters: the roll-up's figures are read for an entity shown.
    const shown = (set: SetName) => i === path.length - 1 || !relationOf(set, segmentOf(path[i + 1]).name);
    if (!target) {
      if (!isSet(name)) throw notFound(`Entity set ${name}`);
      target = id === undefined ? { kind: 'collection', set: name } : await entityFound(ctx, name, id, undefined, shown(name));
    } else if (target.kind === 'property') {
      if (name !== '$value' || i !== path.length - 1 || target.value) throw badPath(`Only $value may follow a property.`);
      target = { ...target, value: true };
    } else if (target.kind === 'collection') {
      throw badPath(`${name} cannot follow a collection: name one entity first, e.g. ${target.set}(1)/${name}.`);
    } else {
      const parent = target.entity;
      const relation = relationOf(parent.set, name);
      if (relation?.many) {
        const scope = { column: relation.column, value: relation.key(parent) };
        target =
          id === undefined
            ? { kind: 'collection', set: relation.target, scope }
            : await entityFound(ctx, relation.target, id, scope, shown(relation.target));
      } else if (relation) {
        if (id !== undefined) throw badPath(`${name} is a single entity: leave out the id.`);
        target = await entityFound(ctx, relation.target, relation.key(parent), undefined, shown(relation.target));
      } else if (propertiesOf[parent.set].includes(name) && id === undefined) {
        target = { kind: 'property', entity: parent, name, value: false };
      } else {
        throw notFound(`${name} of ${parent.set}`);
      }
    }
  }
  if (ref && target?.kind === 'property') throw badPath('$ref follows an entity or a collection, not a property.');
  return { target: target!, ref };
}

async function entityFound(ctx: SubjectCtx, set: SetName, id: number, scope: Scoped | undefined, shown: boolean): Promise<Target> {
  const entity = await entityById(ctx, set, id, scope, shown ? undefined : ['id']);
  if (!entity) throw notFound(singular[set]);
  return { kind: 'entity', entity };
}

/** A property's own reply, `{"name": value}`, or with `$value` its raw value; 204 when it has none. */
function propertyReply(c: Context, entity: Entity, name: string, raw: boolean) {
  const value = entity.props[name];
  if (value === undefined || value === null) return c.body(null, 204);
  if (!raw) return c.json({ [name]: value });
  return typeof value === 'object' ? c.json(value) : c.text(String(value));
}

/** The SensorThings sub-app, mounted at `/sta/v1.1` ahead of the React app. */
export function createSta() {
  const sta = new Hono<AppEnv>();
  sta.use(apiHeaders);
  sta.use(async (c, next) => {
    c.set(
      'ctx',
      contextOf(c.env, (work) => c.executionCtx.waitUntil(work)),
    );
    await next();
  });
  sta.use(resolveSession);
  sta.onError((err, c) => {
    if (err instanceof UnsupportedQuery) return staError(c, 400, err.message);
    if (err instanceof AppError) return staError(c, statusOf[err.code], Object.values(err.errors).flat().join(' '));
    console.error('SensorThings request failed', c.req.url, err);
    return staError(c, 500, 'Something went wrong on our side. Please try again.');
  });
  sta.all('*', async (c) => {
    if (c.req.method !== 'GET')
      return staError(c, 405, 'The SensorThings API of Hladina is read-only: only GET is answered.', { Allow: 'GET' });
    const url = new URL(c.req.url);
    const origin = `${url.origin}${staBase}`;
    let path = url.pathname.slice(staBase.length);
    let search = url.search.slice(1);
    // Grafana's SensorThings plugin appends `&$filter=…` to a path that has no `?`: read that as the query.
    if (!search && path.includes('&')) [path, search] = [path.slice(0, path.indexOf('&')), path.slice(path.indexOf('&') + 1)];
    const segments = path
      .split('/')
      .filter(Boolean)
      .map((s) => decodeURIComponent(s));
    const subject = c.var.auth?.subject ?? c.var.integration?.subject;
    if (!subject && (segments.length || c.req.header('Authorization'))) {
      return staError(c, 401, 'Sign in, or send an integration token (profile → API tokens) as Bearer or as the password of HTTP Basic.', {
        'WWW-Authenticate': 'Basic realm="Hladina SensorThings API", charset="UTF-8"',
      });
    }
    if (!segments.length) {
      return c.json({ value: setNames.map((name) => ({ name, url: `${origin}/${name}` })), serverSettings: { conformance } });
    }
    const ctx: SubjectCtx = { ...c.var.ctx, subject: subject! };
    const options = readQuery(search);
    const { target, ref } = await walk(ctx, segments);

    if (target.kind === 'property') return propertyReply(c, target.entity, target.name, target.value);
    if (target.kind === 'entity') {
      if (ref) return c.json({ '@iot.selfLink': selfOf(origin, target.entity) });
      checkSelect(target.entity.set, options.select);
      await expand(ctx, origin, target.entity.set, [target.entity], options.expand);
      return c.json(render(origin, target.entity, options.select));
    }
    if (!ref) checkSelect(target.set, options.select);
    const page = await collection(ctx, target.set, target.scope, ref ? { ...options, select: ['id'], expand: [] } : options);
    if (!ref) await expand(ctx, origin, target.set, page.entities, options.expand);
    const body: Record<string, unknown> = {};
    if (page.count !== undefined) body['@iot.count'] = page.count;
    if (page.next) body['@iot.nextLink'] = nextLinkOf(`${origin}/${segments.join('/')}`, options.raw, page.next, page.top);
    body.value = page.entities.map((e) => (ref ? { '@iot.selfLink': selfOf(origin, e) } : render(origin, e, options.select)));
    return c.json(body);
  });
  return sta;
}
