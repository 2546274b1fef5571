import { LanguagesIcon } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuLabel, DropdownMenuRadioGroup, DropdownMenuRadioItem, DropdownMenuTrigger } from '~/components/ui/dropdown-menu';
import { m } from '~/paraglide/messages';
import { getLocale, locales, setLocale, type Locale } from '~/paraglide/runtime';

/** Each language is named in itself, so a user lost in a foreign one still finds their own. */
const languageNames: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  it: 'Italiano',
  ru: 'Русский',
  es: 'Español',
  cs: 'Čeština',
};

export function LanguageSwitcher() {
  const current = getLocale();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={m.language_label()} className="gap-1 px-2">
          <LanguagesIcon />
          <span className="text-xs font-semibold uppercase">{current}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{m.language_label()}</DropdownMenuLabel>
        {/* setLocale writes the cookie and reloads, so the server renders the new language from then on. */}
        <DropdownMenuRadioGroup value={current} onValueChange={(value) => setLocale(value as Locale)}>
          {locales.map((locale) => (
            <DropdownMenuRadioItem key={locale} value={locale} lang={locale}>
              {languageNames[locale]}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
