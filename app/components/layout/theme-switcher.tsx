import { MoonIcon, SunIcon } from 'lucide-react';
import { usePreferences } from '~/components/layout/preferences-context';
import { colorSchemes, type Preferences } from '~/components/layout/preferences';
import { m } from '~/paraglide/messages';
import { IconSelect } from './icon-select';

export const colorSchemeLabels: Record<Preferences['theme'], () => string> = {
  system: m.theme_system,
  light: m.theme_light,
  dark: m.theme_dark,
};

export function ThemeSwitcher() {
  const { prefs, change } = usePreferences();
  return (
    <IconSelect
      label={m.theme_label()}
      value={prefs.theme}
      options={colorSchemes.map((scheme) => ({ value: scheme, label: colorSchemeLabels[scheme]() }))}
      onChange={(scheme) => change('theme', scheme)}
    >
      {/* Which icon shows follows the `dark` class, which only the browser knows for "system". */}
      <SunIcon className="dark:hidden" aria-hidden />
      <MoonIcon className="hidden dark:block" aria-hidden />
    </IconSelect>
  );
}
