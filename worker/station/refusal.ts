import type { Reading } from '../contracts/telemetry';
import type { ReadingBatch, Refusal } from './batch';
import type { StationQuality } from './quality';

/** Thrown inside a transaction to undo it: a refused batch, or a batch stored only to see what it would do. */
export const refusal = new Error('batch refused');

/** Runs `work` in one transaction; null when it threw `refusal` (everything it did is undone). */
export function transaction<T>(storage: DurableObjectStorage, work: () => T): T | null {
  try {
    return storage.transactionSync(work);
  } catch (err) {
    if (err === refusal) return null;
    throw err;
  }
}

/** The readings of a batch that its store found new in a locked approval range (by batch index), with the range's end. */
export function approvalRefusals(quality: StationQuality, batch: ReadingBatch, stored: Reading[]): Refusal[] {
  const locked = quality.approvals.locked(stored);
  if (!locked.length) return [];
  const ends = new Map(locked.map(({ reading, segment }) => [`${reading.reading}|${reading.ts}`, segment.to]));
  return Array.from(batch.ts.keys()).flatMap((index) => {
    const approvedUntil = ends.get(`${batch.codes[batch.code[index]]}|${batch.ts[index]}`);
    return approvedUntil === undefined ? [] : [{ index, approvedUntil }];
  });
}
