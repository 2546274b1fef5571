import { Link } from '@tanstack/react-router';
import { MenuIcon } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import type { SessionUser } from '../../../worker/contracts/site';
import { Button } from '~/components/ui/button';
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from '~/components/ui/sheet';
import { usePreferences } from '~/components/layout/preferences-context';
import type { Preferences } from '~/components/layout/preferences';
import { cn } from '~/lib/utils';
import { m } from '~/paraglide/messages';
import { FullscreenToggle } from './fullscreen-toggle';
import { LanguageSwitcher } from './language-switcher';
import { Logo } from './logo';
import { NavLinks } from './nav-links';
import { SettingsDrawer } from './settings-drawer';
import { sidebarImageUrl, sidebarThemeStyles } from './sidebar-themes';
import { ThemeSwitcher } from './theme-switcher';
import { useTopBarHeight } from './use-top-bar-height';
import { UserMenu } from './user-menu';

const topbarClasses: Record<Preferences['topbarTheme'], string> = {
  light: 'bg-card text-card-foreground border-b',
  dark: 'bg-slate-900 text-slate-100 dark:bg-slate-950',
  colored: 'bg-primary text-primary-foreground',
};

const sidebarWidths: Record<Preferences['sidebarType'], string> = {
  default: 'lg:w-64',
  compact: 'lg:w-40',
  icon: 'lg:w-16',
};

/** Below 992 px (SPEC §9) the navigation folds into a menu button in both layouts. */
function PhoneMenu({ user }: { user: SessionUser }) {
  const [open, setOpen] = useState(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="lg:hidden" aria-label={m.nav_open_menu()}>
          <MenuIcon />
        </Button>
      </SheetTrigger>
      <SheetContent side="left" closeLabel={m.action_close()} aria-describedby={undefined} className="max-w-72">
        <SheetTitle>
          <Logo />
        </SheetTitle>
        <NavLinks isAdmin={user.isAdmin} orientation="vertical" onNavigate={() => setOpen(false)} />
      </SheetContent>
    </Sheet>
  );
}

function Sidebar({ user, prefs }: { user: SessionUser; prefs: Preferences }) {
  return (
    <aside
      className={cn('relative hidden shrink-0 flex-col overflow-hidden lg:flex', sidebarWidths[prefs.sidebarType])}
      style={sidebarThemeStyles[prefs.sidebarTheme]}
      data-sidebar-theme={prefs.sidebarTheme}
    >
      {prefs.sidebarImage !== 'none' && (
        <div
          aria-hidden
          className="absolute inset-0 bg-cover bg-center opacity-25"
          style={{ backgroundImage: `url(${sidebarImageUrl(prefs.sidebarImage)})` }}
        />
      )}
      <div className="relative flex h-full flex-col gap-4 p-3">
        <Link to="/" className="flex h-10 items-center justify-center px-1" aria-label={m.nav_home()}>
          <Logo withName={prefs.sidebarType !== 'icon'} />
        </Link>
        <NavLinks isAdmin={user.isAdmin} orientation="vertical" variant={prefs.sidebarType} />
      </div>
    </aside>
  );
}

export function AppShell({ user, children }: { user: SessionUser; children: ReactNode }) {
  const { prefs } = usePreferences();
  const vertical = prefs.layoutType === 'vertical';
  // Boxed keeps the icon sidebar; scrollable lets the top bar scroll away with the page.
  const sticky = prefs.layoutWidth !== 'scrollable';
  const header = useRef<HTMLElement>(null);
  useTopBarHeight(header);
  return (
    <div
      className={cn('min-h-svh bg-muted/40', prefs.layoutWidth === 'boxed' && 'lg:py-4')}
      data-layout={prefs.layoutType}
      data-layout-width={prefs.layoutWidth}
    >
      <div
        className={cn(
          'flex min-h-svh',
          prefs.layoutWidth === 'boxed' && 'mx-auto max-w-7xl overflow-hidden shadow-lg lg:min-h-[calc(100svh-2rem)] lg:rounded-xl',
        )}
      >
        {vertical && <Sidebar user={user} prefs={prefs} />}
        <div className="flex min-w-0 flex-1 flex-col">
          <header
            ref={header}
            className={cn('z-40', sticky && 'sticky top-0', topbarClasses[prefs.topbarTheme])}
            data-topbar-theme={prefs.topbarTheme}
          >
            <div className="flex h-14 items-center gap-1 px-2 sm:px-4">
              <PhoneMenu user={user} />
              {!vertical && (
                <Link to="/" aria-label={m.nav_home()} className="mr-2">
                  <Logo nameClassName="hidden sm:inline" />
                </Link>
              )}
              {vertical && (
                <Link to="/" aria-label={m.nav_home()} className="mr-2 lg:hidden">
                  <Logo nameClassName="hidden sm:inline" />
                </Link>
              )}
              <div className="ml-auto flex items-center gap-0.5">
                <LanguageSwitcher />
                <FullscreenToggle className="hidden sm:inline-flex" />
                <ThemeSwitcher />
                <SettingsDrawer />
                <UserMenu user={user} />
              </div>
            </div>
            {!vertical && (
              <div className="hidden border-t bg-card px-4 py-1.5 text-card-foreground lg:block">
                <NavLinks isAdmin={user.isAdmin} orientation="horizontal" />
              </div>
            )}
          </header>
          <main className="flex-1 p-4 sm:p-6">{children}</main>
        </div>
      </div>
    </div>
  );
}
