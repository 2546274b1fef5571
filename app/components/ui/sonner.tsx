import { Toaster as Sonner } from 'sonner';
import { usePreferences } from '~/components/layout/preferences-context';

/** Toasts sit top right and stay 3 s (SPEC §9), in the colour scheme the user chose. */
export function Toaster() {
  const { prefs } = usePreferences();
  return <Sonner position="top-right" duration={3000} theme={prefs.theme} richColors closeButton />;
}
