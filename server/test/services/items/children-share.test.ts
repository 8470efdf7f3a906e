import { describe, expect, it } from 'vitest';
import { childrenShare } from '../../../src/services/items/children-share';

describe('childrenShare', () => {
  it('is the limit while the lists fit the budget', () => {
    expect(childrenShare([], 999, 10_000)).toBe(999);
    expect(childrenShare([5, 1200, 3], 999, 10_000)).toBe(999);
    expect(
      childrenShare(
        Array.from({ length: 10 }, () => 999),
        999,
        9_990,
      ),
    ).toBe(999);
  });

  it('is the largest equal share within the budget, short lists keeping all their rows', () => {
    const counts = [...Array.from({ length: 12 }, () => 1000), 5];
    const share = childrenShare(counts, 999, 10_000);
    expect(share).toBe(832);
    const rows = (at: number) => counts.reduce((sum, count) => sum + Math.min(count, at), 0);
    expect(rows(share)).toBeLessThanOrEqual(10_000);
    expect(rows(share + 1)).toBeGreaterThan(10_000);
  });

  it('is zero when the parents with children outnumber the budget', () => {
    expect(
      childrenShare(
        Array.from({ length: 11 }, () => 2),
        999,
        10,
      ),
    ).toBe(0);
  });
});
