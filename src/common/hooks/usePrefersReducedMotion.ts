import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

/** The media query, where the browser has one (jsdom and older browsers may not). */
const mediaQuery = (): MediaQueryList | null =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null;

const subscribe = (changed: () => void): (() => void) => {
  const query = mediaQuery();
  query?.addEventListener('change', changed);
  return () => query?.removeEventListener('change', changed);
};

const reduced = (): boolean => mediaQuery()?.matches ?? false;

/**
 * Whether the user asked their system for less motion (`prefers-reduced-motion: reduce`),
 * followed as it changes: the app then opens menus, dialogs and messages without animating them.
 */
export const usePrefersReducedMotion = (): boolean => useSyncExternalStore(subscribe, reduced, () => false);
