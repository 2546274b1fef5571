import type { Ctx } from '../../context';

/**
 * Hands a step's notification to the subject's push subscriptions. Web Push is built on another branch (`push`,
 * worker/domain/push/); until it is wired here this only answers that the attempt was made, and the step records it
 * as a notice on the `push` channel.
 */
export async function deliverStepByPush(
  _ctx: Ctx,
  _notice: { subjectId: number; title: string; body: string; url: string; escalationId: number },
): Promise<void> {}
