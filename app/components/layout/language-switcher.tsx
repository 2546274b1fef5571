import { LanguagesIcon } from 'lucide-react';
import { m } from '~/paraglide/messages';
import { getLocale, locales, setLocale, type Locale } from '~/paraglide/runtime';
import { IconSelect } from './icon-select';

/** Each language is named in itself, so a user lost in a foreign one still finds their own. */
const languageNames: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  it: 'Italiano',
  ru: 'Русский',
  es: 'Español',
  cs: 'Čeština',
};

const options = locales.map((locale) => ({ value: locale, label: languageNames[locale], lang: locale }));

export function LanguageSwitcher() {
  const current = getLocale();
  return (
    // setLocale writes the cookie and reloads, so the server renders the new language from then on.
    <IconSelect label={m.language_label()} value={current} options={options} onChange={(locale) => setLocale(locale)}>
      <LanguagesIcon aria-hidden />
      <span className="text-xs font-semibold uppercase">{current}</span>
    </IconSelect>
  );
}
