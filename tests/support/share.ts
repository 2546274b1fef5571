import type { z } from 'zod';
import { pathOf } from '../../worker/contracts/call';
import { SavedShareLink, shareCalls, type ShareAnswers, type ShareLinksInput } from '../../worker/contracts/share-links';
import { get, post, type TypedCallOptions } from './api';
import type { TestSubject } from './make';

/** A share link made through the real API by `owner`: the last 30 days of the named stations' H1, rounded. */
export async function makeShareLink(owner: TestSubject, link: Partial<ShareLinksInput> & Pick<ShareLinksInput, 'stations'>) {
  const res = await post(
    '/rest/share-links/edit',
    { ShareLinks: { title: 'Public wells', window_days: 30, ...link } as never },
    { token: owner.token, reply: SavedShareLink },
  );
  if (res.status !== 200) throw new Error(`share link refused: ${res.text}`);
  return res.data as SavedShareLink & { secret: string };
}

const shareReplies: { [K in keyof ShareAnswers]: z.ZodType<ShareAnswers[K]> } = {
  view: shareCalls.view.reply,
  chart: shareCalls.chart.reply,
};

/** A link's public answer to one of its questions (`view`, `chart`), checked against its contract: the kind names its type. */
export const askShare = <K extends keyof ShareAnswers>(secret: string, kind: K, options: TypedCallOptions<ShareAnswers[K]> = {}) =>
  get(`/rest${pathOf(shareCalls[kind], { secret })}`, { reply: shareReplies[kind], ...options });
