import type { AlarmClock } from './alarm-clock';

/** A maintenance window as the station's object holds it. */
export interface WindowSpec {
  id: number;
  start: number;
  end: number;
}

/** A failed end-of-window notice is tried again after this. */
const retryMs = 30_000;

/**
 * A station's maintenance windows, pushed from D1 with a revision like alarm rules (kept in the object's key-value
 * storage, read once per instance). Ingest asks whether a reading's time lies in one (it is then flagged suspect);
 * the alarm clock wakes the object at each window's end, which tells D1 once (`ended`), so an alarm still active then
 * notifies.
 */
export class StationMaintenance {
  private windows: WindowSpec[] | null = null;

  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly clock: AlarmClock,
    /** Sends what was held back during the window (worker/domain/maintenance/windows.ts). */
    private readonly ended: (window: WindowSpec) => Promise<void>,
  ) {}

  private held(): WindowSpec[] {
    this.windows ??= this.storage.kv.get<WindowSpec[]>('maintenance') ?? [];
    return this.windows;
  }

  /** Whether a reading stamped `ts` was taken during a window. */
  covers = (ts: number) => this.held().some((w) => w.start <= ts && ts < w.end);

  /** Takes a newer revision of the station's windows (an older one is ignored) and wakes for the next end. */
  async replace(revision: number, windows: WindowSpec[]): Promise<number> {
    const held = this.storage.kv.get<number>('maintenance-revision') ?? 0;
    if (revision <= held) return held;
    this.storage.transactionSync(() => {
      this.storage.kv.put('maintenance', windows);
      this.storage.kv.put('maintenance-revision', revision);
    });
    this.windows = windows;
    await this.wakeForNextEnd(Date.now());
    return revision;
  }

  private async wakeForNextEnd(now: number) {
    const announced = this.storage.kv.get<number[]>('maintenance-ended') ?? [];
    const next = this.held()
      .filter((w) => !announced.includes(w.id))
      .map((w) => Math.max(w.end, now))
      .sort((a, b) => a - b)[0];
    if (next !== undefined) await this.clock.wake(next);
  }

  /** Tells D1 of every window that has ended and was not told yet. */
  async onAlarm(now = Date.now()) {
    const announced = this.storage.kv.get<number[]>('maintenance-ended') ?? [];
    for (const w of this.held().filter((w) => w.end <= now && !announced.includes(w.id))) {
      try {
        await this.ended(w);
        announced.push(w.id);
        this.storage.kv.put('maintenance-ended', announced.slice(-100));
      } catch (err) {
        console.error('end of maintenance not told; retrying', w.id, err);
        await this.clock.wake(Date.now() + retryMs);
        return;
      }
    }
    await this.wakeForNextEnd(now);
  }

  /** Moves every window `ms` earlier, as that much time passing would (the testing facet's clock). */
  backdate(ms: number) {
    this.windows = this.held().map((w) => ({ ...w, start: w.start - ms, end: w.end - ms }));
    this.storage.kv.put('maintenance', this.windows);
  }
}
