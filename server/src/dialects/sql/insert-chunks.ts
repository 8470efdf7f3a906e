/** Rows per bulk INSERT at most. */
export const MAX_BULK_ROWS = 5000;
/** Bytes of text per bulk INSERT at most (well under MySQL's 16 MiB default packet). */
export const MAX_BULK_BYTES = 4 * 1024 * 1024;

const sizeOf = (value: unknown): number => (typeof value === 'string' ? value.length * 3 : 8);

/** `rows` cut into runs of at most `maxRows` rows and about `maxBytes` bytes (one row at least). */
export const insertChunks = <Row extends readonly unknown[]>(
  rows: readonly Row[],
  maxRows = MAX_BULK_ROWS,
  maxBytes = MAX_BULK_BYTES,
): Row[][] => {
  const chunks: Row[][] = [];
  let chunk: Row[] = [];
  let bytes = 0;
  for (const row of rows) {
    const size = row.reduce((sum: number, value) => sum + sizeOf(value), 0);
    if (chunk.length > 0 && (chunk.length >= maxRows || bytes + size > maxBytes)) {
      chunks.push(chunk);
      chunk = [];
      bytes = 0;
    }
    chunk.push(row);
    bytes += size;
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
};
