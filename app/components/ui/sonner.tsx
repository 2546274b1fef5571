import { useEffect } from 'react';
import { Toaster as Sonner, toast } from 'sonner';
import { usePreferences } from '~/components/layout/preferences-context';
import { deliverToasts } from '~/lib/toast';

/** Below the top bar, so a toast never covers its controls (the language, theme and user menus). */
const belowTopBar = { top: 'calc(var(--top-bar) + 0.5rem)' };

/** Toasts sit top right and stay 3 s (SPEC §9), in the colour scheme the user chose. */
export default function Toaster() {
  const { prefs } = usePreferences();
  // Runs after Sonner's own effect has subscribed, so the toasts that waited for it show.
  useEffect(() => deliverToasts(({ tone, text }) => toast[tone](text)), []);
  return (
    <Sonner
      position="top-right"
      offset={belowTopBar}
      mobileOffset={belowTopBar}
      duration={3000}
      theme={prefs.theme}
      richColors
      closeButton
    />
  );
}
