import { integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { rollupSlots } from '../rollup-layout';
import { items } from './items';

/**
 * Raw readings of a database from before station objects. Nothing writes here any more: `npm run
 * migrate:readings` copies them into the station objects (docs/decisions/0001); a later release drops the table.
 */
export const legacyReadings = sqliteTable(
  'legacy_readings',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    /** Reading code from the catalogue, e.g. H1 or humidity. */
    reading: text('reading').notNull(),
    /** Epoch ms, UTC. */
    ts: integer('ts').notNull(),
    value: real('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.ts, t.reading] })],
);

/**
 * The roll-up of before migration 0007, one row per station, code and day. Nothing writes here any more: the cron (and
 * `npm run migrate:rollup`) moves it into `station_days` and `station_months` a few stations at a time, deleting what it
 * moved (docs/decisions/0015); a later release drops the table.
 */
export const legacyDailyStats = sqliteTable(
  'daily_stats',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    reading: text('reading').notNull(),
    /** Station-local calendar day, YYYY-MM-DD. */
    day: text('day').notNull(),
    count: integer('count').notNull(),
    min: real('min').notNull(),
    max: real('max').notNull(),
    sum: real('sum').notNull(),
    firstTs: integer('first_ts').notNull(),
    lastTs: integer('last_ts').notNull(),
    lastValue: real('last_value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.reading, t.day] })],
);

/**
 * Slots of a roll-up row: slot i holds the i-th code of the station's source (`slotCodes`: its stored codes, then its
 * derived ones), each as count, suspect count, min, max, sum, first and last time and last value. A catalogue that
 * grows adds slots (and a migration).
 */
const slotIndexes = Array.from({ length: rollupSlots }, (_, s) => s);

const slotColumns = (s: number) => ({
  [`n${s}`]: integer(`n${s}`),
  [`q${s}`]: integer(`q${s}`),
  [`lo${s}`]: real(`lo${s}`),
  [`hi${s}`]: real(`hi${s}`),
  [`sm${s}`]: real(`sm${s}`),
  [`f${s}`]: integer(`f${s}`),
  [`l${s}`]: integer(`l${s}`),
  [`v${s}`]: real(`v${s}`),
});

// For codes that add up: the wettest day of the month (days since 1970-01-01) and its total.
const peakColumns = (s: number) => ({ [`pd${s}`]: integer(`pd${s}`), [`pk${s}`]: real(`pk${s}`) });

/**
 * One row per station-local day of a station with every code's figures (docs/decisions/0015). The key packs the
 * station and the day: `id = item_id × 100,000 + days since 1970-01-01`, so a station's days are one range of the
 * rowid and a row needs no index beside it (a write is one row). `first_ts`/`last_ts` span every code of the day.
 */
export const stationDays = sqliteTable('station_days', {
  id: integer('id').primaryKey(),
  firstTs: integer('first_ts').notNull(),
  lastTs: integer('last_ts').notNull(),
  ...Object.assign({}, ...slotIndexes.map(slotColumns)),
});

/**
 * Station-months older than the fold age (ROLLUP_FOLD_AFTER_DAYS), folded from their days: `id = item_id × 100,000 +
 * months since 1970-01`; the slots as in `station_days`, plus the wettest day of codes that add up.
 */
export const stationMonths = sqliteTable('station_months', {
  id: integer('id').primaryKey(),
  firstTs: integer('first_ts').notNull(),
  lastTs: integer('last_ts').notNull(),
  ...Object.assign({}, ...slotIndexes.map(slotColumns)),
  ...Object.assign({}, ...slotIndexes.map(peakColumns)),
});

/**
 * Discharge's roll-up (docs/ratings.md): one row per station-local day of a station whose stage has a rating, keyed as
 * `station_days` (`item_id × 100,000 + days since 1970-01-01`); the code is the source's one discharge code. Apart
 * from `station_days` because a tenth slot would take `station_months` past D1's 100 columns; not folded into months.
 * `vol` is the day's volume in m³: its mean discharge times the seconds of the local day.
 */
export const stationDischargeDays = sqliteTable('station_discharge_days', {
  id: integer('id').primaryKey(),
  n: integer('n').notNull(),
  q: integer('q').notNull(),
  lo: real('lo').notNull(),
  hi: real('hi').notNull(),
  sm: real('sm').notNull(),
  f: integer('f').notNull(),
  l: integer('l').notNull(),
  v: real('v').notNull(),
  vol: real('vol').notNull(),
});

/**
 * Stations whose roll-up failed, written only on a failure and deleted by the next success (best effort): what the
 * health call counts and the cron retries if the station's own alarm did not.
 */
export const rollupFailures = sqliteTable('rollup_failures', {
  itemId: integer('item_id')
    .primaryKey()
    .references(() => items.id, { onDelete: 'cascade' }),
  /** Epoch ms of the first failure in a row. */
  since: integer('since').notNull(),
  attempts: integer('attempts').notNull(),
  error: text('error').notNull(),
  /** Epoch ms of the latest attempt. */
  lastAttempt: integer('last_attempt').notNull(),
});
