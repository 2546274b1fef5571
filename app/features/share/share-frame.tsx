import type { ErrorComponentProps } from '@tanstack/react-router';
import { LinkIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ShareView } from '../../../worker/contracts/share-links';
import { LanguageSwitcher } from '~/components/layout/language-switcher';
import { Logo } from '~/components/layout/logo';
import { ThemeSwitcher } from '~/components/layout/theme-switcher';
import { RouteError } from '~/components/route-states';
import { LiveIndicator } from '~/features/live/live-indicator';
import type { LiveState } from '~/features/live/use-live-stations';
import { ForThePublic } from '~/features/stations/presentation';
import { ApiError } from '~/lib/api';
import { formatDay } from '~/lib/format';
import { m } from '~/paraglide/messages';

/** What a link shows, in words: its days and how exactly it places its stations. */
export function linkScope(view: Pick<ShareView, 'window' | 'location'>) {
  const days = view.window.days ? m.share_window_rolling({ days: view.window.days }) : m.share_window_fixed();
  return [
    `${days} (${formatDay(view.window.from)} – ${formatDay(view.window.to)})`,
    view.location === 'rounded' ? m.share_location_rounded() : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * The frame of a share link's pages: its title and scope, the live state, language and colour scheme, and nothing
 * of the signed-in app (no menu, no account).
 */
export function ShareFrame({
  title,
  scope,
  live,
  actions,
  children,
}: {
  title: string;
  scope?: string;
  live?: LiveState;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <ForThePublic>
      <div className="flex min-h-svh flex-col bg-muted/40">
        <header className="border-b bg-card">
          <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
            <div className="grid min-w-0 gap-0.5">
              <h1 className="text-xl font-semibold tracking-tight" data-testid="share-title">
                {title}
              </h1>
              {scope && <p className="text-sm text-muted-foreground">{scope}</p>}
            </div>
            <div className="flex flex-wrap items-center gap-2">
              {live && <LiveIndicator state={live} />}
              {actions}
              <LanguageSwitcher />
              <ThemeSwitcher />
            </div>
          </div>
        </header>
        <main className="mx-auto grid w-full max-w-7xl flex-1 content-start gap-4 px-4 py-6">{children}</main>
        <footer className="mx-auto flex w-full max-w-7xl items-center gap-2 px-4 pb-6 text-xs text-muted-foreground">
          <Logo />
          <span>{m.share_footer()}</span>
        </footer>
      </div>
    </ForThePublic>
  );
}

/** A link that was revoked or has expired (410), or never existed (404): said plainly, with no way into the app. */
export function LinkUnavailable({ gone = true }: { gone?: boolean }) {
  return (
    <main className="grid min-h-svh place-items-center bg-muted/40 p-4">
      <div
        role="alert"
        className="flex max-w-md flex-col items-center gap-3 rounded-xl border border-dashed bg-card p-10 text-center"
        data-testid="link-unavailable"
      >
        <LinkIcon className="size-8 text-muted-foreground" aria-hidden />
        <h1 className="text-lg font-semibold">{gone ? m.share_gone_title() : m.share_unknown_title()}</h1>
        <p className="text-sm text-muted-foreground">{gone ? m.share_gone_body() : m.share_unknown_body()}</p>
      </div>
    </main>
  );
}

/** A share page's failure: a link gone (410) has its own words; anything else may be tried again. */
export function ShareError(props: ErrorComponentProps) {
  if (props.error instanceof ApiError && props.error.status === 410) return <LinkUnavailable />;
  return (
    <main className="mx-auto max-w-xl p-6">
      <RouteError {...props} />
    </main>
  );
}

export const ShareNotFound = () => <LinkUnavailable gone={false} />;
