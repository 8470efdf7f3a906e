import { describe, expect, it } from 'vitest';
import { insertChunks } from '../../src/dialects/sql/insert-chunks';

describe('insertChunks', () => {
  it('cuts rows into runs of at most the row count, in order', () => {
    const rows = Array.from({ length: 7 }, (_, index) => [index, 'x'] as const);
    const chunks = insertChunks(rows, 3);
    expect(chunks.map((chunk) => chunk.length)).toEqual([3, 3, 1]);
    expect(chunks.flat()).toEqual(rows);
  });

  it('starts a new run before the bytes would pass the bound, and keeps a row larger than it alone', () => {
    const big = 'x'.repeat(100);
    const rows = [[big], [big], ['y'], [big.repeat(10)], ['z']];
    // 300 bytes per 100-character text (three bytes a character at most)
    const chunks = insertChunks(rows, 1000, 650);
    expect(chunks.map((chunk) => chunk.length)).toEqual([3, 1, 1]);
    expect(chunks.flat()).toEqual(rows);
    expect(insertChunks([], 10)).toEqual([]);
  });
});
