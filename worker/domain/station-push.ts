import type { Ctx } from '../context';
import type { Db } from '../db/client';
import { inPool } from './fan-out';

/**
 * A station's configuration that D1 keeps (the record the API manages) and the station's object holds by revision:
 * its alarm rules, its automatic quality checks (decision 0008). After each change the API pushes the whole set with
 * its revision; the object ignores an older one. Rows stay unpushed until the object confirmed, and the cron pushes
 * such stations again, so a failed push heals within five minutes.
 */
export interface StationPush {
  /** Logged with a failure. */
  label: string;
  /** Sends the station's current set to its object; returns the revision sent, or null when there is nothing to send. */
  send(ctx: Ctx, itemId: number): Promise<number | null>;
  /** The station's rows up to `revision` are held by its object. */
  markPushed(db: Db, change: { itemId: number; revision: number }): Promise<unknown>;
  /** Stations whose objects may not hold their latest revision. */
  unpushed(db: Db, limit: number): Promise<{ itemId: number }[]>;
}

/** Stations pushed again per run and kind, and pushes in flight. */
const pushesPerRun = 200;
const pushConcurrency = 16;

/** Pushes one station's set of `kind`; a failure is logged and left for the cron. Returns whether it got there. */
export async function pushToStation(ctx: Ctx, kind: StationPush, { itemId }: { itemId: number }): Promise<boolean> {
  let revision: number | null;
  try {
    revision = await kind.send(ctx, itemId);
  } catch (err) {
    console.error(`${kind.label} not pushed to the station; the cron retries`, itemId, err);
    return false;
  }
  if (revision !== null) await kind.markPushed(ctx.db, { itemId, revision });
  return true;
}

/** The cron's repair: pushes each kind's sets to the stations whose objects may not hold their latest revision. Returns how many got there. */
export async function pushPending(ctx: Ctx, kinds: StationPush[], { limit = pushesPerRun }: { limit?: number } = {}) {
  let pushed = 0;
  for (const kind of kinds) {
    const stations = await kind.unpushed(ctx.db, limit);
    const pool = { concurrency: pushConcurrency, budgetMs: 20_000, label: `${kind.label} push failed`, counters: { pushed: 0 } };
    pushed += (await inPool(stations, pool, async ({ itemId }) => ({ pushed: (await pushToStation(ctx, kind, { itemId })) ? 1 : 0 })))
      .pushed;
  }
  return pushed;
}
