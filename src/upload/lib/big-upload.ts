import type { BigUploadStatus, ChunkAnswer, ChunkRequest } from '@crudboard/client';
import { BIG_FILE_CHUNK_SIZE, planChunks, type ChunkRange } from './chunk-plan';
import { pendingChunks, receivedBytes } from './resume-chunks';
import { runPool } from './run-pool';

export type { BigUploadStatus, ChunkAnswer, ChunkRequest };

/** docs/product.md §9 names no count; three chunks in flight keep a link busy without flooding the server. */
export const BIG_UPLOAD_PARALLEL = 3;

/** The outside world of a big upload, injected so the flow is testable. */
export interface BigUploadDeps {
  /** md5 of the whole file; `onProgress` gets the bytes read so far. Stops when `signal` aborts. */
  hash: (file: Blob, onProgress: (bytes: number) => void, signal?: AbortSignal) => Promise<string>;
  status: (md5: string) => Promise<BigUploadStatus>;
  /** `onProgress` gets the bytes of this chunk sent so far; `signal` aborts the request. */
  sendChunk: (
    request: ChunkRequest,
    onProgress: (bytes: number) => void,
    signal?: AbortSignal,
  ) => Promise<ChunkAnswer>;
}

export type BigUploadPhase = 'preparing' | 'uploading';

export interface BigUploadOptions {
  onPhase?: (phase: BigUploadPhase) => void;
  /** Bytes done of `total` in the current phase. */
  onProgress?: (done: number, total: number) => void;
  chunkSize?: number;
  parallel?: number;
  /**
   * Cancels the upload: the chunks in flight are aborted, no other starts, and the upload rejects
   * with an `UploadCancelledError`. The chunks the server already holds stay there (a later upload
   * of the same file resumes from them; the server clears stale partial uploads itself).
   */
  signal?: AbortSignal;
}

/** The rejection of an upload cancelled through its `signal`. */
export class UploadCancelledError extends Error {
  constructor() {
    super('the upload was cancelled');
    this.name = 'UploadCancelledError';
  }
}

const checkCancelled = (signal: AbortSignal | undefined) => {
  if (signal?.aborted) throw new UploadCancelledError();
};

/**
 * A big-file upload (docs/product.md §4): md5 first ("preparing"), then asks the server which chunks it
 * already has and sends the others, a few at a time ("uploading"). Resolves with the stored file's
 * url once a response reports `isFinished`; rejects when a chunk fails or none finished.
 */
export const uploadBigFile = async (
  file: Blob,
  name: string,
  deps: BigUploadDeps,
  options: BigUploadOptions = {},
): Promise<string> => {
  const { onPhase, onProgress, chunkSize = BIG_FILE_CHUNK_SIZE, parallel = BIG_UPLOAD_PARALLEL } = options;
  const { signal } = options;
  checkCancelled(signal);
  const size = file.size;
  onPhase?.('preparing');
  onProgress?.(0, size);
  const md5 = await deps.hash(file, (bytes) => onProgress?.(bytes, size), signal);
  checkCancelled(signal);

  onPhase?.('uploading');
  const status = await deps.status(md5);
  checkCancelled(signal);
  if (status.isFinished && status.url) {
    onProgress?.(size, size);
    return status.url;
  }
  const plan = planChunks(size, chunkSize);
  const pending = pendingChunks(plan, status.received);
  const base = receivedBytes(plan, status.received);
  const inFlight = new Map<number, number>();
  let sent = base;
  const report = () => {
    let partial = 0;
    for (const bytes of inFlight.values()) partial += bytes;
    onProgress?.(Math.min(size, sent + partial), size);
  };
  report();

  let url: string | undefined;
  const send = async (chunk: ChunkRange) => {
    checkCancelled(signal);
    inFlight.set(chunk.index, 0);
    const answer = await deps.sendChunk(
      {
        file: file.slice(chunk.start, chunk.end),
        name,
        md5,
        size,
        chunks: plan.length,
        chunk: chunk.index,
      },
      (bytes) => {
        inFlight.set(chunk.index, Math.min(bytes, chunk.end - chunk.start));
        report();
      },
      signal,
    );
    inFlight.delete(chunk.index);
    sent += chunk.end - chunk.start;
    report();
    if (answer.isFinished && answer.url) url = answer.url;
  };
  try {
    await runPool(pending, parallel, send);
  } catch (error) {
    // An aborted request rejects in its own words: a cancel reads as one.
    checkCancelled(signal);
    throw error;
  }
  checkCancelled(signal);
  if (url === undefined) {
    // Every chunk was already there but the file was not assembled: the server decides on a re-send.
    const after = await deps.status(md5);
    if (after.isFinished && after.url) url = after.url;
  }
  if (url === undefined) throw new Error('the server did not report the upload as finished');
  return url;
};
