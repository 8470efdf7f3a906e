import { useCallback, useSyncExternalStore } from 'react';
import { createLazyStore } from './createStore';
import { PREFERENCE_KEYS, readPreference, writePreference } from './preferences';

export type ThemeMode = 'light' | 'dark';

const initial = (): ThemeMode => (readPreference(PREFERENCE_KEYS.themeMode) === 'dark' ? 'dark' : 'light');

export const themeModeStore = createLazyStore<ThemeMode>(initial);

/** Light or dark, remembered in localStorage. */
export const useThemeMode = (): [ThemeMode, (mode: ThemeMode) => void] => {
  const mode = useSyncExternalStore(themeModeStore.subscribe, themeModeStore.get);
  const setMode = useCallback((next: ThemeMode) => {
    writePreference(PREFERENCE_KEYS.themeMode, next);
    themeModeStore.set(next);
  }, []);
  return [mode, setMode];
};
