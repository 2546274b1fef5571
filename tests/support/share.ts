import { SavedShareLink, type ShareLinksInput } from '../../worker/contracts/share-links';
import { post } from './api';
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
