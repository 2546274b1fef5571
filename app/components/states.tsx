import { CircleAlertIcon, InboxIcon, RotateCwIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '~/components/ui/button';
import { ApiError } from '~/lib/api';
import { m } from '~/paraglide/messages';

// A fetch that never reached the server rejects with a TypeError (the `/rest` client turns it into status 0); so does a
// bug in rendering, which is not the connection. The browsers' own words: Chromium, Firefox, Safari.
const fetchFailed = /^(Failed to fetch|NetworkError when attempting to fetch resource|Load failed)/;
const unreachable = (error: unknown) =>
  error instanceof ApiError ? error.status === 0 : error instanceof TypeError && fetchFailed.test(error.message);
const refused = (error: unknown) => error instanceof ApiError && error.status === 403;

/** A failed load says what happened and offers to try again (the old product left these unhandled). */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const detail = unreachable(error) ? m.error_network() : refused(error) ? m.error_forbidden() : m.error_load_failed();
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-destructive/40 p-8 text-center">
      <CircleAlertIcon className="size-8 text-destructive" aria-hidden />
      <p className="text-sm text-muted-foreground">{detail}</p>
      {/* Asking again will not change a refusal. */}
      {!refused(error) && (
        <Button variant="outline" onClick={onRetry}>
          <RotateCwIcon />
          {m.action_retry()}
        </Button>
      )}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed p-10 text-center">
      <InboxIcon className="size-8 text-muted-foreground" aria-hidden />
      <p className="font-medium">{title}</p>
      {children && <div className="max-w-prose text-sm text-muted-foreground">{children}</div>}
    </div>
  );
}
