export interface PoolLimits {
  /** Items worked on at once. */
  concurrency: number;
  /** Wall time after which no further item is started; the rest are counted as left. */
  budgetMs: number;
}

export interface PoolRun {
  done: number;
  failed: number;
  left: number;
}

/**
 * Works through a queue a few items at a time within a time budget, as the cron's runner objects do for many
 * stations. A failure is logged under `label` and counted; it does not stop the others.
 */
export async function inPool<T>(queue: T[], limits: PoolLimits, label: string, work: (item: T) => Promise<void>): Promise<PoolRun> {
  const started = Date.now();
  const run: PoolRun = { done: 0, failed: 0, left: 0 };
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limits.concurrency, queue.length) }, async () => {
      while (next < queue.length) {
        if (Date.now() - started > limits.budgetMs) {
          run.left += queue.length - next;
          next = queue.length;
          return;
        }
        const item = queue[next++];
        try {
          await work(item);
          run.done++;
        } catch (err) {
          run.failed++;
          console.error(label, item, err);
        }
      }
    }),
  );
  return run;
}
