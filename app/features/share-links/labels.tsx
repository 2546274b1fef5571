import type { ShareLink, ShareLinkState } from '../../../worker/contracts/share-links';
import { Badge } from '~/components/ui/badge';
import { homeZone } from '../../../shared/station-time';
import { formatDay, stationDateTime } from '~/lib/format';
import { m } from '~/paraglide/messages';

const stateLabels: Record<ShareLinkState, () => string> = {
  active: m.share_links_state_active,
  expired: m.share_links_state_expired,
  revoked: m.share_links_state_revoked,
};

/** Whether a link works: active, expired or revoked. */
export function LinkStateBadge({ state }: { state: ShareLinkState }) {
  return (
    <Badge variant={state === 'active' ? 'default' : 'secondary'} data-state={state}>
      {stateLabels[state]()}
    </Badge>
  );
}

/** A link's days in words: the last N days, or the fixed days. */
export const windowLabel = (link: Pick<ShareLink, 'window_days' | 'window_from' | 'window_to'>) =>
  link.window_days ? m.share_window_rolling({ days: link.window_days }) : `${formatDay(link.window_from!)} – ${formatDay(link.window_to!)}`;

/** An instant in the home zone, the same on the server and in any browser. */
export const whenLabel = (iso: string | null) => (iso ? stationDateTime(iso, homeZone) : '—');
