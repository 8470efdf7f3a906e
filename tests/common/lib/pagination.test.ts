import { describe, expect, it } from 'vitest';
import {
  assertRowsPerPage,
  clampPage,
  isValidRowsPerPage,
  pageCountOf,
  pageWindow,
  parseJumpPage,
  summarisePage,
} from '../../../src/common/lib/pagination';
import { offsetOf } from '../../../contract';

describe('page math (docs/product.md §2, §9)', () => {
  it.each([5, 10, 15, 20, 30, 50, 100])('accepts page size %i', (size) => {
    expect(isValidRowsPerPage(size)).toBe(true);
    expect(() => assertRowsPerPage(size)).not.toThrow();
  });

  it.each([0, 7, 25, 1000, -10, 10.5])('rejects page size %s with invalid rowsPerPage', (size) => {
    expect(isValidRowsPerPage(size)).toBe(false);
    expect(() => assertRowsPerPage(size)).toThrow('invalid rowsPerPage');
  });

  it.each<[number, number, number]>([
    [0, 10, 1],
    [1, 10, 1],
    [10, 10, 1],
    [11, 10, 2],
    [95, 5, 19],
    [1000, 100, 10],
  ])('%i records at %i per page → %i pages', (count, size, pages) => {
    expect(pageCountOf(count, size)).toBe(pages);
  });

  it.each<[number, number, number[]]>([
    [1, 3, [1, 2, 3]],
    [1, 10, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]],
    [1, 40, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]],
    [5, 40, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]],
    [6, 40, [2, 3, 4, 5, 6, 7, 8, 9, 10, 11]],
    [20, 40, [16, 17, 18, 19, 20, 21, 22, 23, 24, 25]],
    [40, 40, [31, 32, 33, 34, 35, 36, 37, 38, 39, 40]],
    [99, 40, [31, 32, 33, 34, 35, 36, 37, 38, 39, 40]],
  ])('page %i of %i shows buttons %j', (page, pageCount, pages) => {
    const window = pageWindow(page, pageCount);
    expect(window).toEqual(pages);
    expect(window.length).toBeLessThanOrEqual(10);
  });

  it('clamps pages into range', () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(9, 5)).toBe(5);
    expect(clampPage(3.7, 5)).toBe(3);
  });

  it.each<[string, number | null]>([
    ['3', 3],
    [' 4 ', 4],
    ['99', 7],
    ['0', 1],
    ['', null],
    ['abc', null],
    ['2.5', null],
    ['-1', null],
  ])('jump input %j → %s (of 7 pages)', (input, page) => {
    expect(parseJumpPage(input, 7)).toBe(page);
  });

  it('summarises the bar and computes offsets', () => {
    expect(summarisePage(3, 10, 95)).toEqual({
      page: 3,
      pageCount: 10,
      pages: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      isFirst: false,
      isLast: false,
    });
    expect(() => summarisePage(1, 12, 95)).toThrow('invalid rowsPerPage');
    expect(offsetOf(1, 10)).toBe(0);
    expect(offsetOf(3, 20)).toBe(40);
  });
});
