import { createServer, type Server } from 'node:http';
import type { Page } from 'playwright-core';
import type { SavedShareLink, ShareLinksInput } from '../../worker/contracts/share-links';
import { adminToken, postRest } from './e2e';

/** A share link made through the API by the demo administrator (7 rolling days unless said otherwise). */
export async function createShareLink(link: Partial<ShareLinksInput> & Pick<ShareLinksInput, 'stations'>) {
  return postRest<SavedShareLink & { secret: string; path: string }>(
    '/share-links/edit',
    { ShareLinks: { title: 'River levels for citizens', window_days: 7, ...link } },
    await adminToken(),
  );
}

export const revokeShareLink = async (id: number) => postRest(`/share-links/revoke?id=${id}`, undefined, await adminToken());

/**
 * Everything a signed-out page received: its documents, every JSON reply (API and server functions) and every
 * live message, as text, so a test can look for what must not be there.
 */
export function recordReplies(page: Page) {
  const texts: string[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (type.includes('html') || type.includes('json') || response.url().includes('/_serverFn/')) {
      pending.push(
        response
          .text()
          .then((text) => void texts.push(`${response.url()}\n${text}`))
          .catch(() => undefined),
      );
    }
  });
  page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => void texts.push(`${socket.url()}\n${String(payload)}`)));
  return {
    /** Waits for bodies still being read, then gives every text received so far. */
    async all() {
      await Promise.all(pending);
      return texts;
    },
  };
}

/** A tiny site on another local origin (`localhost` on a port of its own, while the app answers at 127.0.0.1): a host page that frames embeds. */
export async function hostSite() {
  let page = '';
  const server: Server = createServer((_, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    origin: `http://localhost:${port}`,
    /** What the site serves at `/` from now on. */
    serve: (html: string) => void (page = html),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
