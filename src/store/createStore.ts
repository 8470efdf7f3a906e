/** A tiny external store for useSyncExternalStore: a value, a setter and subscribers. */
export interface Store<T> {
  get: () => T;
  set: (value: T) => void;
  subscribe: (listener: () => void) => () => void;
}

export const createStore = <T>(initial: T): Store<T> => createLazyStore(() => initial);

/** A store whose first value is computed on first use (e.g. read from storage), not when it is made. */
export const createLazyStore = <T>(init: () => T): Store<T> => {
  let value: { current: T } | undefined;
  const listeners = new Set<() => void>();
  const get = (): T => (value ??= { current: init() }).current;
  return {
    get,
    set: (next) => {
      if (Object.is(next, get())) return;
      value = { current: next };
      listeners.forEach((listener) => listener());
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
};
