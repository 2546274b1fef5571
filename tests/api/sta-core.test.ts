/**
 * The Level 1 "Sensing Core" checks of the OGC conformance suite (ets-sta10, sensingCore/Capability1Tests),
 * written as our own tests against our own data: the suite itself first POSTs its fixtures, which a read-only
 * service refuses.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { entityTypes, isPlural, keyOf, ok, root, sets, sta, staNetwork, targetOf, type Auth, type SetName } from '../support/sta';

let auth: Auth;

beforeAll(async () => {
  const network = await staNetwork();
  auth = { bearer: network.ownerToken };
});

function checkEntity(set: SetName, entity: any) {
  // Observations have text ids (docs/decisions/0021), every other set numbers.
  expect(entity['@iot.id'], set).toEqual(set === 'Observations' ? expect.stringMatching(/^\d+-\d+$/) : expect.any(Number));
  expect(entity['@iot.selfLink']).toBe(`${root}/${set}(${keyOf(entity['@iot.id'])})`);
  for (const p of entityTypes[set].properties) expect(entity, `${set}.${p}`).toHaveProperty([p]);
  for (const r of entityTypes[set].relations) expect(entity[`${r}@iot.navigationLink`]).toBe(`${entity['@iot.selfLink']}/${r}`);
}

describe('Sensing Core (ets-sta10 Level 1)', () => {
  it('serves the root document: every entity set by its absolute URL, and the conformance classes', async () => {
    for (const url of ['', '/']) {
      const json = await ok(url, auth);
      expect(json.value).toHaveLength(8);
      expect(json.value).toEqual(expect.arrayContaining(sets.map((name) => ({ name, url: `${root}/${name}` }))));
      expect(json.serverSettings.conformance).toEqual(
        expect.arrayContaining([
          'http://www.opengis.net/spec/iot_sensing/1.1/req/datamodel',
          'http://www.opengis.net/spec/iot_sensing/1.1/req/resource-path/resource-path-to-entities',
          'http://www.opengis.net/spec/iot_sensing/1.1/req/request-data',
        ]),
      );
      expect(json.serverSettings.conformance.join(' ')).not.toMatch(/create-update-delete|mqtt|batch|data-array|multi-datastream/);
    }
  });

  it.each(sets)('lists %s with control information, mandatory properties and navigation links', async (set) => {
    const json = await ok(`/${set}`, auth);
    expect(json.value.length).toBeGreaterThan(0);
    for (const entity of json.value.slice(0, 2)) checkEntity(set, entity);
  });

  it.each(sets)('answers 404 for an unknown %s, also at the largest 64-bit id', async (set) => {
    for (const id of ['9223372036854775807', '999999999']) {
      const res = await sta(`/${set}(${id})`, auth);
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ code: 404, type: 'error', message: expect.any(String) });
    }
  });

  it.each(sets)('reads one %s, each mandatory property alone and its $value', async (set) => {
    const [first] = (await ok(`/${set}`, auth)).value;
    const path = `/${set}(${keyOf(first['@iot.id'])})`;
    const entity = await ok(path, auth);
    checkEntity(set, entity);
    for (const p of entityTypes[set].properties) {
      const property = await ok(`${path}/${p}`, auth);
      expect(Object.keys(property)).toEqual([p]);
      expect(property[p]).toEqual(entity[p]);
      const raw = await sta(`${path}/${p}/$value`, auth);
      expect(raw.status).toBe(200);
      if (['location', 'feature', 'unitOfMeasurement'].includes(p)) expect(raw.text.startsWith('{')).toBe(true);
      else {
        expect(raw.text).not.toContain('{');
        expect(raw.text).toBe(String(entity[p]));
      }
    }
  });

  /** Walks down every relation from `path` (an entity) to depth 4, checking each step and its $ref. */
  async function walk(path: string, set: SetName, depth: number): Promise<number> {
    let checked = 0;
    const refOf = await ok(`${path}/$ref`, auth);
    expect(refOf).toEqual({
      '@iot.selfLink': expect.stringMatching(new RegExp(`^${root.replace(/[.()]/g, '\\$&')}/${set}\\(('\\d+-\\d+'|\\d+)\\)$`)),
    });
    if (depth >= 4) return 1;
    for (const relation of entityTypes[set].relations) {
      const target = targetOf(relation);
      if (isPlural(relation)) {
        const list = await ok(`${path}/${relation}`, auth);
        expect(list.value.length, `${path}/${relation}`).toBeGreaterThan(0);
        const refs = await ok(`${path}/${relation}/$ref`, auth);
        for (const item of refs.value) expect(Object.keys(item)).toEqual(['@iot.selfLink']);
        expect(refs.value.map((r: any) => r['@iot.selfLink'])).toEqual(list.value.map((e: any) => e['@iot.selfLink']));
        const child = `${path}/${relation}(${keyOf(list.value[0]['@iot.id'])})`;
        checkEntity(target, await ok(child, auth));
        checked += await walk(child, target, depth + 1);
      } else {
        const child = `${path}/${relation}`;
        checkEntity(target, await ok(child, auth));
        checked += await walk(child, target, depth + 1);
      }
    }
    return checked + 1;
  }

  it.each(sets)('follows every path from %s to depth 4, with $ref at each step', { timeout: 60_000 }, async (set) => {
    const [first] = (await ok(`/${set}`, auth)).value;
    expect(await walk(`/${set}(${keyOf(first['@iot.id'])})`, set, 1)).toBeGreaterThan(1);
  });
});
