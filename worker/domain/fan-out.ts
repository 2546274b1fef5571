import type { Ctx } from '../context';

export interface Pool<C> {
  /** Items worked on at once. */
  concurrency: number;
  /** Wall time after which no further item is started; the rest are counted as left. */
  budgetMs: number;
  /** Logged with each failure. */
  label: string;
  /** The run's counters at zero, beside done, failed and left. */
  counters?: C;
}

/** What a run counts: items done, failed and left, and whatever each item's work reports (e.g. days, rows written). */
export type Run<C extends Record<keyof C, number> = Record<never, number>> = { done: number; failed: number; left: number } & C;

/** Adds `more` into `run` field by field: the one way counters of items and of runs add up. */
function addUp<R extends Record<string, number>>(run: R, more: Partial<R>): R {
  for (const [key, n] of Object.entries(more)) (run as Record<string, number>)[key] = (run[key] ?? 0) + (n ?? 0);
  return run;
}

const emptyRun = <C extends Record<keyof C, number>>(counters: C) => ({ done: 0, failed: 0, left: 0, ...counters }) as Run<C>;

/**
 * Works through a queue a few items at a time within a time budget; what each item's work returns is added up into
 * the run. A failure is logged and counted; it does not stop the others. The cron's every duty that reaches many
 * things (station objects, webhook receivers) goes through this.
 */
export async function inPool<T, C extends Record<keyof C, number> = Record<never, number>>(
  queue: T[],
  { concurrency, budgetMs, label, counters = {} as C }: Pool<C>,
  work: (item: T) => Promise<Partial<C> | void>,
): Promise<Run<C>> {
  const started = Date.now();
  const run = emptyRun(counters);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
      while (next < queue.length) {
        if (Date.now() - started > budgetMs) {
          run.left += queue.length - next;
          next = queue.length;
          return;
        }
        const item = queue[next++];
        try {
          addUp(run, (await work(item)) ?? {});
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

/** The cron's runner object for a slice of one duty's work (worker/objects/cron-runner.ts). */
const runnerOf = (env: Cloudflare.Env, name: string) => env.CRON.get(env.CRON.idFromName(name));

/**
 * The cron's fan-out: what one D1 query listed is cut into slices of `perRunner`, each handed to a runner object
 * (`<duty>:<n>`), so the cron's own calls stay few however many stations there are; each runner call is an
 * invocation of its own with its own subrequest budget. The slices' runs add up into one.
 */
export async function acrossRunners<T, C extends Record<keyof C, number>>(
  { env }: Ctx,
  { name, stations, perRunner, counters }: { name: string; stations: T[]; perRunner: number; counters: C },
  call: (runner: ReturnType<typeof runnerOf>, slice: T[]) => Promise<Run<C>>,
): Promise<Run<C>> {
  const slices = Array.from({ length: Math.ceil(stations.length / perRunner) }, (_, i) =>
    stations.slice(i * perRunner, (i + 1) * perRunner),
  );
  const runs = await Promise.all(slices.map((slice, i) => call(runnerOf(env, `${name}:${i}`), slice)));
  return runs.reduce((sum, run) => addUp(sum, run), emptyRun(counters));
}
