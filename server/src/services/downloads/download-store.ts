import { mkdir, open, readdir, rm, stat, writeFile, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { downloadUrl, isDownloadName, newDownloadName, type DownloadExtension } from './download-names';

/** A download ready to stream: an open handle (the caller closes it) and its size. */
export interface OpenedDownload {
  handle: FileHandle;
  size: number;
}

export interface DownloadStore {
  /** The directory the files live in (`<dataDir>/downloads`). */
  readonly dir: string;
  /** Writes a new file under a random name and returns its URL (`/download/<name>`). */
  create(extension: DownloadExtension, content: string | Uint8Array): Promise<string>;
  /** A path under a new random name for a file written by streaming, and the URL it will have. */
  reserve(extension: DownloadExtension): Promise<{ path: string; url: string }>;
  /** Opens a live download by name; undefined for an invalid, unknown or expired name. */
  open(name: string, now?: number): Promise<OpenedDownload | undefined>;
  /** Deletes the files older than the time to live; returns how many went. */
  removeExpired(now?: number): Promise<number>;
}

const isMissing = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR';
};

/**
 * Generated files offered for download (exports, templates), kept `ttlMs` after they were made.
 * Only server-made names are ever turned into paths.
 */
export const downloadStore = (dataDir: string, ttlMs: number): DownloadStore => {
  const dir = join(dataDir, 'downloads');
  const expired = (modifiedMs: number, now: number) => now - modifiedMs > ttlMs;
  return {
    dir,
    async create(extension, content) {
      await mkdir(dir, { recursive: true });
      const name = newDownloadName(extension);
      await writeFile(join(dir, name), content, { flag: 'wx' });
      return downloadUrl(name);
    },
    async reserve(extension) {
      await mkdir(dir, { recursive: true });
      const name = newDownloadName(extension);
      return { path: join(dir, name), url: downloadUrl(name) };
    },
    async open(name, now = Date.now()) {
      if (!isDownloadName(name)) return undefined;
      let handle: FileHandle;
      try {
        handle = await open(join(dir, name), 'r');
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
      try {
        const info = await handle.stat();
        if (!info.isFile() || expired(info.mtimeMs, now)) {
          await handle.close();
          return undefined;
        }
        return { handle, size: info.size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    async removeExpired(now = Date.now()) {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch (error) {
        if (isMissing(error)) return 0;
        throw error;
      }
      let removed = 0;
      for (const name of names) {
        if (!isDownloadName(name)) continue;
        const path = join(dir, name);
        try {
          if (expired((await stat(path)).mtimeMs, now)) {
            await rm(path, { force: true });
            removed += 1;
          }
        } catch (error) {
          if (!isMissing(error)) throw error;
        }
      }
      return removed;
    },
  };
};
