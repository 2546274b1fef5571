import { hashPassword } from '../../worker/domain/auth/password';
import { insertSql } from '../lib/d1';

/** Local demo accounts only; the README prints these credentials. */
export const demoAccounts = {
  admin: { username: 'admin@hladina.local', password: 'hladina-admin', firstName: 'Alena', secondName: 'Správcová' },
  user: { username: 'user@hladina.local', password: 'hladina-user', firstName: 'Jan', secondName: 'Novák' },
};

export const demoGroups = [
  { id: 1, name: 'Groundwater network' },
  { id: 2, name: 'Weather stations' },
];

export const demoStations = [
  {
    id: 1,
    name: 'Brno – Svratka well',
    unique_id: 'DANES-BRNO-01',
    serial_nr: 'D-2019-014',
    source: 'DANES',
    lat: 49.1804,
    lon: 16.5939,
    place: 'Brno, Svratka',
    area: 'South Moravia',
  },
  {
    id: 2,
    name: 'Znojmo – Dyje well',
    unique_id: 'DANES-ZNOJ-02',
    serial_nr: 'D-2020-031',
    source: 'DANES',
    lat: 48.8555,
    lon: 16.0488,
    place: 'Znojmo, Dyje',
    area: 'South Moravia',
  },
  {
    id: 3,
    name: 'Olomouc weather',
    unique_id: 'UNIWAN-OLOM-01',
    serial_nr: 'U-7741',
    source: 'UNIWAN',
    lat: 49.5938,
    lon: 17.2509,
    place: 'Olomouc',
    area: 'Olomouc region',
  },
  {
    id: 4,
    name: 'Jihlava river level',
    unique_id: 'UNIWAN-JIHL-02',
    serial_nr: 'U-7802',
    source: 'UNIWAN',
    lat: 49.3961,
    lon: 15.5912,
    place: 'Jihlava',
    area: 'Vysočina',
  },
] as const;

/** SQL for the demo administrator, user, groups, stations and their links. */
export async function accountsSql(): Promise<string> {
  const now = Date.now();
  const lines: string[] = [];
  for (const [role, a] of Object.entries(demoAccounts)) {
    lines.push(
      insertSql('subjects', {
        username: a.username,
        first_name: a.firstName,
        second_name: a.secondName,
        subject: role === 'admin' ? 'Hladina' : 'Vodárna Brno',
        phone: null,
        is_admin: role === 'admin',
        status: 'active',
        password_hash: await hashPassword(a.password),
        created_at: now,
        approved_at: now,
      }),
    );
  }
  for (const g of demoGroups) lines.push(insertSql('groups', g));
  for (const s of demoStations) {
    lines.push(
      insertSql('items', {
        id: s.id,
        name: s.name,
        serial_nr: s.serial_nr,
        unique_id: s.unique_id,
        location_x: s.lat,
        location_y: s.lon,
        location_name: s.place,
        location_group: s.area,
        name_for_api: s.source,
        timezone: 'Europe/Prague',
      }),
    );
  }
  lines.push(
    `INSERT INTO group_items (group_id, item_id) VALUES (1, 1), (1, 2), (2, 3), (2, 4);`,
    `INSERT INTO subject_groups (subject_id, group_id) SELECT id, 1 FROM subjects WHERE username = 'user@hladina.local';`,
    `INSERT INTO subject_items (subject_id, item_id) SELECT id, 3 FROM subjects WHERE username = 'user@hladina.local';`,
  );
  return lines.join('\n');
}
