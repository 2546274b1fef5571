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
 * A small dot and word telling whether new readings arrive by themselves. Every state's dot and word take their place
 * in one grid cell, only the current one visible: the indicator keeps the width of the longest, so going live does
 * not reflow the page under a pointer about to click. `align="end"` puts the current one at the right edge of that
 * width and the indicator at the end of its flex row, also when the row wraps (a page header's right side).
 */
export function LiveIndicator({ state, align = 'start' }: { state: LiveState; align?: 'start' | 'end' }) {
  return (
    <span
      role="status"
      data-testid="live-indicator"
      data-state={state}
      className={cn('inline-grid text-xs text-muted-foreground', align === 'end' ? 'ml-auto justify-items-end' : 'justify-items-start')}
    >
      {states.map((each) => (
        <span key={each} className={cn('inline-flex items-center gap-1.5 [grid-area:1/1]', each !== state && 'invisible')}>
          <span aria-hidden className={cn('size-2 rounded-full', each === state && looks[each].dot)} />
          {looks[each].text()}
        </span>
      ))}
    </span>
  );
}
