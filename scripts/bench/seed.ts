/** SQL for benchmark databases: a subject with a session, stations with one ingest token each, and roll-up rows. */
import { hashToken } from '../../worker/domain/auth/tokens';
import { addDays, dayBounds } from '../../shared/station-time';
import { sourceRow } from '../../worker/contracts/telemetry';
import { insertSql } from '../lib/d1';

export const benchZone = 'Europe/Prague';
export const danesCodes = ['H1', 'KCM', 'RV', 'SRA1H', '_T', '_TX', 'POWER'];

export const benchStationId = (i: number) => `BENCH-S${String(i).padStart(4, '0')}`;
export const stationTokenOf = (i: number) => `bench-station-token-${i}`;
export const sessionTokenOf = (subjectId: number) => `bench-session-token-${subjectId}`;

/**
 * Subjects 1… with one session each, stations 1..count (DANES, Prague) each with its own token. `seesUpTo`
 * gives each subject the stations 1..n through its own group (the dashboard's "100 of 1,000" comparison).
 */
export function benchAccountsSql(count: number, seesUpTo: number[], timezone = benchZone): string {
  const now = Date.now();
  const lines: string[] = [];
  for (let i = 1; i <= count; i++) {
    lines.push(
      insertSql('items', {
        id: i,
        name: `Bench ${i}`,
        unique_id: benchStationId(i),
        name_for_api: 'DANES',
        timezone,
        location_x: 48.6 + (i % 40) / 20,
        location_y: 12.2 + Math.floor(i / 40) / 4,
      }),
      insertSql('station_tokens', { id: hashToken(stationTokenOf(i)), item_id: i, created_at: now }),
    );
  }
  seesUpTo.forEach((n, index) => {
    const id = index + 1;
    lines.push(
      insertSql('subjects', {
        id,
        username: `bench${id}@hladina.local`,
        first_name: 'Bench',
        second_name: `User ${id}`,
        is_admin: false,
        status: 'active',
        password_hash: 'none',
        created_at: now,
      }),
      insertSql('sessions', { id: hashToken(sessionTokenOf(id)), subject_id: id, expires_at: now + 86_400_000 }),
      insertSql('groups', { id, name: `Bench stations 1–${n}` }),
      insertSql('subject_groups', { subject_id: id, group_id: id }),
      `INSERT INTO group_items (group_id, item_id) WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ${n}) SELECT ${id}, i FROM s;`,
    );
  });
  return lines.join('\n');
}

/**
 * Synthetic roll-up rows for `count` stations from `firstStation` over `days` days ending `to` (the dashboard reads nothing else): one
 * row per station-day with all seven codes, as a station object writes it (docs/decisions/0015).
 */
export const stationDaysSql = (count: number, to: string, days: number, firstStation = 1) => {
  const from = addDays(to, -(days - 1));
  const slot = (s: number) =>
    `144, 0, ${1 + s} + (abs(random()) % 100) / 100.0, ${3 + s} + (abs(random()) % 100) / 100.0, 300.0 + (abs(random()) % 1000) / 100.0, t0, t1, 2.0 + (abs(random()) % 100) / 100.0`;
  const columns = [
    'id',
    'first_ts',
    'last_ts',
    ...Array.from({ length: 7 }, (_, s) => ['n', 'q', 'lo', 'hi', 'sm', 'f', 'l', 'v'].map((f) => `${f}${s}`)).flat(),
  ];
  return `
WITH RECURSIVE s(i) AS (SELECT ${firstStation} UNION ALL SELECT i + 1 FROM s WHERE i < ${firstStation + count - 1}),
d(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM d WHERE n < ${days - 1}),
k AS (SELECT s.i, unixepoch(date('${from}', '+' || d.n || ' days')) / 86400 AS day,
  unixepoch(date('${from}', '+' || d.n || ' days')) * 1000 AS t0, unixepoch(date('${from}', '+' || d.n || ' days')) * 1000 + 86000000 AS t1 FROM s, d)
INSERT INTO station_days (${columns.join(', ')})
SELECT i * 100000 + day, t0, t1, ${Array.from({ length: 7 }, (_, s) => slot(s)).join(', ')} FROM k;`;
};

/**
 * Alarm rules the benchmark puts on every station: value, rate, low-voltage and no-data kinds, with thresholds the
 * benchmark's values (0–10, rising 0.06 per hour) never cross, so ingest pays for evaluation and not for alarms.
 */
const quietRules = [
  { kind: 'above', reading: 'H1', threshold: 50, deadband: 0.5 },
  { kind: 'rise', reading: 'H1', threshold: 5, window_minutes: 60 },
  { kind: 'below', reading: '_T', threshold: -50 },
  { kind: 'above', reading: 'KCM', threshold: 50, hold_minutes: 30 },
  { kind: 'fall', reading: 'KCM', threshold: 100, window_minutes: 60 },
  { kind: 'above', reading: 'RV', threshold: 50 },
  { kind: 'above', reading: 'SRA1H', threshold: 50 },
  { kind: 'above', reading: '_TX', threshold: 50, deadband: 1 },
  { kind: 'low_voltage', reading: 'POWER', threshold: -1 },
  { kind: 'no_data', silence_minutes: 1440 },
] as const;

/**
 * `perStation` alarm rules (cycling through the quiet ones) on stations 1..count, unpushed (see /bench/push-rules);
 * with `evenOnly`, on the even-numbered stations only.
 */
