import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { groupCalls } from '../../worker/contracts/groups';
import { itemCalls } from '../../worker/contracts/items';
import { groupItems, items, stationTokens, subjectItems } from '../../worker/db/schema';
import { itemFields } from '../../worker/db/stations';
import { hashToken } from '../../worker/domain/auth/tokens';
import { db } from '../support/api';
import { make } from '../support/make';
import { callSpec } from '../support/client';

const station = (overrides: Record<string, unknown> = {}) => ({
  name: 'Mikulov well',
  serial_nr: 'D-1',
  unique_id: `DANES-${crypto.randomUUID()}`,
  location_x: 48.8056,
  location_y: '16.6378',
  location_name: 'Mikulov',
  location_group: 'South Moravia',
  name_for_api: 'DANES' as const,
  timezone: 'Europe/Prague',
  ...overrides,
});

describe('items', () => {
  it('GET /rest/items/user-items lists the items linked directly and through groups, newest first', async () => {
    const user = await make.subject();
    const group = await make.group({ members: [user] });
    const [direct, viaGroup, foreign] = [
      await make.station({ viewers: [user] }),
      await make.station({ groups: [group] }),
      await make.station(),
    ];
    const res = await callSpec(itemCalls.own, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.data.map((i) => i.id)).toEqual([viaGroup.id, direct.id]);
    expect(res.data.map((i) => i.id)).not.toContain(foreign.id);
    expect(res.data[0]).toMatchObject({ unique_id: viaGroup.uniqueId, name_for_api: 'DANES', timezone: 'Europe/Prague' });
  });

  it('GET /rest/items lists every item for an administrator', async () => {
    const admin = await make.admin();
    const [a, b] = [await make.station(), await make.station()];
    const res = await callSpec(itemCalls.list, { token: admin.token });
    expect(res.data.map((i) => i.id).slice(0, 2)).toEqual([b.id, a.id]);
    expect(res.data.length).toBe((await db().select().from(items)).length);
  });

  it('POST /rest/items/edit creates and updates a station, and GET edit returns it with its groups and subjects', async () => {
    const admin = await make.admin();
    const user = await make.subject();
    const input = station();
    const created = await callSpec(itemCalls.save, { body: input, token: admin.token });
    expect(created.status).toBe(200);
    const id = created.data.id;
    const [row] = await db().select(itemFields).from(items).where(eq(items.id, id));
    expect(row).toMatchObject({ uniqueId: input.unique_id, locationX: 48.8056, locationY: 16.6378, nameForApi: 'DANES', lastUpdate: null });
    const group = await make.group();
    expect((await callSpec(itemCalls.setGroups, { query: { id }, body: [group.id], token: admin.token })).status).toBe(200);
    expect((await callSpec(itemCalls.setSubjects, { query: { id }, body: [user.id], token: admin.token })).status).toBe(200);
    const edit = await callSpec(itemCalls.detail, { query: { id }, token: admin.token });
    expect(edit.data).toMatchObject({ item: { id, name: 'Mikulov well' }, groups: [group.id], subjects: [user.id] });
    expect(edit.data.allGroups).toContainEqual({ id: group.id, name: group.name });
    expect(edit.data.allSubjects.map((s) => s.id)).toContain(user.id);
    const updated = await callSpec(itemCalls.save, {
      body: station({
        id,
        unique_id: input.unique_id,
        name: 'Mikulov well 2',
        name_for_api: 'UNIWAN',
        timezone: 'Europe/Vienna',
        location_x: '',
      }),
      token: admin.token,
    });
    expect(updated.status).toBe(200);
    const [after] = await db().select().from(items).where(eq(items.id, id));
    expect(after).toMatchObject({ name: 'Mikulov well 2', nameForApi: 'UNIWAN', timezone: 'Europe/Vienna', locationX: null });
    expect(await db().select().from(groupItems).where(eq(groupItems.itemId, id))).toHaveLength(1);
    expect(await db().select().from(subjectItems).where(eq(subjectItems.itemId, id))).toHaveLength(1);
  });

  it('refuses a unique_id another item has with 409', async () => {
    const admin = await make.admin();
    const existing = await make.station();
    const res = await callSpec(itemCalls.save, { body: station({ unique_id: existing.uniqueId }), token: admin.token });
    expect(res.status).toBe(409);
    expect(res.json.errors.unique_id).toBeDefined();
  });

  it('POST /rest/items/token issues a token shown once, stored hashed, and revokes the previous one', async () => {
    const admin = await make.admin();
    const item = await make.station();
    const issue = () => callSpec(itemCalls.issueToken, { query: { id: item.id }, token: admin.token });
    const first = await issue();
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ item_id: item.id, token: expect.stringMatching(/^[a-z2-7]{40}$/) });
    const second = await issue();
    const rows = await db().select().from(stationTokens).where(eq(stationTokens.itemId, item.id));
    expect(rows).toHaveLength(2);
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(byId[hashToken(first.data.token)].revokedAt).not.toBeNull();
    expect(byId[hashToken(second.data.token)].revokedAt).toBeNull();
    expect(rows.map((r) => r.id)).not.toContain(first.data.token);
  });
});

describe('groups', () => {
  it('creates, renames, lists, fills and deletes a group', async () => {
    const admin = await make.admin();
    const created = await callSpec(groupCalls.save, { body: { name: 'Brno wells' }, token: admin.token });
    expect(created.status).toBe(200);
    const id = created.data.id;
    const renamed = await callSpec(groupCalls.save, { body: { id, name: 'Brno area wells' }, token: admin.token });
    expect(renamed.data).toEqual({ id, name: 'Brno area wells' });
    const [a, b] = [await make.station(), await make.station()];
    expect((await callSpec(groupCalls.setItems, { query: { id }, body: [a.id, b.id], token: admin.token })).status).toBe(200);
    const list = await callSpec(groupCalls.list, { token: admin.token });
    expect(list.data[0]).toEqual({ id, name: 'Brno area wells', nItems: 2, nSubjects: 0 });
    const edit = await callSpec(groupCalls.detail, { query: { id }, token: admin.token });
    expect(edit.data.group).toEqual({ id, name: 'Brno area wells' });
    expect(edit.data.items.sort()).toEqual([a.id, b.id].sort());
    expect((await callSpec(groupCalls.delete, { query: { id }, token: admin.token, method: 'get' })).status).toBe(200);
    expect(await db().select().from(groupItems).where(eq(groupItems.groupId, id))).toHaveLength(0);
    expect((await callSpec(groupCalls.detail, { query: { id }, token: admin.token })).status).toBe(404);
    expect((await callSpec(groupCalls.delete, { query: { id }, token: admin.token })).status).toBe(404);
  });
});
