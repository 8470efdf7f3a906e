import { SESSION_KEYS } from './session';

/**
 * 清除浏览器缓存: forget every cached setting (localStorage except the session, and all of
 * sessionStorage), so the next load starts from the defaults while the user stays signed in.
 */
export const clearBrowserCache = (): void => {
  const keep = new Set<string>(Object.values(SESSION_KEYS));
  const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i)).filter(
    (key): key is string => key !== null && !keep.has(key),
  );
  keys.forEach((key) => localStorage.removeItem(key));
  sessionStorage.clear();
};
