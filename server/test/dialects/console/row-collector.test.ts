import { describe, expect, it } from 'vitest';
import { boundedCell, RowCollector } from '../../../src/dialects/sql/console/sql-result';

describe('boundedCell', () => {
  it('keeps short values and cuts long ones to the byte ceiling, never inside a character', () => {
    expect(boundedCell('abc', 10)).toEqual({ value: 'abc', bytes: 3, cut: false });
    expect(boundedCell('x'.repeat(20), 10)).toEqual({ value: 'x'.repeat(10), bytes: 10, cut: true });
    // 3 bytes each: 10 bytes hold 3 characters.
    expect(boundedCell('汉'.repeat(10), 10)).toEqual({ value: '汉汉汉', bytes: 9, cut: true });
    expect(boundedCell(42, 1)).toEqual({ value: 42, bytes: 2, cut: false });
    expect(boundedCell(null, 1)).toEqual({ value: null, bytes: 4, cut: false });
  });

  it('cuts binary values on whole base64 quads and long JSON to its text', () => {
    const cut = boundedCell(Buffer.alloc(30), 10);
    expect(cut).toEqual({ value: { $binary: 'AAAAAAAA' }, bytes: 8, cut: true });
    const json = boundedCell({ list: Array.from({ length: 50 }, (_, i) => i) }, 20);
    expect(json.cut).toBe(true);
    expect(json.value).toBe('{"list":[0,1,2,3,4,5');
  });
});

describe('RowCollector', () => {
  it('stops keeping rows at the byte ceiling and says why the result is incomplete', () => {
    const collector = new RowCollector({ maxRows: 1000, maxBytes: 100, maxCellBytes: 30 });
    for (let i = 0; i < 10; i += 1) collector.add(['y'.repeat(40)]);
    expect(collector.rows.length).toBe(2);
    expect(collector.seen).toBe(10);
    expect(collector.truncation).toEqual(['bytes', 'cells']);
    expect(collector.full).toBe(true);
  });

  it('says rows when only the row cap was passed, nothing when complete', () => {
    const capped = new RowCollector({ maxRows: 2, maxBytes: 1000, maxCellBytes: 100 });
    for (let i = 0; i < 3; i += 1) capped.add([i]);
    expect(capped.truncation).toEqual(['rows']);
    const complete = new RowCollector({ maxRows: 2, maxBytes: 1000, maxCellBytes: 100 });
    complete.add([1]);
    expect(complete.truncation).toEqual([]);
    expect(complete.truncated).toBe(false);
  });
});
