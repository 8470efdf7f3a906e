import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Knex } from 'knex';
import { ApiException } from '../../errors/api-exception';
import { fileMessage } from '../../i18n/file-messages';
import type { ChunkFields } from './chunk-fields';
import { newStoredName, uploadKey } from './file-names';
import type { FilePaths } from './file-paths';
import { findOwnFileByMd5, insertFile, type StoredFile } from './file-store';
import type { UploadLock } from './shared-key-lock';
import { Md5Worker } from './md5-worker';
import type { FilePlacement, ReceivedFile } from './receive-multipart';

/** Answer of `POST /api/file/big`. */
export interface ChunkResult {
  size: number;
  name: string;
  /** Present once the file is complete. */
  url?: string;
  isFinished: boolean;
  received: number[];
}

/** Answer of `GET /api/file/big/{md5}`. */
export interface UploadStatus {
  received: number[];
  isFinished: boolean;
  url?: string;
}

/**
 * What the first chunk of an upload fixes; later chunks of the same md5 must agree. `chunkSize`
 * is the length of every chunk but the last (which holds the rest); `id` tells one upload of an
 * md5 from a later one.
 */
interface Manifest {
  id: string;
  name: string;
  size: number;
  chunks: number;
  chunkSize: number;
}

/** A placement made for one chunk of one upload. */
interface ChunkPlacement extends FilePlacement {
  uploadId: string;
}

/** The md5 of the contiguous run of chunks from chunk 0, for one upload, as it is being hashed. */
interface Progress {
  id: string;
  /** Key of the md5 state in the md5 thread, and the thread's generation it lives in. */
  key: string;
  generation: number;
  /** Chunks 0 … next - 1 are hashed, or queued to be, in order, by `hashed`. */
  next: number;
  /** Settles when the queued chunks are hashed; a failure marks the progress `failed`. */
  hashed: Promise<void>;
  failed: boolean;
}

const MANIFEST = 'upload.json';
const DATA = 'data';
const CHUNK_NAME = /^(0|[1-9][0-9]{0,6})$/;
const READ_BUFFER = 4 * 1024 * 1024;

export interface BigUploadContext {
  knex: () => Knex;
  paths: FilePaths;
  /** Serialises the work on one md5 (chunk registration, assembly, cleanup), across servers. */
  lock: UploadLock;
}

const allIndexes = (chunks: number) => Array.from({ length: chunks }, (_, i) => i);

const finished = (file: StoredFile, chunks: number): ChunkResult => ({
  size: file.size,
  name: file.name,
  url: file.url,
  isFinished: true,
  received: allIndexes(chunks),
});

/** The manifest of an upload in progress (one left by an older layout counts as none). */
const readManifest = async (dir: string): Promise<Manifest | undefined> => {
  try {
    const manifest = JSON.parse(await readFile(join(dir, MANIFEST), 'utf8')) as Partial<Manifest>;
    return typeof manifest.id === 'string' && typeof manifest.chunkSize === 'number'
      ? (manifest as Manifest)
      : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
};

/** Indexes of the chunks stored for one upload (each has an empty marker file, made once its bytes are in place). */
const storedChunks = async (dir: string, chunks: number): Promise<Set<number>> => {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Set();
    throw error;
  }
  const found = new Set<number>();
  for (const name of names) if (CHUNK_NAME.test(name) && Number(name) < chunks) found.add(Number(name));
  return found;
};

const sorted = (indexes: Iterable<number>) => [...indexes].sort((a, b) => a - b);

/** Where chunk `index` lies in the file. */
const slotOf = (manifest: Pick<Manifest, 'size' | 'chunks' | 'chunkSize'>, index: number) => {
  const offset = index * manifest.chunkSize;
  const length = index === manifest.chunks - 1 ? manifest.size - offset : manifest.chunkSize;
  return { offset, length };
};

const tooLongChunk = () =>
  new ApiException('VALIDATION_ERROR', fileMessage('chunksExceedSize'), {
    file: fileMessage('chunksExceedSize'),
  });

