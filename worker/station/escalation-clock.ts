import type { AlarmClock } from './alarm-clock';

/** A step that failed (D1 unreachable) is tried again after this. */
const retryMs = 30_000;

/**
 * When the escalations of a station's alarms and levels take their next step: kept in the object's SQLite and
 * driven by its alarm clock, so a step is due at its exact time and survives the object's eviction (a Durable Object
 * alarm wakes an evicted object). The steps themselves run in D1 (worker/domain/escalations/run.ts), which answers
 * how long until the next one; this keeps only the times, so the chain's clock is the object's alone.
 */
export class StationEscalations {
  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly clock: AlarmClock,
    /** Runs an escalation's due step; answers the milliseconds to its next step, or null when it has none. */
    private readonly run: (id: number) => Promise<number | null>,
  ) {
    storage.sql.exec('CREATE TABLE IF NOT EXISTS escalation_due (id INTEGER PRIMARY KEY, due INTEGER NOT NULL)');
  }

  /** Sets when an escalation's next step is due. */
  async schedule(id: number, at: number) {
    this.storage.sql.exec('INSERT INTO escalation_due (id, due) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET due = excluded.due', id, at);
    await this.clock.wake(at);
  }

  /** Runs every step due by now, one after another, then asks the clock for the next. */
  async onAlarm(now = Date.now()) {
    const { sql } = this.storage;
    const due = sql.exec<{ id: number }>('SELECT id FROM escalation_due WHERE due <= ? ORDER BY due', now).toArray();
    for (const { id } of due) {
      let next: number | null;
      try {
        const delay = await this.run(id);
        next = delay === null ? null : Date.now() + delay;
      } catch (err) {
        console.error('escalation step failed; retrying', id, err);
        next = Date.now() + retryMs;
      }
      if (next === null) sql.exec('DELETE FROM escalation_due WHERE id = ?', id);
      else sql.exec('UPDATE escalation_due SET due = ? WHERE id = ?', next, id);
    }
    const next = sql.exec<{ due: number | null }>('SELECT min(due) AS due FROM escalation_due').one().due;
    if (next !== null) await this.clock.wake(next);
  }

  /** Moves every due time `ms` back, as that much time passing would (the testing facet's clock). */
  backdate(ms: number) {
    this.storage.sql.exec('UPDATE escalation_due SET due = due - ?', ms);
  }
}
