/** The longest wait between two attempts of one delivery. */
export const MAX_RETRY_DELAY_MS = 3600_000;

/**
 * How long a delivery waits after its `attempts`-th failed attempt: `baseMs` doubled per attempt,
 * at most an hour, times a random factor between 0.5 and 1.5 (so that deliveries failed together
 * do not all come back together). `random` is Math.random unless a test fixes it.
 */
export const retryDelayMs = (
  attempts: number,
  baseMs: number,
  random: () => number = Math.random,
): number => {
  const plain = Math.min(MAX_RETRY_DELAY_MS, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(plain * (0.5 + random()));
};
