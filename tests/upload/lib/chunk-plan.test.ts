import { BIG_FILE_CHUNK_SIZE, MD5_PIECE_SIZE, planChunks } from '../../../src/upload/lib/chunk-plan';

describe('planChunks', () => {
  it('uses the sizes of docs/product.md §9', () => {
    expect(BIG_FILE_CHUNK_SIZE).toBe(20_971_520);
    expect(MD5_PIECE_SIZE).toBe(2_097_152);
  });

  it('cuts a file into full chunks and a shorter last one', () => {
    expect(planChunks(25, 10)).toEqual([
      { index: 0, start: 0, end: 10 },
      { index: 1, start: 10, end: 20 },
      { index: 2, start: 20, end: 25 },
    ]);
    expect(planChunks(20, 10)).toHaveLength(2);
    expect(planChunks(0, 10)).toEqual([]);
  });

  it('covers a 50 MB file with three 20 MB chunks', () => {
    const plan = planChunks(50 * 1024 * 1024);
    expect(plan.map((c) => c.end - c.start)).toEqual([20_971_520, 20_971_520, 10_485_760]);
  });

  it('refuses invalid sizes', () => {
    expect(() => planChunks(-1, 10)).toThrow(RangeError);
    expect(() => planChunks(10, 0)).toThrow(RangeError);
    expect(() => planChunks(1.5, 10)).toThrow(RangeError);
  });
});