export function benchRulesSql(count: number, perStation: number, evenOnly = false): string {
  const now = Date.now();
  const lines: string[] = [];
  for (let i = evenOnly ? 2 : 1; i <= count; i += evenOnly ? 2 : 1) {
    for (let r = 0; r < perStation; r++) {
      const rule: Record<string, string | number | null> = {
        threshold: null,
        deadband: 0,
        window_minutes: null,
        silence_minutes: null,
        hold_minutes: 0,
        reading: null,
        ...quietRules[r % quietRules.length],
      };
      lines.push(
        insertSql('alarm_rules', { item_id: i, ...rule, severity: 'warning', created_at: now, updated_at: now, rev: 1, pushed: false }),
      );
    }
  }
  return lines.join('\n');
}

/**
 * `perStation` warning levels (1 to 3) on H1 of stations 1..count (with `evenOnly`, the even-numbered ones), high
 * above any benchmark value so none is crossed: the cost of evaluating them on every reading. Unpushed; the five-minute
 * cron hands them to the objects.
 */
export function benchLevelsSql(count: number, perStation: number, evenOnly = false): string {
  const now = Date.now();
  const levels = [50, 60, 70].slice(0, perStation).map((threshold) => ({ name: null, color: null, threshold, deadband: 0.1 }));
  const lines: string[] = [];
  for (let i = evenOnly ? 2 : 1; i <= count; i += evenOnly ? 2 : 1) {
    lines.push(
      insertSql('warning_scales', {
        item_id: i,
        reading: 'H1',
        direction: 'rising',
        levels: JSON.stringify(levels),
        updated_at: now,
        rev: 1,
        pushed: false,
      }),
    );
  }
  return lines.join('\n');
}

/**
 * A forecast rule on H1 of stations 1..count (with `evenOnly`, the even-numbered ones): level 1 forecast within three
 * hours. The benchmark's levels stand far above its values, so it never fires; ingest pays for its evaluation. Unpushed.
 */
export function benchForecastRulesSql(count: number, evenOnly = false): string {
  const now = Date.now();
  const lines: string[] = [];
  for (let i = evenOnly ? 2 : 1; i <= count; i += evenOnly ? 2 : 1) {
    lines.push(
      insertSql('alarm_rules', {
        item_id: i,
        kind: 'forecast',
        reading: 'H1',
        threshold: 1,
        deadband: 0,
        window_minutes: 180,
        hold_minutes: 0,
        severity: 'warning',
        created_at: now,
        updated_at: now,
        rev: 1,
        pushed: false,
      }),
    );
  }
  return lines.join('\n');
}

/** An administrator (subject `id`) signed in with `token`: who adds ratings, corrections and flags in the benchmarks. */
export const benchAdminSql = (token: string, id = 99) =>
  [
    insertSql('subjects', {
      id,
      username: `bench-admin-${id}@hladina.local`,
      first_name: 'Bench',
      second_name: 'Admin',
      is_admin: true,
      status: 'active',
      password_hash: 'none',
      created_at: Date.now(),
    }),
    insertSql('sessions', { id: hashToken(token), subject_id: id, expires_at: Date.now() + 86_400_000 }),
  ].join('\n');

/** The level of the benchmark's one firing rule: H1 above it fires, 1 m below clears. */
export const floodLevel = 20;

/** The benchmark's one firing rule, on `station`'s H1 (pushed to its object by `/bench/push-rules`). */
export function floodRuleSql(station: number): string {
  const now = Date.now();
  const rule = {
    item_id: station,
    name: 'Bench flood',
    kind: 'above',
    reading: 'H1',
    threshold: floodLevel,
    deadband: 0.5,
    hold_minutes: 0,
    severity: 'critical',
  };
  return insertSql('alarm_rules', { ...rule, created_at: now, updated_at: now, rev: 1, pushed: false });
}

// Each code's level, inside its soft limits (as a working station's readings are): the automatic checks flag next to
// nothing, so storage and timings are those of ordinary data.
const levels = [2, 0.6, 60, 0, 10, 9, 12.5];

/** Code `c`'s value at `ts`: its level plus a slow ramp of up to 0.996 that varies by station and time. */
export const benchValue = (station: number, ts: number, c: number) =>
  Math.round((levels[c] + ((station * 31 + ts / 600_000 + c * 7) % 997) / 1000) * 1000) / 1000;

/** One DANES report of all seven codes at `ts`. */
export const report = (station: number, ts: number) =>
  danesCodes.map((reading, c) => sourceRow('DANES', { reading, ts, value: benchValue(station, ts, c) }));

/** Every 10-minute report time of `days` (station-local, in order), each instant once (a DST day's reports overlap the next day's). */
export const reportTimes = (days: readonly string[]) => {
  const end = dayBounds(days.at(-1)!, benchZone).end;
  const times = days.flatMap((day) => Array.from({ length: 144 }, (_, k) => dayBounds(day, benchZone).start + k * 600_000));
  return [...new Set(times)].filter((ts) => ts < end).sort((a, b) => a - b);
};

/** The stage (`H1`) of `station` alone at each of `times`: a river gauge's series, without the other six codes. */
export const stageRows = (station: number, times: readonly number[]) =>
  times.map((ts) => sourceRow('DANES', { reading: 'H1', ts, value: benchValue(station, ts, 0) }));
