/**
 * A network of 500 stations for browser tests that need a big one (map clusters, long lists), written straight
 * into the e2e D1 with a day of roll-ups each, so the dashboard shows them fresh, stale or on low voltage.
 *
 * Administrators see every station, and other files count the demo stations the demo administrator sees, so
 * the network is not part of the global seed: a file adds it before its tests and removes it after them (files
 * run one after another). Only its own account, linked through two groups, sees it besides administrators.
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { insertSql, sqlValue } from '../../scripts/lib/d1';
import { hashPassword } from '../../worker/domain/auth/password';
import type { E2eDb } from './e2e-db';

export const networkAccount = { username: 'network@e2e.hladina.local', password: 'e2e-network-1', firstName: 'Sita', secondName: 'Velká' };
export const networkSize = 500;
const prefix = 'E2E-NET-';
const timeZone = 'Europe/Prague';

/** Two regions far apart, half the stations each: West Bohemia and the Ostrava region. */
export const networkGroups = [
  { name: 'E2E network West', south: 49.3, west: 12.6, north: 50.3, east: 14.0 },
  { name: 'E2E network East', south: 49.4, west: 17.6, north: 50.0, east: 18.6 },
] as const;

export type NetworkState = 'fresh' | 'stale' | 'low_voltage';
/** Every tenth station from the fourth on has a low battery, every tenth from the eighth stopped two days ago. */
export const networkState = (index: number): NetworkState => (index % 10 === 3 ? 'low_voltage' : index % 10 === 7 ? 'stale' : 'fresh');

export const networkStationId = (index: number) => `${prefix}${String(index + 1).padStart(3, '0')}`;

/** The same spread every run: a small linear congruential generator instead of Math.random. */
function spread(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const minute = 60_000;
const day = 24 * 60 * minute;
/** A 10-minute station over the dashboard's 30 days: this many reports per code keep it fresh, not stale. */
const reportsPerCode = 30 * 144;

function stationRows(now: number) {
  const random = spread(13);
  const items: string[] = [];
  const stats: string[] = [];
  for (let index = 0; index < networkSize; index++) {
    const group = networkGroups[index < networkSize / 2 ? 0 : 1];
    const lat = group.south + random() * (group.north - group.south);
    const lon = group.west + random() * (group.east - group.west);
    const id = networkStationId(index);
    items.push(
      `(${[`E2E network station ${String(index + 1).padStart(3, '0')}`, `N-${index + 1}`, id, lat, lon, `Place ${index + 1}`, group.name, 'DANES', timeZone].map(sqlValue).join(', ')})`,
    );
    const state = networkState(index);
    const last = state === 'stale' ? now - 2 * day : now - 5 * minute;
    const first = last - 29 * day;
    // One roll-up row (docs/decisions/0015): the station's day, with H1 (slot 0 of DANES) and POWER (slot 6).
    const dayNumber = Date.parse(`${format(new TZDate(last, timeZone), 'yyyy-MM-dd')}T00:00:00Z`) / day;
    const slot = (min: number, max: number) => [reportsPerCode, 0, min, max, ((min + max) / 2) * reportsPerCode, first, last, max];
    const power = state === 'low_voltage' ? 11.1 : 12.4;
    stats.push(
      `((SELECT id FROM items WHERE unique_id = ${sqlValue(id)}) * 100000 + ${dayNumber}, ${[first, last, ...slot(1.2, 2.4), ...slot(power, 13.2)].map(sqlValue).join(', ')})`,
    );
  }
  return { items, stats };
}

const inChunks = (head: string, rows: string[], size = 50) => {
  const statements: string[] = [];
  for (let i = 0; i < rows.length; i += size) statements.push(`${head} VALUES ${rows.slice(i, i + size).join(',\n')};`);
  return statements;
};

/** Adds the 500 stations, their groups, roll-ups and account to a test server's database. */
export async function addNetwork(db: E2eDb, now = Date.now()) {
  const { items, stats } = stationRows(now);
  const groupNames = networkGroups.map((g) => sqlValue(g.name)).join(', ');
  const script = [
    insertSql('subjects', {
      username: networkAccount.username,
      first_name: networkAccount.firstName,
      second_name: networkAccount.secondName,
      subject: 'E2E network',
      phone: null,
      is_admin: false,
      status: 'active',
      password_hash: await hashPassword(networkAccount.password),
      created_at: now,
      approved_at: now,
    }),
    ...networkGroups.map((g) => insertSql('groups', { name: g.name })),
    ...inChunks(
      'INSERT INTO items (name, serial_nr, unique_id, location_x, location_y, location_name, location_group, name_for_api, timezone)',
      items,
    ),
    ...inChunks(
      'INSERT INTO station_days (id, first_ts, last_ts, n0, q0, lo0, hi0, sm0, f0, l0, v0, n6, q6, lo6, hi6, sm6, f6, l6, v6)',
      stats,
    ),
    `INSERT INTO group_items (group_id, item_id) SELECT g.id, i.id FROM groups g JOIN items i ON i.location_group = g.name WHERE g.name IN (${groupNames}) AND i.unique_id LIKE '${prefix}%';`,
    `INSERT INTO subject_groups (subject_id, group_id) SELECT s.id, g.id FROM subjects s, groups g WHERE s.username = ${sqlValue(networkAccount.username)} AND g.name IN (${groupNames});`,
  ];
  await db.run(script.join('\n'));
}

/**
 * Opens the network account's live channel once and waits for it to confirm. The first subscription registers the
 * account's watcher with every station object, each starting for the first time here (the network was written
 * straight into D1): that takes a while on a busy machine, and would otherwise fall into the first test's time.
 */
export async function warmNetworkLive(baseURL: string) {
  const login = await fetch(`${baseURL}/rest/site/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ LoginForm: { username: networkAccount.username, password: networkAccount.password } }),
  });
  const { access_token: token } = ((await login.json()) as { data: { access_token: string } }).data;
  const socket = new WebSocket(`${baseURL.replace(/^http/, 'ws')}/rest/live?access_token=${token}`);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('message', (event) => String(event.data).includes('"subscribed"') && resolve());
    socket.addEventListener('close', () => reject(new Error('the live channel closed before it confirmed')));
  });
  socket.close();
}

/** Removes everything addNetwork wrote (links, roll-ups and sessions go with their rows). */
export async function removeNetwork(db: E2eDb) {
  await db.run(
    [
      `DELETE FROM items WHERE unique_id LIKE '${prefix}%';`,
      `DELETE FROM groups WHERE name IN (${networkGroups.map((g) => sqlValue(g.name)).join(', ')});`,
      `DELETE FROM subjects WHERE username = ${sqlValue(networkAccount.username)};`,
    ].join('\n'),
  );
}
