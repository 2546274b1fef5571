import { beforeAll, describe, expect, it } from 'vitest';
import { Dashboard } from '../../worker/contracts/telemetry';
import { get } from '../support/api';
import { make } from '../support/make';
import { runCron, stationsWithReadings, testingOf } from '../support/telemetry';

let fixture: Awaited<ReturnType<typeof stationsWithReadings>>;
const range = 'from=2026-04-01&to=2026-04-03';

beforeAll(async () => {
  fixture = await stationsWithReadings();
  await runCron();
});

const dashboard = (token: string, query = range) => get(`/rest/api?${query}`, { token, reply: Dashboard });

const expectedDanes = { date: '2026-04-02T21:30:00.000Z', pocetMereni: 3, max: { H1: 3, _T: -2 }, min: { H1: 1, _T: -2 } };
const expectedUniwan = { date: '2026-04-04T03:00:00.000Z', pocetMereni: 2, max: { pressure: 1010 }, min: { pressure: 1000 } };

describe('dashboard', () => {
  it("sums the viewer's stations over their own local days, direct and through a group", async () => {
    const res = await dashboard(fixture.viewer.token);
    expect(res.status).toBe(200);
    expect(res.data.items.map((i) => i.unique_id).sort()).toEqual([fixture.danesStation.uniqueId, fixture.uniwanStation.uniqueId].sort());
    expect(res.data.danes).toEqual({ [fixture.danesStation.uniqueId]: expectedDanes });
    expect(res.data.uniwan).toEqual({ [fixture.uniwanStation.uniqueId]: expectedUniwan });
  });

  it('answers from daily_stats alone: deleting raw readings after the roll-up changes nothing', async () => {
    const before = await dashboard(fixture.viewer.token);
    for (const station of [fixture.danesStation, fixture.uniwanStation]) await testingOf(station.id).clear('readings');
    const after = await dashboard(fixture.viewer.token);
    expect(after.json).toEqual(before.json);
  });

  it('lists a station with no readings in the range with empty figures', async () => {
    const res = await dashboard(fixture.viewer.token, 'from=2025-01-01&to=2025-01-02');
    expect(res.data.danes[fixture.danesStation.uniqueId]).toEqual({ date: null, pocetMereni: 0, max: {}, min: {} });
  });

  it('shows a subject nothing of stations it may not see', async () => {
    const res = await dashboard(fixture.outsider.token);
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ items: [], danes: {}, uniwan: {}, groups: [] });
  });

  it('shows an administrator every station', async () => {
    const admin = await make.admin();
    const res = await dashboard(admin.token);
    expect(res.data.danes[fixture.danesStation.uniqueId]).toEqual(expectedDanes);
  });

  it("names the viewer's own groups with their stations, and an administrator every group holding a station", async () => {
    const viewerGroup = fixture.group;
    // A group the viewer is not in, holding a station it sees directly: its name stays hidden from the viewer.
    const foreign = await make.group({ stations: [fixture.danesStation] });
    const seen = (await dashboard(fixture.viewer.token)).data.groups;
    expect(seen).toEqual([{ id: viewerGroup.id, name: viewerGroup.name, items: [fixture.uniwanStation.id] }]);

    const both = await make.group({ stations: [fixture.danesStation, fixture.uniwanStation], members: [fixture.viewer] });
    await make.group(); // empty: nothing to filter by
    const admin = await make.admin();
    const all = (await dashboard(admin.token)).data.groups;
    const byId = new Map(all.map((g) => [g.id, [...g.items].sort()]));
    expect(byId.get(foreign.id)).toEqual([fixture.danesStation.id]);
    expect(byId.get(both.id)).toEqual([fixture.danesStation.id, fixture.uniwanStation.id].sort());
    expect(all.every((g) => g.items.length > 0)).toBe(true);
    const viewed = (await dashboard(fixture.viewer.token)).data.groups;
    expect(viewed.map((g) => g.id).sort()).toEqual([viewerGroup.id, both.id].sort());
  });

  it('refuses bad dates with 400 and strangers with 401', async () => {
    for (const query of ['from=2026-02-30', 'to=yesterday', 'from=2026-04-03&to=2026-04-01', 'from=2026-4-1']) {
      expect((await dashboard(fixture.viewer.token, query)).status, query).toBe(400);
    }
    expect((await get(`/rest/api?${range}`)).status).toBe(401);
  });
});