const sizeMismatch = () =>
  new ApiException('VALIDATION_ERROR', fileMessage('sizeMismatch'), { size: fileMessage('sizeMismatch') });

/**
 * The chunk size implied by the first chunk to arrive: its own length, or for the last chunk what
 * makes the other chunks equal. Throws when no layout of `chunks` chunks fits.
 */
const chunkSizeOf = (fields: ChunkFields, length: number): number => {
  if (fields.chunks === 1) {
    if (length > fields.size) throw tooLongChunk();
    if (length < fields.size) throw sizeMismatch();
    return Math.max(1, fields.size);
  }
  const isLast = fields.chunk === fields.chunks - 1;
  const chunkSize = isLast ? (fields.size - length) / (fields.chunks - 1) : length;
  if (!Number.isInteger(chunkSize) || chunkSize < 1) throw isLast ? tooLongChunk() : sizeMismatch();
  const last = fields.size - (fields.chunks - 1) * chunkSize;
  if (last < 1) throw tooLongChunk();
  if (last > chunkSize) throw sizeMismatch();
  return chunkSize;
};

/**
 * Chunked uploads keyed by the file's md5 and the uploading user (docs/api.md §4), so that users
 * neither see nor disturb each other's uploads. An upload lives in `partial/<md5>-<user id>/`: the
 * manifest (fixed by the first chunk: name, size, chunk count and chunk size), one `data` file of
 * the full size, and an empty marker file per chunk whose bytes are in place (so after a crash a
 * chunk is either whole or absent). Chunks are written straight into their place in `data`; the
 * md5 is computed as the run of chunks from chunk 0 grows (read back, on a thread of its own), so when
 * the last chunk arrives only what is left is hashed and `data` is renamed into the store. A
 * wrong md5 or size discards everything. Registration, hashing and completion of one upload happen
 * one request at a time, so an upload is completed exactly once. A file the same user stored
 * before with the same md5 finishes at once (instant upload); another user's does not, since knowing
 * a file's md5 is not holding its bytes.
 */
