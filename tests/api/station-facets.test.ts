import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { StationCore } from '../../worker/station/object';
import { stationOf } from '../../worker/station/directory';
import { make } from '../support/make';
import { ingest } from '../support/telemetry';

// Names a caller may not reach, typed loosely on purpose: the compiler refuses them already.
const loose = (target: unknown) => target as Record<string, () => Promise<unknown>>;
// What a call was refused with. (`expect(…).rejects` would touch more properties of the RPC promise, each one
// another remote call left unhandled.)
const refusal = (call: Promise<unknown>) =>
  call.then(
    () => 'answered',
    (err: unknown) => String(err),
  );

describe("a station object's face (docs/decisions/0020)", () => {
  it('is ingest, the alarm handler and its facets: RPC reaches nothing else of the class', async () => {
    expect(Object.getOwnPropertyNames(StationCore.prototype).sort()).toEqual(
      [
        'alarm',
        'alarms',
        'constructor',
        'corrections',
        'ingest',
        'legacy',
        'quality',
        'ratings',
        'reads',
        'rollup',
        'testing',
        'warning',
        'watchers',
      ].sort(),
    );
    const station = await make.station();
    const stub = stationOf(env, station.id);
    // The flat methods of before, and the parts kept in private fields.
    for (const name of ['series', 'flush', 'flagRange', 'setAlarmRules', 'rollupState', 'publish', 'transaction', 'parts'])
      expect(await refusal(loose(stub)[name]()), name).toMatch(/does not implement/);
  });

  it("answers a facet's call in one pipelined call, and hides the parts behind it", async () => {
    const station = await make.station({ token: true });
    await ingest('danes', station.token, { rows: [{ data_name: 'H1', data_value: 2, date: '2026-05-10T08:00:00Z' }] });
    const stub = stationOf(env, station.id);
    expect(await stub.reads().figures()).toMatchObject({ reports: 1, readings: 1 });
    expect(await stub.legacy().cursor()).toMatchObject({ done: false, accepted: 0 });
    expect(await refusal(loose(stub.reads()).parts()), 'parts').toMatch(/does not implement/);
    expect(await refusal(loose(stub.testing()).ring()), 'ring').toMatch(/does not implement/);
  });

  it('lets the testing facet read only the tables a station object has', async () => {
    const testing = stationOf(env, (await make.station()).id).testing();
    expect(await testing.rows('alarm_rules')).toEqual([]);
    expect(await refusal(testing.rows('sqlite_master'))).toMatch(/no table "sqlite_master"/);
    expect(await refusal(testing.clear('readings; DROP TABLE flags'))).toMatch(/no table/);
  });
});
