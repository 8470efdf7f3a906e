import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Knex } from 'knex';
import { ApiException } from '../../errors/api-exception';
import { fileMessage } from '../../i18n/file-messages';
import type { ChunkFields } from './chunk-fields';
import { newStoredName } from './file-names';
import type { FilePaths } from './file-paths';
import { findFileByMd5, insertFile, type StoredFile } from './file-store';
import type { KeyLock } from './key-lock';
import type { ReceivedFile } from './receive-multipart';

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

/** What the first chunk of an upload fixes; later chunks of the same md5 must agree. */
interface Manifest {
  name: string;
  size: number;
  chunks: number;
}

const MANIFEST = 'upload.json';
const CHUNK_NAME = /^(0|[1-9][0-9]{0,6})$/;

export interface BigUploadContext {
  knex: () => Knex;
  paths: FilePaths;
  /** Serialises the work on one md5 (chunk registration, assembly, cleanup). */
  lock: KeyLock;
}

const allIndexes = (chunks: number) => Array.from({ length: chunks }, (_, i) => i);

const finished = (file: StoredFile, chunks: number): ChunkResult => ({
  size: file.size,
  name: file.name,
  url: file.url,
  isFinished: true,
  received: allIndexes(chunks),
});

const readManifest = async (dir: string): Promise<Manifest | undefined> => {
  try {
    return JSON.parse(await readFile(join(dir, MANIFEST), 'utf8')) as Manifest;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
};

/** Chunk index → size of the chunks stored for one upload. */
const storedChunks = async (dir: string, chunks: number): Promise<Map<number, number>> => {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
    throw error;
  }
  const found = new Map<number, number>();
  for (const name of names) {
    if (!CHUNK_NAME.test(name) || Number(name) >= chunks) continue;
    found.set(Number(name), (await stat(join(dir, name))).size);
  }
  return found;
};

const sorted = (indexes: Iterable<number>) => [...indexes].sort((a, b) => a - b);

/**
 * Chunked uploads keyed by the file's md5 (API.md §4). Chunks land in `partial/<md5>/<index>`
 * (renamed into place, so a chunk is either whole or absent); the first chunk fixes name, size
 * and chunk count. When the last chunk arrives the parts are streamed in order into one file
 * while hashed; a wrong md5 or size discards everything. One md5 is worked on by one request at
 * a time, so an upload is assembled exactly once.
 */
export const bigUploads = (context: BigUploadContext) => {
  const { paths, lock } = context;
  const dirOf = (md5: string) => join(paths.partial, md5);

  const discard = async (md5: string) => rm(dirOf(md5), { recursive: true, force: true });

  /** The stored file with this md5, if its row and its bytes are both there. */
  const storedCopy = async (md5: string): Promise<StoredFile | undefined> => {
    const file = await findFileByMd5(context.knex(), md5);
    return file && existsSync(join(paths.root, file.fileName)) ? file : undefined;
  };

  const assemble = async (fields: ChunkFields, manifest: Manifest, ownerId: number | null) => {
    const dir = dirOf(fields.md5);
    const target = join(paths.incoming, `${randomBytes(16).toString('hex')}.part`);
    const hash = createHash('md5');
    let total = 0;
    async function* parts() {
      for (let index = 0; index < manifest.chunks; index += 1) {
        for await (const data of createReadStream(join(dir, String(index)))) {
          const buffer = data as Buffer;
          hash.update(buffer);
          total += buffer.length;
          yield buffer;
        }
      }
    }
    try {
      await pipeline(parts, createWriteStream(target, { flags: 'wx' }));
      if (total !== manifest.size) {
        await discard(fields.md5);
        throw new ApiException('VALIDATION_ERROR', fileMessage('sizeMismatch'), {
          size: fileMessage('sizeMismatch'),
        });
      }
      if (hash.digest('hex') !== fields.md5) {
        await discard(fields.md5);
        throw new ApiException('MD5_MISMATCH');
      }
      const fileName = newStoredName(manifest.name);
      const storedPath = join(paths.root, fileName);
      await rename(target, storedPath);
      let stored: StoredFile;
      try {
        stored = await insertFile(context.knex(), {
          name: manifest.name,
          fileName,
          size: total,
          md5: fields.md5,
          ownerId,
        });
      } catch (error) {
        await rm(storedPath, { force: true });
        throw error;
      }
      await discard(fields.md5);
      return finished(stored, manifest.chunks);
    } finally {
      await rm(target, { force: true });
    }
  };

  const registerChunk = async (
    fields: ChunkFields,
    file: ReceivedFile,
    ownerId: number | null,
  ): Promise<ChunkResult> => {
    const existing = await storedCopy(fields.md5);
    if (existing) {
      await discard(fields.md5);
      return finished(existing, fields.chunks);
    }
    const dir = dirOf(fields.md5);
    let manifest = await readManifest(dir);
    if (manifest) {
      const mismatched = (['name', 'size', 'chunks'] as const).filter(
        (key) => manifest?.[key] !== fields[key],
      );
      if (mismatched.length > 0) {
        const message = fileMessage('inconsistent');
        throw new ApiException(
          'VALIDATION_ERROR',
          undefined,
          Object.fromEntries(mismatched.map((key) => [key, message])),
        );
      }
    }
    const present = await storedChunks(dir, fields.chunks);
    let others = 0;
    for (const [index, size] of present) if (index !== fields.chunk) others += size;
    if (others + file.size > fields.size) {
      throw new ApiException('VALIDATION_ERROR', fileMessage('chunksExceedSize'), {
        file: fileMessage('chunksExceedSize'),
      });
    }
    if (!manifest) {
      manifest = { name: fields.name, size: fields.size, chunks: fields.chunks };
      await mkdir(dir, { recursive: true });
      const temp = join(dir, `${MANIFEST}.${randomBytes(6).toString('hex')}`);
      await writeFile(temp, JSON.stringify(manifest), { flag: 'wx' });
      await rename(temp, join(dir, MANIFEST));
    }
    await rename(file.path, join(dir, String(fields.chunk)));
    present.set(fields.chunk, file.size);
    if (present.size < fields.chunks) {
      return { size: fields.size, name: fields.name, isFinished: false, received: sorted(present.keys()) };
    }
    return assemble(fields, manifest, ownerId);
  };

  return {
    /** Stores one chunk (replacing an earlier copy of it) and assembles the file when complete. */
    receiveChunk: (fields: ChunkFields, file: ReceivedFile, ownerId: number | null): Promise<ChunkResult> =>
      lock.run(fields.md5, () => registerChunk(fields, file, ownerId)),

    /** What is stored for `md5`, for resuming: finished with its url, or the chunks received. */
    status: async (md5: string): Promise<UploadStatus> => {
      const existing = await storedCopy(md5);
      if (existing) return { received: [], isFinished: true, url: existing.url };
      const manifest = await readManifest(dirOf(md5));
      if (!manifest) return { received: [], isFinished: false };
      return {
        received: sorted((await storedChunks(dirOf(md5), manifest.chunks)).keys()),
        isFinished: false,
      };
    },
  };
};

export type BigUploads = ReturnType<typeof bigUploads>;
