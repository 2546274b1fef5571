import { cn } from '~/lib/utils';
import { m } from '~/paraglide/messages';
import type { LiveState } from './use-live-stations';

const looks: Record<LiveState, { dot: string; text: () => string }> = {
  live: { dot: 'bg-emerald-500 animate-pulse', text: m.live_connected },
  connecting: { dot: 'bg-amber-400', text: m.live_connecting },
  offline: { dot: 'bg-muted-foreground', text: m.live_offline },
};

/** A small dot and word telling whether new readings arrive by themselves. */
export function LiveIndicator({ state }: { state: LiveState }) {
  const look = looks[state];
  return (
    <span
      role="status"
      data-testid="live-indicator"
      data-state={state}
      className="inline-flex items-center gap-1.5 text-xs text-muted-foreground"
    >
      <span aria-hidden className={cn('size-2 rounded-full', look.dot)} />
      {look.text()}
    </span>
  );
}
