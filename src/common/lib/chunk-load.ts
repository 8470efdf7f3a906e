/** docs/product.md §8: a page chunk that does not arrive in time. */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

export const isChunkLoadError = (error: unknown): boolean =>
  error instanceof ChunkLoadError || (error instanceof Error && error.name === 'ChunkLoadError');

/** Resolves with the loaded chunk, or rejects with a ChunkLoadError on failure or after `ms`. */
export const loadChunk = <T>(load: () => Promise<T>, ms: number = CHUNK_TIMEOUT_MS): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`Loading chunk timed out after ${ms} ms`)), ms);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        const reason = error instanceof Error ? error.message : String(error);
        reject(
          isChunkLoadError(error)
            ? error
            : new ChunkLoadError(`Loading chunk failed: ${reason}`, { cause: error }),
        );
      },
    );
  });
