import { MonitorIcon, MoonIcon, SunIcon } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuLabel, DropdownMenuRadioGroup, DropdownMenuRadioItem, DropdownMenuTrigger } from '~/components/ui/dropdown-menu';
import { usePreferences } from '~/components/layout/preferences-context';
import { colorSchemes, type Preferences } from '~/components/layout/preferences';
import { m } from '~/paraglide/messages';

export const colorSchemeLabels: Record<Preferences['theme'], () => string> = {
  system: m.theme_system,
  light: m.theme_light,
  dark: m.theme_dark,
};

export function ThemeSwitcher() {
  const { prefs, change } = usePreferences();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={m.theme_label()}>
          {/* Which icon shows follows the `dark` class, which only the browser knows for "system". */}
          <SunIcon className="dark:hidden" />
          <MoonIcon className="hidden dark:block" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{m.theme_label()}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={prefs.theme} onValueChange={(value) => change('theme', value as Preferences['theme'])}>
          {colorSchemes.map((scheme) => (
            <DropdownMenuRadioItem key={scheme} value={scheme}>
              {scheme === 'system' && <MonitorIcon />}
              {colorSchemeLabels[scheme]()}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
