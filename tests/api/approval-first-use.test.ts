/** A deployment's first approval, before anyone has read the approval levels: the default list is stored with it. */
import { expect, it } from 'vitest';
import { lockingLevel, qualityCalls } from '../../worker/contracts/quality';
import { series } from '../support/alarms';
import { callSpec } from '../support/client';
import { make } from '../support/make';
import { ingest } from '../support/telemetry';

it('approves on a fresh deployment at the highest default level, and the defaults are kept', async () => {
  const admin = await make.admin();
  const station = await make.station({ token: true, timezone: 'UTC' });
  expect((await ingest('danes', station.token, { rows: series('2026-09-01T08:00:00Z', 10, [2, 2.1]) })).status).toBe(200);
  const approved = await callSpec(qualityCalls.approve, {
    query: { id: station.id },
    body: { reading: 'H1', to: '2026-09-01', note: 'First look.' },
    token: admin.token,
  });
  expect(approved.status, approved.text).toBe(200);
  expect(approved.data.approvals.find((a) => a.reading === 'H1')!.ranges.map((r) => r.level)).toEqual([lockingLevel]);
  const levels = (await callSpec(qualityCalls.levels, { token: admin.token })).data;
  expect(levels.map((l) => [l.name, l.in_use])).toEqual([
    ['raw', false],
    ['provisional', false],
    ['checked', false],
    ['approved', true],
  ]);
});
