/** A namespaced view of localStorage: every key is written as `prefix + key`. */
export interface KeyStorage {
  /** The prefix this storage puts before every key (`''` for the crudboard app itself). */
  readonly prefix: string;
  read: (key: string) => string | null;
  write: (key: string, value: string) => void;
  remove: (key: string) => void;
}

/**
 * Storage under `prefix`, so two clients on one origin keep apart. localStorage is reached only
 * when a method is called (never when this is created); disabled or full storage reads as empty
 * and drops writes.
 */
export const createKeyStorage = (prefix = ''): KeyStorage => ({
  prefix,
  read: (key) => {
    try {
      return localStorage.getItem(`${prefix}${key}`);
    } catch {
      return null;
    }
  },
  write: (key, value) => {
    try {
      localStorage.setItem(`${prefix}${key}`, value);
    } catch {
      // storage full or disabled: the value just is not remembered
    }
  },
  remove: (key) => {
    try {
      localStorage.removeItem(`${prefix}${key}`);
    } catch {
      // storage disabled: nothing was stored
    }
  },
});

/**
 * The keys a client keeps besides the session: the UI language (`getLanguage`'s default) and the
 * data source remembered by `rememberDataSource`.
 */
export const CLIENT_PREFERENCE_KEYS = { locale: 'locale', dataSource: 'dataSource' } as const;
