/** docs/product.md §9: big files travel in 20 MB chunks. */
export const BIG_FILE_CHUNK_SIZE = 20_971_520;
/** docs/product.md §9: the md5 of a big file is read in 2 MB pieces. */
export const MD5_PIECE_SIZE = 2_097_152;

/** One slice of a file: bytes `start` (inclusive) to `end` (exclusive). */
export interface ChunkRange {
  index: number;
  start: number;
  end: number;
}

/** The slices of a `size`-byte file, `chunkSize` bytes each but the last; none for an empty file. */
export const planChunks = (size: number, chunkSize: number = BIG_FILE_CHUNK_SIZE): ChunkRange[] => {
  if (!Number.isSafeInteger(size) || size < 0) throw new RangeError(`invalid file size ${size}`);
  if (!Number.isSafeInteger(chunkSize) || chunkSize < 1)
    throw new RangeError(`invalid chunk size ${chunkSize}`);
  const count = Math.ceil(size / chunkSize);
  return Array.from({ length: count }, (_, index) => ({
    index,
    start: index * chunkSize,
    end: Math.min(size, (index + 1) * chunkSize),
  }));
};
