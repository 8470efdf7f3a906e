import { useEffect, useSyncExternalStore } from 'react';
import { createStore } from './createStore';

export interface CachedLoader<T> {
  /** The loaded value (the fallback until it arrives or when loading fails); loads on first use. */
  use: () => T;
  /** Loads now unless a load already ran. */
  ensure: () => Promise<void>;
  /** Sets the value without loading (tests, or a value already known). */
  prime: (value: T) => void;
  /** Forgets the value, so the next use loads again. */
  reset: () => void;
}

/**
 * A value fetched once per page load and shared by every component (app config, data sources).
 * Deliberately tiny: these open lookups are needed by the login page, which stays free of the
 * query library Refine brings.
 */
export const createCachedLoader = <T>(load: () => Promise<T>, fallback: T): CachedLoader<T> => {
  const store = createStore<T | undefined>(undefined);
  let pending: Promise<void> | null = null;
  const ensure = () => {
    pending ??= load().then(
      (value) => store.set(value),
      () => store.set(fallback),
    );
    return pending;
  };
  return {
    use: () => {
      const value = useSyncExternalStore(store.subscribe, store.get);
      useEffect(() => {
        void ensure();
      }, []);
      return value ?? fallback;
    },
    ensure,
    prime: (value) => {
      pending = Promise.resolve();
      store.set(value);
    },
    reset: () => {
      pending = null;
      store.set(undefined);
    },
  };
};
