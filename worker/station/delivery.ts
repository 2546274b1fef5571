import type { Alarm } from '../contracts/alarms';
import type { LiveMessage } from '../contracts/live';
import type { AlarmClock } from './alarm-clock';
import type { StationAlarms } from './alarms';
import type { Transition } from './evaluate';

/** A transition written to D1: the alarm as it now stands, and its notifications (mails, webhooks) to send. */
export interface Written {
  alarm: Alarm;
  notify(): Promise<void>;
}

/** A delivery that failed is tried again from the object's alarm after this. */
const retryMs = 30_000;

/**
 * A station object's alarm transitions on their way to D1: delivered in order (each with its mails and webhook
 * deliveries, written once), then announced to the station's watchers, the notifications sent after the reply.
 * What fails waits for the object's alarm.
 */
export class AlarmDelivery {
  /** The delivery under way; one at a time, so transitions arrive in order. */
  private delivering: Promise<void> | null = null;

  constructor(
    private readonly alarms: StationAlarms,
    private readonly clock: AlarmClock,
    private readonly announce: (itemId: number, message: LiveMessage) => void,
    private readonly defer: (work: Promise<unknown>) => void,
    /** Writes a transition to D1 once (worker/domain/alarms/transitions.ts); null when there was nothing to write. */
    private readonly write: (itemId: number, transition: Transition) => Promise<Written | null>,
  ) {}

  /** Delivers the transitions stored but not yet delivered, if any (after the one under way). */
  deliver(itemId: number | undefined): Promise<void> {
    if (!this.alarms.pending) return Promise.resolve();
    const drain = async () => {
      if (itemId === undefined) return;
      for (let next = this.alarms.nextEvent(); next; next = this.alarms.nextEvent()) {
        const written = await this.write(itemId, next.transition);
        this.alarms.delivered(next.seq);
        if (!written) continue;
        this.announce(itemId, { type: 'alarm', unique_id: written.alarm.unique_id, alarm: written.alarm });
        this.defer(written.notify().catch((err) => console.error('alarm notifications failed', itemId, err)));
      }
    };
    const run = (this.delivering ?? Promise.resolve()).then(drain).catch(async (err) => {
      console.error('alarm transitions not delivered; retrying from the alarm', err);
      await this.clock.wake(Date.now() + retryMs);
    });
    this.delivering = run;
    return run.finally(() => {
      if (this.delivering === run) this.delivering = null;
    });
  }
}
