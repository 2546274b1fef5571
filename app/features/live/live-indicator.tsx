import { cn } from '~/lib/utils';
import { m } from '~/paraglide/messages';
import type { LiveState } from './use-live-stations';

const looks: Record<LiveState, { dot: string; text: () => string }> = {
  live: { dot: 'bg-emerald-500 animate-pulse', text: m.live_connected },
  connecting: { dot: 'bg-amber-400', text: m.live_connecting },
  offline: { dot: 'bg-muted-foreground', text: m.live_offline },
};
const states = Object.keys(looks) as LiveState[];

/**
 * A small dot and word telling whether new readings arrive by themselves. Every state's word takes its place in
 * one grid cell, only the current one visible: the indicator keeps the width of the longest, so going live does
 * not reflow the page under a pointer about to click.
 */
export function LiveIndicator({ state }: { state: LiveState }) {
  return (
    <span
      role="status"
      data-testid="live-indicator"
      data-state={state}
      className="inline-flex items-center gap-1.5 text-xs text-muted-foreground"
    >
      <span aria-hidden className={cn('size-2 rounded-full', looks[state].dot)} />
      <span className="grid">
        {states.map((each) => (
          <span key={each} className={cn('[grid-area:1/1]', each !== state && 'invisible')}>
            {looks[each].text()}
          </span>
        ))}
      </span>
    </span>
  );
}
