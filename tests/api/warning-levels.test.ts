import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { warningCalls, type WarningScaleInput } from '../../worker/contracts/warning';

type ScaleSent = z.input<typeof WarningScaleInput>;
import { call } from '../support/api';
import { series, watchedStation } from '../support/alarms';
import { callSpec } from '../support/client';
import { watch } from '../support/live';
import { ingest, testingOf } from '../support/telemetry';

// Hourly readings, gentle enough that the quality checks flag none (a suspect reading moves no level).
/** The three flood activity levels of a well's H1: 2.0, 2.5, 3.0 m, each left 0.1 m below its threshold. */
const floodLevels: ScaleSent = {
  reading: 'H1',
  direction: 'rising',
  levels: [
    { name: null, color: null, threshold: 2.0, deadband: 0.1 },
    { name: null, color: null, threshold: 2.5, deadband: 0.1 },
    { name: 'Evacuate', color: '#7c3aed', threshold: 3.0, deadband: 0.1 },
  ],
};

async function leveledStation(scale: ScaleSent = floodLevels) {
  const fixture = await watchedStation();
  const saved = await callSpec(warningCalls.save, { token: fixture.admin.token, query: { id: fixture.station.id }, body: scale });
  expect(saved.status, saved.text).toBe(200);
  const post = (start: string, values: number[]) => ingest('danes', fixture.token, { rows: series(start, 60, values) });
  const levels = async () =>
    (await callSpec(warningCalls.list, { token: fixture.viewer.token, query: { item_id: fixture.station.id } })).data;
  const events = async () =>
    (await callSpec(warningCalls.events, { token: fixture.viewer.token, query: { item_id: fixture.station.id } })).data
      .reverse()
      .map((e) => [e.from_level, e.to_level, e.value]);
  return { ...fixture, saved: saved.data, post, levels, events };
}

