import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { changePreference, defaultPreferences, preferencesCookie, serializePreferences, type Preferences } from './preferences';

interface PreferencesValue {
  prefs: Preferences;
  change: <K extends keyof Preferences>(key: K, value: Preferences[K]) => void;
  reset: () => void;
}

const PreferencesContext = createContext<PreferencesValue>({ prefs: defaultPreferences, change: () => {}, reset: () => {} });

const oneYear = 60 * 60 * 24 * 365;
const save = (prefs: Preferences) => {
  document.cookie = `${preferencesCookie}=${serializePreferences(prefs)}; path=/; max-age=${oneYear}; samesite=lax`;
};

export function PreferencesProvider({ initial, children }: { initial: Preferences; children: ReactNode }) {
  const [prefs, setPrefs] = useState(initial);
  const change = useCallback<PreferencesValue['change']>((key, value) => {
    setPrefs((current) => {
      const next = changePreference(current, key, value);
      save(next);
      return next;
    });
  }, []);
  const reset = useCallback(() => {
    save(defaultPreferences);
    setPrefs(defaultPreferences);
  }, []);
  const value = useMemo(() => ({ prefs, change, reset }), [prefs, change, reset]);
  return <PreferencesContext value={value}>{children}</PreferencesContext>;
}

export const usePreferences = () => useContext(PreferencesContext);
