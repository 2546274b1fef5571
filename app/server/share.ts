import { createServerFn } from '@tanstack/react-start';
import { setResponseHeader } from '@tanstack/react-start/server';
import { z } from 'zod';
import { ShareChartQuery, ShareParams } from '../../worker/contracts/share-links';
import { askShareLink, type ShareAnswer } from '../../worker/domain/share-links/ask';
import { frameAncestorsHeader } from '../../worker/http/security-headers';
import { linkOnly } from './middleware';

/** How a page asks: `view` counts it as a view of the link (a page load), `embed` lets the link's origins frame it. */
const Asking = ShareParams.extend({ view: z.boolean().optional(), embed: z.boolean().optional() });

/** An embed's page may be framed by the link's origins: the Worker turns this header into its frame-ancestors. */
function allowFraming(answer: ShareAnswer, embed: boolean | undefined) {
  if (embed && answer.ok && answer.frameOrigins.length) setResponseHeader(frameAncestorsHeader, answer.frameOrigins.join(' '));
}

/** A share link's stations and their figures, asked of the link alone: no session is read. */
export const fetchShareView = createServerFn({ method: 'GET' })
  .middleware([linkOnly])
  .validator(Asking)
  .handler(async ({ context: { ctx, client }, data: { secret, view, embed } }) => {
    const answer = await askShareLink(ctx, { secret, question: { kind: 'view', view }, client });
    allowFraming(answer, embed);
    return answer.data;
  });

/** One of a link's stations over days within its window, asked of the link alone. */
export const fetchShareChart = createServerFn({ method: 'GET' })
  .middleware([linkOnly])
  .validator(Asking.extend({ query: ShareChartQuery }))
  .handler(async ({ context: { ctx, client }, data: { secret, view, embed, query } }) => {
    const answer = await askShareLink(ctx, { secret, question: { kind: 'chart', query, view }, client });
    allowFraming(answer, embed);
    return answer.data;
  });
