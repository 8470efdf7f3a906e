import type { KeyLock } from './key-lock';

/** One upload's turn (its md5 and user) for the work on it: registration, placement, completion, cleanup. */
export interface UploadLock {
  run<T>(key: string, task: () => Promise<T>): Promise<T>;
  /** Whether this server is working on `key` (running or waiting). */
  busy(key: string): boolean;
}

/**
 * A turn per key across every server sharing the uploads directory: first in this process
 * (`local`, in arrival order, so that one server holds at most one database lock per key), then
 * across servers (`acrossServers`, a lock of the shared database).
 */
export const sharedKeyLock = (
  local: KeyLock,
  acrossServers: <T>(key: string, task: () => Promise<T>) => Promise<T>,
): UploadLock => ({
  run: (key, task) => local.run(key, () => acrossServers(key, task)),
  busy: (key) => local.busy(key),
});
