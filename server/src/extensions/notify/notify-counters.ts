/**
 * What this server has sent since it started, kept in memory (each server of a cluster counts its
 * own; a restart starts again from zero).
 */
export interface NotifyCounters {
  /** Notifications the receiver accepted (a 2xx answer). */
  sent: number;
  /** Notifications that got no answer or another status. */
  failed: number;
  /** When the last one was sent or tried, epoch milliseconds; null before the first. */
  lastAt: number | null;
  /** Why the last one failed, without the URL or the secret; null when it went through. */
  lastError: string | null;
}

const counters: NotifyCounters = { sent: 0, failed: 0, lastAt: null, lastError: null };

/** A copy of the counters. */
export const readCounters = (): NotifyCounters => ({ ...counters });

/** Counts one notification: sent when `error` is null, else failed with that reason. */
export const countOutcome = (error: string | null, at: Date = new Date()): void => {
  if (error === null) counters.sent += 1;
  else counters.failed += 1;
  counters.lastAt = at.getTime();
  counters.lastError = error;
};

/** Back to zero: the server starts (its routes are registered). */
export const resetCounters = (): void => {
  Object.assign(counters, { sent: 0, failed: 0, lastAt: null, lastError: null });
};
