import type { Ctx } from '../../context';
import { deliverPush } from '../push/deliver';

/** A step's notice stays with the push service this long for a phone that is offline: the next step follows anyway. */
const stepTtlSeconds = 3600;

/**
 * Pushes a step's notification to the subject's devices; its "Acknowledge" action stops the escalation, recorded as
 * acknowledged by push. One tag per escalation, so a repeat replaces the notice before it.
 */
export async function deliverStepByPush(
  ctx: Ctx,
  { subjectId, title, body, url, escalationId }: { subjectId: number; title: string; body: string; url: string; escalationId: number },
): Promise<void> {
  await deliverPush(ctx, [subjectId], {
    title,
    body,
    url,
    tag: `escalation-${escalationId}`,
    acknowledge_url: `/rest/escalations/acknowledge?id=${escalationId}&via=push`,
    ttl: stepTtlSeconds,
    urgency: 'high',
  });
}
