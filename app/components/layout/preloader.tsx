import { useEffect, useState } from 'react';
import { m } from '~/paraglide/messages';

const preloaderMs = 2500;

/** The optional splash of SPEC §2: covers the page for 2.5 s after it loads. */
export function Preloader() {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(false), preloaderMs);
    return () => clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return (
    <div role="status" aria-label={m.preloader_label()} className="fixed inset-0 z-[100] flex items-center justify-center bg-background">
      <div className="size-12 animate-spin rounded-full border-4 border-primary/20 border-t-primary" />
    </div>
  );
}
