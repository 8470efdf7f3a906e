export interface LimiterOptions {
  /** Failures allowed per key inside the window; the next attempt is refused. */
  maxFailures: number;
  windowMs: number;
  /** Keys remembered at most; the oldest windows are dropped first. */
  maxKeys?: number;
}

export interface LimitState {
  allowed: boolean;
  /** Whole seconds until the key may try again (0 when allowed). */
  retryAfterSeconds: number;
}

interface Window {
  start: number;
  failures: number;
}

export interface LoginLimiter {
  check(keys: readonly string[], now: number): LimitState;
  recordFailure(keys: readonly string[], now: number): void;
  /** Takes back one recorded failure (an attempt counted up front that then succeeded). */
  forgive(key: string): void;
  reset(key: string): void;
}

/**
 * Fixed-window failure counter per key (a username, an address). In memory: it resets when the
 * server restarts, which is acceptable for slowing down guessing.
 */
export const createLoginLimiter = (
  options: LimiterOptions | ((key: string) => LimiterOptions),
): LoginLimiter => {
  const optionsFor = typeof options === 'function' ? options : () => options;
  const windows = new Map<string, Window>();

  const current = (key: string, now: number): Window | undefined => {
    const window = windows.get(key);
    if (window && now - window.start >= optionsFor(key).windowMs) {
      windows.delete(key);
      return undefined;
    }
    return window;
  };

  return {
    check(keys, now) {
      let wait = 0;
      for (const key of keys) {
        const window = current(key, now);
        const { maxFailures, windowMs } = optionsFor(key);
        if (window && window.failures >= maxFailures) {
          wait = Math.max(wait, Math.ceil((window.start + windowMs - now) / 1000));
        }
      }
      return { allowed: wait === 0, retryAfterSeconds: wait };
    },
    recordFailure(keys, now) {
      for (const key of keys) {
        const window = current(key, now);
        if (window) {
          window.failures += 1;
          continue;
        }
        windows.set(key, { start: now, failures: 1 });
        const maxKeys = optionsFor(key).maxKeys ?? 10_000;
        while (windows.size > maxKeys) {
          const oldest = windows.keys().next().value;
          if (oldest === undefined) break;
          windows.delete(oldest);
        }
      }
    },
    forgive(key) {
      const window = windows.get(key);
      if (window && window.failures > 0) window.failures -= 1;
    },
    reset(key) {
      windows.delete(key);
    },
  };
};
