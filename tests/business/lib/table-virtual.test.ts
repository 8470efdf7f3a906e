import { describe, expect, it } from 'vitest';
import { tableScroll, VIRTUAL_BODY_HEIGHT } from '../../../src/business/lib/table-virtual';

describe('tableScroll', () => {
  it('keeps ordinary pages as they are: every row in the document, natural height', () => {
    expect(tableScroll(10, 30, 5000)).toEqual({ virtual: false, scroll: { x: 5000 } });
    expect(tableScroll(100, 10, 2000)).toEqual({ virtual: false, scroll: { x: 2000 } });
  });

  it('makes large pages virtual with a fixed body height', () => {
    expect(tableScroll(100, 31, 5000)).toEqual({
      virtual: true,
      scroll: { x: 5000, y: VIRTUAL_BODY_HEIGHT },
    });
    expect(tableScroll(50, 21, 3000).virtual).toBe(true);
  });
});
