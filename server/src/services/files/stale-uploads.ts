import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { MD5, UPLOAD_KEY } from './file-names';
import type { FilePaths } from './file-paths';
import type { UploadLock } from './shared-key-lock';

const entriesOf = async (dir: string): Promise<string[]> => {
  try {
    return await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
};

const modifiedAt = async (path: string): Promise<number | undefined> => {
  try {
    return (await stat(path)).mtimeMs;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
};

/**
 * Deletes partial big uploads that received no chunk for `ttlMs` (a directory's mtime changes
 * with every chunk stored in it), and leftovers in the incoming directory as old. Uploads being
 * worked on are skipped (directories of the older layout, named by the md5 alone, are deleted
 * alike). Returns the keys of the uploads deleted.
 */
export const removeStaleUploads = async (
  paths: FilePaths,
  lock: UploadLock,
  ttlMs: number,
  now: number = Date.now(),
): Promise<string[]> => {
  const removed: string[] = [];
  const isStale = async (path: string) => {
    const mtime = await modifiedAt(path);
    return mtime !== undefined && now - mtime > ttlMs;
  };
  for (const key of await entriesOf(paths.partial)) {
    if (!(UPLOAD_KEY.test(key) || MD5.test(key)) || lock.busy(key)) continue;
    const dir = join(paths.partial, key);
    if (!(await isStale(dir))) continue;
    await lock.run(key, async () => {
      if (!(await isStale(dir))) return;
      await rm(dir, { recursive: true, force: true });
      removed.push(key);
    });
  }
  for (const name of await entriesOf(paths.incoming)) {
    const path = join(paths.incoming, name);
    if (await isStale(path)) await rm(path, { force: true });
  }
  return removed;
};

/** How often to look for stale uploads: a quarter of the time to live, between 1 s and 1 h. */
export const cleanupIntervalMs = (ttlMs: number): number => Math.min(Math.max(ttlMs / 4, 1000), 3_600_000);