export const bigUploads = (context: BigUploadContext) => {
  const { paths, lock } = context;
  const dirOf = (key: string) => join(paths.partial, key);
  const dataOf = (key: string) => join(dirOf(key), DATA);
  /** Chunks being written in place, per upload key. */
  const writing = new Map<string, Set<number>>();
  const progress = new Map<string, Progress>();
  const hasher = new Md5Worker();
  let states = 0;

  /** Forgets a progress: its md5 state is dropped once what was queued for it is done. */
  const retire = (state: Progress) => {
    const drop = () => hasher.drop(state.key);
    state.hashed.then(drop, drop);
  };

  const writingOf = (key: string) => {
    let set = writing.get(key);
    if (!set) writing.set(key, (set = new Set()));
    return set;
  };
  const release = (key: string, index: number) => {
    const set = writing.get(key);
    set?.delete(index);
    if (set?.size === 0) writing.delete(key);
  };

  const discard = async (key: string) => {
    const state = progress.get(key);
    if (state) retire(state);
    progress.delete(key);
    await rm(dirOf(key), { recursive: true, force: true });
  };

  /**
   * The file with this md5 that this user stored, if its row and its bytes are both there. Only
   * one's own: a file whose md5 another user knows is no proof that they hold its bytes.
   */
  const storedCopy = async (md5: string, ownerId: number): Promise<StoredFile | undefined> => {
    const file = await findOwnFileByMd5(context.knex(), md5, ownerId);
    return file && existsSync(join(paths.root, file.fileName)) ? file : undefined;
  };

  const checkConsistent = (manifest: Manifest, fields: ChunkFields) => {
    const mismatched = (['name', 'size', 'chunks'] as const).filter((key) => manifest[key] !== fields[key]);
    if (mismatched.length > 0) {
      const message = fileMessage('inconsistent');
      throw new ApiException(
        'VALIDATION_ERROR',
        undefined,
        Object.fromEntries(mismatched.map((key) => [key, message])),
      );
    }
  };

  /**
   * Queues the hashing of the chunks that now continue the run from chunk 0 (from chunk 0 again,
   * one read pass, after a restart or a failed read), without waiting for it: the chunk is
   * answered while its bytes are hashed on the md5 thread, and only completion waits.
   */
  const advance = (key: string, manifest: Manifest, received: Set<number>): Progress => {
    let state = progress.get(key);
    if (!state || state.id !== manifest.id || state.generation !== hasher.generation || state.failed) {
      if (state) retire(state);
      states += 1;
      state = {
        id: manifest.id,
        key: `${key}:${manifest.id}:${states}`,
        generation: hasher.generation,
        next: 0,
        hashed: Promise.resolve(),
        failed: false,
      };
      progress.set(key, state);
    }
    let next = state.next;
    while (next < manifest.chunks && received.has(next)) next += 1;
    if (next === state.next) return state;
    const start = slotOf(manifest, state.next).offset;
    const end = next === manifest.chunks ? manifest.size : slotOf(manifest, next).offset;
    state.next = next;
    const queued = state;
    if (end > start) {
      queued.hashed = queued.hashed.then(() => hasher.update(queued.key, dataOf(key), start, end));
      queued.hashed.catch(() => {
        queued.failed = true;
      });
    }
    return state;
  };

  /**
   * The upload's md5, once every chunk is hashed (hashing them again from chunk 0 if that failed).
   * Its progress is forgotten either way: a retry of the last chunk starts a fresh one.
   */
  const digestOf = async (key: string, manifest: Manifest, received: Set<number>): Promise<string> => {
    try {
      let state = advance(key, manifest, received);
      try {
        await state.hashed;
      } catch {
        state = advance(key, manifest, received);
        await state.hashed;
      }
      const digest = await hasher.digest(state.key);
      if (state.generation !== hasher.generation) throw new Error('the md5 thread was replaced');
      return digest;
    } finally {
      progress.delete(key);
    }
  };

  const complete = async (
    fields: ChunkFields,
    manifest: Manifest,
    received: Set<number>,
    ownerId: number,
  ) => {
    const key = uploadKey(fields.md5, ownerId);
    const digest = await digestOf(key, manifest, received);
    if (digest !== fields.md5) {
      await discard(key);
      throw new ApiException('MD5_MISMATCH');
    }
    const fileName = newStoredName(manifest.name);
    const storedPath = join(paths.root, fileName);
    await rename(dataOf(key), storedPath);
    let stored: StoredFile;
    try {
      stored = await insertFile(context.knex(), {
        name: manifest.name,
        fileName,
        size: manifest.size,
        md5: fields.md5,
        ownerId,
      });
    } catch (error) {
      // Put the bytes back: the chunks stay stored and the last one may be sent again.
      await rename(storedPath, dataOf(key)).catch(() => rm(storedPath, { force: true }));
      throw error;
    }
    await discard(key);
    return finished(stored, manifest.chunks);
  };

  /** A new upload: manifest and a `data` file of the full size. */
  const start = async (key: string, fields: ChunkFields, length: number): Promise<Manifest> => {
    const manifest: Manifest = {
      id: randomBytes(8).toString('hex'),
      name: fields.name,
      size: fields.size,
      chunks: fields.chunks,
      chunkSize: chunkSizeOf(fields, length),
    };
    const dir = dirOf(key);
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    const data = await open(join(dir, DATA), 'wx');
    try {
      await data.truncate(fields.size);
    } finally {
      await data.close();
    }
    const temp = join(dir, `${MANIFEST}.${randomBytes(6).toString('hex')}`);
    await writeFile(temp, JSON.stringify(manifest), { flag: 'wx' });
    await rename(temp, join(dir, MANIFEST));
    return manifest;
  };

  const registerChunk = async (
    fields: ChunkFields,
    file: ReceivedFile,
    ownerId: number,
  ): Promise<ChunkResult> => {
    const key = uploadKey(fields.md5, ownerId);
    const placement = file.placement as ChunkPlacement | undefined;
    const existing = await storedCopy(fields.md5, ownerId);
    if (existing) {
      await discard(key);
      return finished(existing, fields.chunks);
    }
    const dir = dirOf(key);
    let manifest = await readManifest(dir);
    if (manifest) checkConsistent(manifest, fields);
    if (placement && manifest?.id !== placement.uploadId) {
      // The upload was discarded while this chunk was being written.
      throw new ApiException('VALIDATION_ERROR', fileMessage('inconsistent'), {
        file: fileMessage('inconsistent'),
      });
    }
    manifest ??= await start(key, fields, file.size);
    const slot = slotOf(manifest, fields.chunk);
    if (file.size > slot.length) throw tooLongChunk();
    if (file.size < slot.length) {
      await discard(key);
      throw sizeMismatch();
    }
    const marker = join(dir, String(fields.chunk));
    const heldElsewhere = !placement && writing.get(key)?.has(fields.chunk) === true;
    if (!placement && !heldElsewhere && !existsSync(marker)) {
      // Received into a temporary file (its place was not known yet): copy it into place.
      await pipeline(
        createReadStream(file.path, { highWaterMark: READ_BUFFER }),
        createWriteStream(dataOf(key), {
          flags: 'r+',
          start: slot.offset,
          highWaterMark: READ_BUFFER,
        }),
      );
    }
    // A copy of this chunk still being written in place registers it when it is done.
    if (!heldElsewhere) await writeFile(marker, '');
    const present = await storedChunks(dir, fields.chunks);
    if (present.size < fields.chunks) {
      advance(key, manifest, present);
      return { size: fields.size, name: fields.name, isFinished: false, received: sorted(present) };
    }
    return complete(fields, manifest, present, ownerId);
  };

  return {
    /** Stops the md5 thread. */
    close: () => hasher.close(),

    /**
     * Where to write chunk `fields.chunk` in place, when the upload's layout is known and nobody
     * holds that chunk; otherwise the chunk is received into a temporary file.
     */
    place: (fields: ChunkFields, ownerId: number): Promise<FilePlacement | undefined> => {
      const key = uploadKey(fields.md5, ownerId);
      return lock.run(key, async () => {
        const manifest = await readManifest(dirOf(key));
        if (!manifest) return undefined;
        checkConsistent(manifest, fields);
        if (writing.get(key)?.has(fields.chunk)) return undefined;
        if (existsSync(join(dirOf(key), String(fields.chunk)))) return undefined;
        if (await storedCopy(fields.md5, ownerId)) return undefined;
        writingOf(key).add(fields.chunk);
        const slot = slotOf(manifest, fields.chunk);
        let released = false;
        const placement: ChunkPlacement = {
          uploadId: manifest.id,
          path: dataOf(key),
          offset: slot.offset,
          maxLength: slot.length,
          tooLong: tooLongChunk,
          abandon: () => {
            if (released) return;
            released = true;
            release(key, fields.chunk);
          },
        };
        return placement;
      });
    },

    /** Registers one chunk (a repeat changes nothing) and completes the file when all are in. */
    receiveChunk: async (fields: ChunkFields, file: ReceivedFile, ownerId: number): Promise<ChunkResult> => {
      try {
        return await lock.run(uploadKey(fields.md5, ownerId), () => registerChunk(fields, file, ownerId));
      } finally {
        file.placement?.abandon();
      }
    },

    /**
     * What this user has stored for `md5`, for resuming: finished with its url, or the chunks
     * received (another user's file or upload of the same md5 is not shown).
     */
    status: async (md5: string, ownerId: number): Promise<UploadStatus> => {
      const existing = await storedCopy(md5, ownerId);
      if (existing) return { received: [], isFinished: true, url: existing.url };
      const dir = dirOf(uploadKey(md5, ownerId));
      const manifest = await readManifest(dir);
      if (!manifest) return { received: [], isFinished: false };
      return { received: sorted(await storedChunks(dir, manifest.chunks)), isFinished: false };
    },
  };
};

export type BigUploads = ReturnType<typeof bigUploads>;
