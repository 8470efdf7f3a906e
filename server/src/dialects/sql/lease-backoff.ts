/** The first pause between two tries at a lease, and the longest. */
export const LEASE_BACKOFF_FIRST_MS = 25;
export const LEASE_BACKOFF_MAX_MS = 500;

/**
 * How long to wait before the next try at a lock lease held by another server: doubling from
 * LEASE_BACKOFF_FIRST_MS up to LEASE_BACKOFF_MAX_MS, each pause between half and all of that
 * (`random` in [0, 1)) so that servers waiting together do not try in step.
 */
export const leaseBackoffMs = (attempt: number, random: number): number => {
  const ceiling = Math.min(LEASE_BACKOFF_MAX_MS, LEASE_BACKOFF_FIRST_MS * 2 ** Math.min(attempt, 10));
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
};
