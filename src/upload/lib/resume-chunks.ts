import type { ChunkRange } from './chunk-plan';

/** The chunks still to send: those of `plan` the server has not reported as received. */
export const pendingChunks = (plan: readonly ChunkRange[], received: readonly number[]): ChunkRange[] => {
  const held = new Set(received);
  return plan.filter((chunk) => !held.has(chunk.index));
};

/** Bytes of `plan` the server already holds, for a progress bar that starts where it left off. */
export const receivedBytes = (plan: readonly ChunkRange[], received: readonly number[]): number => {
  const held = new Set(received);
  return plan.reduce((sum, chunk) => sum + (held.has(chunk.index) ? chunk.end - chunk.start : 0), 0);
};
