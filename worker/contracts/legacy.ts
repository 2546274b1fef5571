import { z } from './zod';
import { defineCall } from './call';
import { id } from './validation';

/** One step of copying an older database's D1 readings into the station objects (`npm run migrate:readings`). */
export const LegacyCopyQuery = z.object({
  /** Continue with the first station after this D1 id (the previous step's `station.id`); from the start if absent. */
  after: id().optional(),
  /** Most readings copied in this step. */
  limit: z.coerce.number().int().min(1).max(50_000).default(20_000),
});

export const LegacyStationTotals = z.object({
  /** Readings of the station in D1's legacy table. */
  legacy: z.number(),
  /** Readings the object confirmed, stored now or already there (accepted + duplicates). */
  copied: z.number(),
  accepted: z.number(),
  duplicates: z.number(),
  /** Readings the station's object holds now (may exceed `legacy`: newer readings posted since). */
  inObject: z.number(),
});

export const LegacyCopyStep = z.object({
  /** The station worked on in this step; null once no station is left. */
  station: z.object({ id: z.number(), unique_id: z.string() }).nullable(),
  copiedNow: z.number(),
  /** Set when the station is complete, with its counts. */
  totals: LegacyStationTotals.nullable(),
});
export type LegacyCopyStep = z.infer<typeof LegacyCopyStep>;

export const legacyCalls = {
  copy: defineCall({
    method: 'post',
    path: '/legacy-readings/copy',
    access: 'admin',
    summary: "Copy the next slice of an older database's D1 readings into their station's object (npm run migrate:readings)",
    query: LegacyCopyQuery,
    reply: LegacyCopyStep,
  }),
};
