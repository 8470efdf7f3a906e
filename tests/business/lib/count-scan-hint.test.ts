import { describe, expect, it } from 'vitest';
import type { TableRowCount } from '../../../contract';
import { COUNT_SCAN_HINT_ROWS, countScanHint } from '../../../src/business/lib/count-scan-hint';

const state = (extra: Partial<TableRowCount>): TableRowCount => ({
  owned: false,
  kept: false,
  estimatedRows: 2_000_000,
  notKept: null,
  ...extra,
});

describe('countScanHint', () => {
  it('speaks of a large table whose count is not kept, and offers to keep it', () => {
    expect(countScanHint(state({}))).toEqual({ rows: 2_000_000, mayKeep: true });
    expect(countScanHint(state({ estimatedRows: COUNT_SCAN_HINT_ROWS }))).toEqual({
      rows: COUNT_SCAN_HINT_ROWS,
      mayKeep: true,
    });
  });

  it('does not offer to keep what the database cannot keep', () => {
    for (const notKept of ['view', 'cascade', 'privilege'] as const)
      expect(countScanHint(state({ notKept }))).toEqual({ rows: 2_000_000, mayKeep: false });
  });

  it('says nothing when counting is cheap, kept, small or unknown', () => {
    expect(countScanHint(undefined)).toBeNull();
    expect(countScanHint(state({ kept: true }))).toBeNull();
    expect(countScanHint(state({ notKept: 'cheap' }))).toBeNull();
    expect(countScanHint(state({ notKept: 'engine' }))).toBeNull();
    expect(countScanHint(state({ estimatedRows: COUNT_SCAN_HINT_ROWS - 1 }))).toBeNull();
    expect(countScanHint(state({ estimatedRows: null }))).toBeNull();
  });
});
