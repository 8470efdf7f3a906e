import { describe, expect, it } from 'vitest';
import { reconcileTotal, totalOfPage } from '../../contract';

describe('what a page tells of its total', () => {
  it('knows the total from a short page, and nothing from a full page or an empty one past the first', () => {
    expect(totalOfPage(0, 10, 3)).toBe(3);
    expect(totalOfPage(0, 10, 0)).toBe(0);
    expect(totalOfPage(20, 10, 4)).toBe(24);
    expect(totalOfPage(20, 10, 10)).toBeNull();
    expect(totalOfPage(20, 10, 0)).toBeNull();
  });

  it('sets a known total right, or says it cannot', () => {
    expect(reconcileTotal(25, 20, 10, 3)).toBe(23);
    expect(reconcileTotal(25, 10, 10, 10)).toBe(25);
    expect(reconcileTotal(12, 10, 10, 10)).toBe(20);
    expect(reconcileTotal(25, 30, 10, 0)).toBe(25);
    expect(reconcileTotal(31, 10, 10, 0)).toBeNull();
  });
});
