import { useHydrated } from '@tanstack/react-router';
import type { SavedShareLink } from '../../../worker/contracts/share-links';
import { SecretOnce } from '~/components/secret-once';
import { m } from '~/paraglide/messages';

/** The addresses a new link answers at, built from its secret, which this reply alone carries. */
export function linkAddresses(origin: string, link: SavedShareLink & { path: string }) {
  const page = `${origin}${link.path}`;
  const [first] = link.stations;
  const frame = (src: string, height: number) =>
    `<iframe src="${src}" title="${link.title.replaceAll('"', '&quot;')}" width="100%" height="${height}" style="border:0" loading="lazy" referrerpolicy="no-referrer"></iframe>`;
  return {
    page,
    display: `${page}/display`,
    card: first && frame(`${page}/embed/card/${encodeURIComponent(first.unique_id)}`, 360),
    chart: first && frame(`${page}/embed/chart/${encodeURIComponent(first.unique_id)}/${encodeURIComponent(first.readings[0])}`, 380),
  };
}

/** A new link's address, its display and embed code: shown once (only the secret's hash is kept). */
export function LinkAddresses({ link }: { link: SavedShareLink & { path: string } }) {
  // The origin is the browser's: the server may sit behind another name.
  const hydrated = useHydrated();
  if (!hydrated) return null;
  const addresses = linkAddresses(location.origin, link);
  const shown = (id: string, label: string, value: string | undefined) =>
    value && (
      <SecretOnce
        key={id}
        id={id}
        label={label}
        value={value}
        note={m.share_links_once()}
        copied={m.share_links_copied}
        copyFailed={m.share_links_copy_failed}
      />
    );
  return (
    <div className="grid gap-3" data-testid="link-addresses">
      {shown('share-page', m.share_links_address(), addresses.page)}
      {shown('share-display', m.share_links_display_address(), addresses.display)}
      {shown('share-card', m.share_links_embed_card(), addresses.card)}
      {shown('share-chart', m.share_links_embed_chart(), addresses.chart)}
    </div>
  );
}
