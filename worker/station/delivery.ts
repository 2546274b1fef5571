import type { Alarm } from '../contracts/alarms';
import type { LiveMessage } from '../contracts/live';
import type { AlarmClock } from './alarm-clock';
import type { StationAlarms } from './alarms';
import type { Transition } from './evaluate';

/** A delivery that failed is tried again from the object's alarm after this. */
const retryMs = 30_000;

/**
 * A station object's alarm transitions on their way to D1: delivered in order (each with its mails and webhook
 * deliveries, written once), then announced to the station's watchers, the notifications sent after the reply.
 * What fails waits for the object's alarm.
 */
export class AlarmDelivery<Notice extends { alarm: Alarm }> {
  /** The delivery under way; one at a time, so transitions arrive in order. */
  private delivering: Promise<void> | null = null;

  constructor(
    private readonly alarms: StationAlarms,
    private readonly clock: AlarmClock,
    private readonly announce: (itemId: number, message: LiveMessage) => void,
    /** Writes a transition to D1 once (worker/domain/alarms/transitions.ts): what is left to send, or null. */
    private readonly write: (itemId: number, transition: Transition) => Promise<Notice | null>,
    /** Sends a written transition's notifications; runs after the reply (`defer`). */
    private readonly send: (notice: Notice) => Promise<void>,
    private readonly defer: (work: Promise<unknown>) => void,
  ) {}

  /** Transitions stored but not yet delivered. */
  get pending() {
    return this.alarms.pending > 0;
  }

  deliver(itemId: number | undefined): Promise<void> {
    const drain = async () => {
      if (itemId === undefined) return;
      for (let next = this.alarms.nextEvent(); next; next = this.alarms.nextEvent()) {
        const notice = await this.write(itemId, next.transition);
        this.alarms.delivered(next.seq);
        if (!notice) continue;
        this.announce(itemId, { type: 'alarm', unique_id: notice.alarm.unique_id, alarm: notice.alarm });
        this.defer(this.send(notice).catch((err) => console.error('alarm notifications failed', itemId, err)));
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

  /** The object's alarm: delivers what waits. */
  onAlarm(itemId: number | undefined) {
    return this.pending ? this.deliver(itemId) : Promise.resolve();
  }
}