describe('warning levels', () => {
  it('crosses up and down with a deadband, stores every crossing and keeps the current level in D1', async () => {
    const { saved, post, levels, events } = await leveledStation();
    expect(saved.levels.map((l) => [l.rank, l.name, l.color, l.clear_level])).toEqual([
      [1, null, '#eab308', 1.9],
      [2, null, '#f97316', 2.4],
      [3, 'Evacuate', '#7c3aed', 2.9],
    ]);
    expect(saved.current).toBeNull();
    // Up to 1, within 2's deadband it stays 2, a jump from 1 to 3, from 3 down to 1 and to 0.
    await post('2026-04-01T10:00:00Z', [1.5, 2.0, 2.2, 2.5, 2.45, 2.41, 2.39, 3.2, 2.3, 1.85]);
    expect(await events()).toEqual([
      [0, 1, 2.0],
      [1, 2, 2.5],
      [2, 1, 2.39],
      [1, 3, 3.2],
      [3, 1, 2.3],
      [1, 0, 1.85],
    ]);
    // A level is held at its threshold minus the deadband exactly, and left below it.
    await post('2026-04-01T21:00:00Z', [2.0, 1.9, 1.89]);
    expect((await events()).slice(6)).toEqual([
      [0, 1, 2.0],
      [1, 0, 1.89],
    ]);
    const [scale] = await levels();
    expect(scale.current).toEqual({ level: 0, since: '2026-04-01T23:00:00.000Z', value: 1.89 });
  });

  it('tells open pages where a reading stands once a batch moves its level, and nothing of levels otherwise', async () => {
    const { station, viewer, post } = await leveledStation();
    const watcher = await watch(viewer, [station.uniqueId]);
    await watcher.next('subscribed');
    await post('2026-04-02T10:00:00Z', [1.5, 2.0, 2.6]);
    expect((await watcher.next('readings')).levels).toEqual([{ reading: 'H1', level: 2, since: '2026-04-02T12:00:00.000Z', value: 2.6 }]);
    await post('2026-04-02T13:00:00Z', [2.55]);
    expect((await watcher.next('readings')).levels).toBeUndefined();
    watcher.socket.close();
  });

  it('moves no level on a duplicate or a late reading, and none on a batch that stays inside a level', async () => {
    const { station, post, events } = await leveledStation();
    await post('2026-04-02T10:00:00Z', [2.6]);
    await post('2026-04-02T10:00:00Z', [2.6]);
    await post('2026-04-02T09:00:00Z', [0.5]);
    await post('2026-04-02T10:10:00Z', [2.55, 2.7]);
    expect(await events()).toEqual([[0, 2, 2.6]]);
    expect(await testingOf(station.id).rows('warning_outbox')).toEqual([]);
  });

  it('falls for a falling scale (at or below), and keeps the level across a change of thresholds', async () => {
    const { admin, station, post, levels, events } = await leveledStation({
      reading: 'H1',
      direction: 'falling',
      levels: [
        { threshold: 1.0, deadband: 0.05 },
        { threshold: 0.5, deadband: 0.05 },
      ],
    });
    await post('2026-04-03T10:00:00Z', [1.2, 1.0, 0.8, 0.6, 0.5, 0.52, 0.56]);
    expect(await events()).toEqual([
      [0, 1, 1.0],
      [1, 2, 0.5],
      [2, 1, 0.56],
    ]);
    const edited = await callSpec(warningCalls.save, {
      token: admin.token,
      query: { id: station.id },
      body: { reading: 'H1', direction: 'falling', levels: [{ threshold: 1.1 }, { threshold: 0.6 }] },
    });
    expect(edited.data.current).toMatchObject({ level: 1 });
    await post('2026-04-03T18:00:00Z', [0.58]);
    expect((await levels())[0].current).toMatchObject({ level: 2, value: 0.58 });
  });

  it('refuses levels out of order, an unknown code and a level without a threshold (422, naming the field), saving nothing', async () => {
    const { admin, station, viewer, levels } = await watchedStation().then(async (f) => ({
      ...f,
      levels: async () => (await callSpec(warningCalls.list, { token: f.admin.token, query: { item_id: f.station.id } })).data,
    }));
    const save = (body: unknown) =>
      call('POST', '/rest/warning-levels/edit', { token: admin.token, query: { id: station.id }, body: { WarningLevels: body } });
    const outOfOrder = await save({ reading: 'H1', levels: [{ threshold: 2 }, { threshold: 1.5 }] });
    expect(outOfOrder.status).toBe(422);
    expect(outOfOrder.json.errors.levels).toEqual(["Level 2's threshold must be above level 1's (2)."]);
    const unknown = await save({ reading: 'hladina', levels: [{ threshold: 2 }] });
    expect(unknown.status).toBe(422);
    expect(unknown.json.errors.reading).toEqual(['hladina is not a reading of DANES stations.']);
    const missing = await save({ reading: 'H1', levels: [{ deadband: 0.1 }] });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.json.errors)).toEqual(['levels']);
    expect((await save({ reading: 'H1', levels: [] })).json.errors.levels).toBeDefined();
    expect((await save({ reading: 'H1', levels: [{ threshold: 1, color: 'red' }] })).json.errors.levels).toBeDefined();
    expect(await levels()).toEqual([]);
    // Only administrators set levels.
    expect(
      (
        await call('POST', '/rest/warning-levels/edit', {
          token: viewer.token,
          query: { id: station.id },
          body: { reading: 'H1', levels: [{ threshold: 1 }] },
        })
      ).status,
    ).toBe(403);
  });

  it('removes a scale: the object stops evaluating it', async () => {
    const { admin, station, post, levels, events } = await leveledStation();
    const removed = await callSpec(warningCalls.delete, { token: admin.token, query: { id: station.id, reading: 'H1' } });
    expect(removed.status).toBe(200);
    expect(await levels()).toEqual([]);
    await post('2026-04-04T10:00:00Z', [3.5]);
    expect(await events()).toEqual([]);
    expect((await callSpec(warningCalls.delete, { token: admin.token, query: { id: station.id, reading: 'H1' } })).status).toBe(404);
    expect(await testingOf(station.id).rows('warning_scales')).toEqual([]);
  });
});
