import { describe, expect, it } from 'vitest';
import {
  nextDeleteBatch,
  olderThan,
  pastExpired,
  prunePolicyOf,
  revisionsBeyond,
} from '../../../src/services/history/prune-policy';

const DAY = 24 * 3600 * 1000;
const NOW = Date.UTC(2026, 0, 31);
const row = { dataSource: 'primary', name: 'order' };

describe('prune policy', () => {
  it('prunes only tables kept by days or by revisions', () => {
    expect(prunePolicyOf({ ...row, historyMode: 'on', historyKeep: null }, NOW)).toBeNull();
    expect(prunePolicyOf({ ...row, historyMode: 'off', historyKeep: null }, NOW)).toBeNull();
    expect(prunePolicyOf({ ...row, historyMode: 'days', historyKeep: 30 }, NOW)).toEqual({
      dataSource: 'primary',
      tableName: 'order',
      rule: { kind: 'days', before: NOW - 30 * DAY },
    });
    expect(prunePolicyOf({ ...row, historyMode: 'revisions', historyKeep: 5 }, NOW)?.rule).toEqual({
      kind: 'revisions',
      keep: 5,
    });
    expect(prunePolicyOf({ ...row, historyMode: 'days', historyKeep: 0 }, NOW)).toBeNull();
  });

  it('keep N days: deletes the older revisions of a batch and walks on while a batch has any', () => {
    const batch = [{ at: 5 }, { at: 20 }, { at: 7 }];
    expect(olderThan(batch, 10)).toEqual([{ at: 5 }, { at: 7 }]);
    // A newer revision first (out of step) does not end the walk.
    expect(pastExpired(batch, 3, 10)).toBe(false);
    expect(pastExpired([{ at: 10 }, { at: 11 }, { at: 12 }], 3, 10)).toBe(true);
    // A batch short of full is the end of the table.
    expect(pastExpired([{ at: 1 }], 3, 10)).toBe(true);
  });

  it('keep N revisions: the oldest beyond the newest N', () => {
    expect(revisionsBeyond(7, 5)).toBe(2);
    expect(revisionsBeyond(5, 5)).toBe(0);
    expect(revisionsBeyond(1, 5)).toBe(0);
  });
});

describe('the size of a prune DELETE', () => {
  it('halves after a slow statement, not below 50, doubles after a quick one, up to the maximum', () => {
    expect(nextDeleteBatch(1000, 45, 1000)).toBe(500);
    expect(nextDeleteBatch(80, 45, 1000)).toBe(50);
    expect(nextDeleteBatch(500, 2, 1000)).toBe(1000);
    expect(nextDeleteBatch(1000, 2, 1000)).toBe(1000);
    expect(nextDeleteBatch(400, 12, 1000)).toBe(400);
    // A maximum under 50 (the tests' small batches) stays the floor.
    expect(nextDeleteBatch(2, 45, 2)).toBe(2);
  });
});
