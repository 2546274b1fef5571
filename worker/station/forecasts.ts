import type { Reading } from '../contracts/telemetry';
import type { ForecastStanding } from './evaluate';
import { codeIndex } from './flags';
import type { ScaleSpec } from './levels';
import { column } from './schema';
import { defaultForecastMethod, forecastLevel, forecastMoved, type LevelForecast } from './time-to-level';

// Raised whenever the statements below change.
const schemaVersion = 1;

function migrateForecasts(storage: DurableObjectStorage) {
  if (storage.kv.get<number>('forecast-schema') === schemaVersion) return;
  // Per reading: the forecast D1 holds (level and expected_at null: none), so an unchanged one is not written again.
  storage.sql.exec(
    'CREATE TABLE IF NOT EXISTS forecast_sent (code TEXT PRIMARY KEY, level INTEGER, issued_at INTEGER NOT NULL, expected_at INTEGER) WITHOUT ROWID',
  );
  storage.kv.put('forecast-schema', schemaVersion);
}

/** A reading's forecast that moved (null: none any more), issued at the newest reading it was made from. */
export interface MovedForecast {
  code: string;
  forecast: LevelForecast | null;
  issuedAt: number;
}

/**
 * The time-to-level forecasts of a station's readings with levels (decisions 0035, 0043): made again in a batch that brought
 * a new reading of the code, from the good readings of the window before it, and written to D1 only when it moved
 * (`forecastMoved`). What D1 holds is remembered here; a failed write leaves it as it was, so the next batch tries again.
 */
export class StationForecasts {
  private sent: Map<string, LevelForecast | null> | null = null;

  constructor(
    private readonly storage: DurableObjectStorage,
    /** Writes a reading's forecast (null: none, as of `issuedAt`) to D1. */
    private readonly store: (itemId: number, reading: string, forecast: LevelForecast | null, issuedAt: number) => Promise<void>,
  ) {
    migrateForecasts(storage);
  }

  private get sql() {
    return this.storage.sql;
  }

  private held(): Map<string, LevelForecast | null> {
    this.sent ??= new Map(
      this.sql
        .exec<{ code: string; level: number | null; issued_at: number; expected_at: number | null }>('SELECT * FROM forecast_sent')
        .toArray()
        .map((r) => [
          r.code,
          r.level === null || r.expected_at === null ? null : { level: r.level, issuedAt: r.issued_at, expectedAt: r.expected_at },
        ]),
    );
    return this.sent;
  }

  /** The good readings of a code in the fit's window up to `newest`, in time order. */
  private window(code: string, newest: number) {
    return this.sql
      .exec<{ ts: number; value: number }>(
        `SELECT ts, ${column(code)} AS value FROM readings r WHERE ts >= ? AND ts <= ? AND ${column(code)} IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM flags f WHERE f.ts = r.ts AND f.code = ?) ORDER BY ts`,
        newest - defaultForecastMethod.windowMs,
        newest,
        codeIndex(code),
      )
      .toArray();
  }

  /** The forecast D1 holds for a reading (null: none). */
  of(code: string): LevelForecast | null {
    return this.held().get(code) ?? null;
  }

  /** Forgets what was written for readings that lost their levels (D1 drops their forecast with the scale). */
  keepOnly(codes: readonly string[]) {
    this.sql.exec('DELETE FROM forecast_sent WHERE code NOT IN (SELECT value FROM json_each(?))', JSON.stringify(codes));
    this.sent = null;
  }

  /**
   * Forecasts again the readings a committed batch brought (`newest`: per code, its newest new reading time): those
   * whose forecast moved, with the time it is issued at. What the live channel tells and `write` stores.
   */
  moved(
    newest: ReadonlyMap<string, number> | undefined,
    standing: (code: string) => { spec: ScaleSpec; level: number } | undefined,
  ): MovedForecast[] {
    if (!newest) return [];
    return [...newest].flatMap(([code, ts]) => {
      const scale = standing(code);
      if (!scale) return [];
      const forecast = forecastLevel(scale.spec, scale.level, this.window(code, ts));
      return forecastMoved(this.of(code), forecast) ? [{ code, forecast, issuedAt: forecast?.issuedAt ?? ts }] : [];
    });
  }

  /**
   * Where each reading a batch forecast again stands after it (forecast rules evaluate this): its level, its forecast
   * (the moved one, else the one held) and its newest new reading.
   */
  standings(
    newest: ReadonlyMap<string, number> | undefined,
    moved: readonly MovedForecast[],
    standing: (code: string) => { level: number } | undefined,
    stored: readonly Reading[],
  ): Map<string, ForecastStanding> {
    const standings = new Map<string, ForecastStanding>();
    for (const [code, ts] of newest ?? []) {
      const at = standing(code);
      const value = stored.find((r) => r.reading === code && r.ts === ts)?.value;
      if (!at || value === undefined) continue;
      const made = moved.find((m) => m.code === code);
      standings.set(code, { level: at.level, forecast: made ? made.forecast : this.of(code), ts, value });
    }
    return standings;
  }

  /** Writes moved forecasts to D1, remembering each one written. */
  async write(itemId: number | undefined, moved: readonly MovedForecast[]): Promise<void> {
    if (itemId === undefined) return;
    for (const { code, forecast, issuedAt } of moved) {
      try {
        await this.store(itemId, code, forecast, issuedAt);
      } catch (err) {
        console.error('forecast not written; the next batch tries again', err);
        continue;
      }
      this.sql.exec(
        'INSERT OR REPLACE INTO forecast_sent (code, level, issued_at, expected_at) VALUES (?, ?, ?, ?)',
        code,
        forecast?.level ?? null,
        issuedAt,
        forecast?.expectedAt ?? null,
      );
      this.held().set(code, forecast);
    }
  }
}
