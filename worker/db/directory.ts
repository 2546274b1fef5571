import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { directoryVersion } from './schema';

/** How many times stations, groups, their links or subjects' roles have changed (raised by triggers, migration 0015). */
export async function selectDirectoryVersion(db: Db): Promise<number> {
  const [row] = await db.select({ version: directoryVersion.version }).from(directoryVersion).where(eq(directoryVersion.id, 1));
  return row?.version ?? 0;
}
