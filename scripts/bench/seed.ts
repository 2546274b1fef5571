/** SQL for the benchmark database: 100 stations × 90 days × 7 readings every 10 minutes, one station with a year. */
import { hashToken } from '../../worker/domain/auth/tokens';
import { addDays, dayBounds } from '../../worker/contracts/station-time';
import { insertSql } from '../lib/d1';

export const benchZone = 'Europe/Prague';
export const stationCount = 100;
export const codes = ['H1', 'KCM', 'RV', 'SRA1H', '_T', '_TX', 'POWER'];
const STEP = 600_000;

export interface BenchPlan {
  sessionToken: string;
  stationToken: string;
  /** First and last local day of the 90-day data. */
  from: string;
  to: string;
  yearFrom: string;
}

// Synthetic readings straight in SQL: nine million rows through HTTP would take the benchmark's whole budget.
const readingsFor = (itemFilter: string, start: number, steps: number) => `
WITH RECURSIVE t(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM t WHERE i < ${steps - 1}),
codes(code) AS (VALUES ${codes.map((c) => `('${c}')`).join(', ')})
INSERT INTO readings (item_id, reading, ts, value)
SELECT s.id, codes.code, ${start} + t.i * ${STEP}, (abs(random()) % 100000) / 1000.0
FROM items s, t, codes WHERE ${itemFilter};`;

const dirtyDaysFor = (itemFilter: string, from: string, days: number) => `
WITH RECURSIVE d(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM d WHERE n < ${days - 1})
INSERT OR IGNORE INTO dirty_days (item_id, day) SELECT s.id, date('${from}', '+' || d.n || ' days') FROM items s, d WHERE ${itemFilter};`;

export function benchSeed(today: string): { sql: string; plan: BenchPlan } {
  const to = addDays(today, -1);
  const from = addDays(to, -89);
  const yearFrom = addDays(to, -364);
  const plan: BenchPlan = { sessionToken: 'bench-session-token', stationToken: 'bench-station-token', from, to, yearFrom };
  const lines = [
    insertSql('subjects', { id: 1, username: 'bench@hladina.local', first_name: 'Bench', second_name: 'User', is_admin: false, status: 'active', password_hash: 'none', created_at: Date.now() }),
    insertSql('sessions', { id: hashToken(plan.sessionToken), subject_id: 1, expires_at: Date.now() + 86_400_000 }),
    insertSql('groups', { id: 1, name: 'Bench stations' }),
    insertSql('subject_groups', { subject_id: 1, group_id: 1 }),
  ];
  for (let i = 1; i <= stationCount; i++) {
    const uid = `BENCH-S${String(i).padStart(3, '0')}`;
    lines.push(insertSql('items', { id: i, name: `Bench ${i}`, unique_id: uid, name_for_api: 'DANES', timezone: benchZone }));
    lines.push(insertSql('group_items', { group_id: 1, item_id: i }));
  }
  lines.push(
    insertSql('items', { id: 1001, name: 'Bench year', unique_id: 'BENCH-YEAR', name_for_api: 'DANES', timezone: benchZone }),
    insertSql('items', { id: 1002, name: 'Bench ingest', unique_id: 'BENCH-INGEST', name_for_api: 'DANES', timezone: benchZone }),
    insertSql('subject_items', { subject_id: 1, item_id: 1001 }),
    // The bench subject watches the ingest station on the live channel.
    insertSql('subject_items', { subject_id: 1, item_id: 1002 }),
    insertSql('station_tokens', { id: hashToken(plan.stationToken), item_id: 1002, created_at: Date.now() }),
  );
  const start = dayBounds(from, benchZone).start;
  const steps = Math.round((dayBounds(to, benchZone).end - start) / STEP);
  lines.push(readingsFor(`s.id <= ${stationCount}`, start, steps));
  const yearStart = dayBounds(yearFrom, benchZone).start;
  lines.push(readingsFor('s.id = 1001', yearStart, Math.round((dayBounds(to, benchZone).end - yearStart) / STEP)));
  lines.push(dirtyDaysFor(`s.id <= ${stationCount}`, from, 90), dirtyDaysFor('s.id = 1001', yearFrom, 365));
  return { sql: lines.join('\n'), plan };
}
