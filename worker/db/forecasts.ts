import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { atomically } from './batch';
import type { Db } from './client';
import { warningForecastIssues, warningForecasts } from './schema';

/**
 * A station object's forecast for one reading (`level` and `expectedAt` null: none), unless D1 holds one issued later;
 * a forecast of a level also goes into the issues scored later, once however often it is delivered.
 */
export const recordForecast = (
  db: Db,
  f: { itemId: number; reading: string; level: number | null; issuedAt: number; expectedAt: number | null },
) =>
  atomically(db, [
    db
      .insert(warningForecasts)
      .values(f)
      .onConflictDoUpdate({
        target: [warningForecasts.itemId, warningForecasts.reading],
        set: { level: f.level, issuedAt: f.issuedAt, expectedAt: f.expectedAt },
        setWhere: sql`excluded.issued_at >= ${warningForecasts.issuedAt}`,
      }),
    ...(f.level === null || f.expectedAt === null
      ? []
      : [
          db
            .insert(warningForecastIssues)
            .values({ ...f, level: f.level, expectedAt: f.expectedAt })
            .onConflictDoNothing(),
        ]),
  ]);

/** A reading's time-to-level forecast as D1 holds it, if there is one. */
export const findForecast = async (db: Db, itemId: number, reading: string) =>
  (
    await db
      .select({ level: warningForecasts.level, expectedAt: warningForecasts.expectedAt })
      .from(warningForecasts)
      .where(and(eq(warningForecasts.itemId, itemId), eq(warningForecasts.reading, reading), isNotNull(warningForecasts.level)))
  ).map((r) => ({ level: r.level!, expectedAt: r.expectedAt! }))[0];
