/** How long a link's object reuses an answer: a second viewer within it costs no D1 query and no station read. */
export const answerTtlMs = 15_000;
const maxAnswers = 200;

/**
 * Short-lived answers to a link's fixed questions, by question. A question asked again while its first answer is
 * still being read waits for that same answer, so a burst of viewers costs one read.
 */
export class AnswerCache {
  private readonly answers = new Map<string, { until: number; value: Promise<unknown> }>();

  get<T>(key: string, read: () => Promise<T>, now = Date.now()): Promise<T> {
    const held = this.answers.get(key);
    if (held && held.until > now) return held.value as Promise<T>;
    const value = read();
    this.answers.delete(key);
    if (this.answers.size >= maxAnswers) this.answers.delete(this.answers.keys().next().value!);
    this.answers.set(key, { until: now + answerTtlMs, value });
    // A failed read is not kept: the next asker tries again.
    value.catch(() => this.answers.get(key)?.value === value && this.answers.delete(key));
    return value;
  }

  clear() {
    this.answers.clear();
  }
}
