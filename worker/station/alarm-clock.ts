/**
 * A Durable Object has one alarm; an object with several duties that need waking (the roll-up's flush, alarm
 * transitions still to deliver) shares it through this. Each duty asks to be woken at a time; the alarm is moved
 * only earlier, and only when it is not set that early already (a `setAlarm` is a storage write). The object's
 * `alarm()` runs every duty, and each asks again for what it still needs.
 */
export class AlarmClock {
  /** When the alarm is set for, as far as this instance set or read it; undefined when unknown. */
  private at: number | null | undefined;

  constructor(private readonly storage: DurableObjectStorage) {}

  /** Makes sure the alarm rings at `at` or earlier. */
  async wake(at: number) {
    if (this.at !== undefined && this.at !== null && this.at <= at) return;
    const current = await this.storage.getAlarm();
    if (current !== null && current <= at) {
      this.at = current;
      return;
    }
    await this.storage.setAlarm(at);
    this.at = at;
  }

  /** The alarm is ringing: it is no longer set (getAlarm answers null inside the handler until set again). */
  rang() {
    this.at = null;
  }
}
