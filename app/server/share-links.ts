import { createServerFn } from '@tanstack/react-start';
import { ShareLinkEditQuery } from '../../worker/contracts/share-links';
import { listShareLinks, shareLinkForEdit } from '../../worker/domain/share-links/manage';
import { signedIn } from './middleware';

/** The subject's share links (an administrator's: every link). */
export const fetchShareLinks = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .handler(({ context: { ctx } }) => listShareLinks(ctx));

/** One link for its editor (none: a new one) and the stations its owner may share. */
export const fetchShareLinkEdit = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(ShareLinkEditQuery)
  .handler(({ context: { ctx }, data }) => shareLinkForEdit(ctx, data));
