import { MaximizeIcon, MinimizeIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '~/components/ui/button';
import { m } from '~/paraglide/messages';

export function FullscreenToggle({ className }: { className?: string }) {
  const [active, setActive] = useState(false);
  useEffect(() => {
    const update = () => setActive(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  const toggle = () =>
    void (document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(() => {});
  const label = active ? m.fullscreen_exit() : m.fullscreen_enter();
  return (
    <Button variant="ghost" size="icon" aria-label={label} title={label} onClick={toggle} className={className}>
      {active ? <MinimizeIcon /> : <MaximizeIcon />}
    </Button>
  );
}
