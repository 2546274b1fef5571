/**
 * SensorThings and the quality flags (decisions 0016, 0017): a suspect reading says so in `resultQuality`; a rejected
 * one is no observation at all, in pages and in every count alike, before the roll-up holds the change and after.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { FlagOutcome } from '../../worker/contracts/quality';
import { post } from '../support/api';
import { make } from '../support/make';
import { ok, staNetwork, t0, type Auth } from '../support/sta';
import { settleRollup } from '../support/telemetry';

let network: Awaited<ReturnType<typeof staNetwork>>;
let auth: Auth;
const at = (minutes: number) => new Date(t0 + minutes * 60_000).toISOString();

beforeAll(async () => {
  network = await staNetwork();
  auth = { bearer: network.ownerToken };
});

/** Brno's H1 (values 1, 2, 3, 4 ten minutes apart): its observations oldest first, its count unfiltered and filtered. */
async function h1() {
  const path = `/Datastreams(${network.brno.id * 16})/Observations`;
  const page = await ok(`${path}?$orderby=phenomenonTime&$count=true&$select=result,resultQuality`, auth);
  const filtered = await ok(`${path}?$filter=result gt 0&$count=true&$top=0`, auth);
  return {
    observations: page.value.map((o: { result: number; resultQuality: string }) => [o.result, o.resultQuality]),
    count: page['@iot.count'],
    filtered: filtered['@iot.count'],
  };
}

describe('SensorThings observations and quality flags', () => {
  it('mark a suspect reading and leave a rejected one out, in pages and counts, before and after the roll-up', async () => {
    const admin = await make.admin();
    const before = await h1();
    // The automatic rate check may have flagged some of them suspect already (a metre in ten minutes).
    expect(before.observations.map(([value]: [number]) => value)).toEqual([1, 2, 3, 4]);
    expect(before.count).toBe(4);
    const qualityOf = (value: number) => before.observations.find(([v]: [number]) => v === value)[1];

    for (const [minute, flag] of [
      [10, 'rejected'],
      [20, 'suspect'],
    ] as const) {
      const res = await post(
        '/rest/quality/flag',
        { QualityFlag: { reading: 'H1', from: at(minute), to: at(minute), flag, note: 'Checked at the well.' } },
        { token: admin.token, query: { id: network.brno.id }, reply: FlagOutcome },
      );
      expect(res.status, res.text).toBe(200);
    }
    const expected = {
      observations: [
        [1, qualityOf(1)],
        [3, 'suspect'],
        [4, qualityOf(4)],
      ],
      count: 3,
      filtered: 3,
    };
    // The day is marked for the roll-up: its counts come from the station's object.
    const pending = await h1();
    expect(pending).toEqual(expected);
    await settleRollup(network.brno.id);
    // Now from D1's day rows, which count no rejected reading either.
    expect(await h1()).toEqual(expected);
  });
});
