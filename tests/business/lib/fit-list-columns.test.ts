import { describe, expect, it } from 'vitest';
import { fitListColumns } from '../../../src/business/lib/fit-list-columns';

const columns = [
  { name: 'id', width: 96 },
  { name: 'name', width: 128 },
  { name: 'author', width: 128 },
  { name: 'isbn', width: 128 },
  { name: 'price', width: 112 },
  { name: 'pages', width: 96 },
];
const widthOf = (column: { width: number }) => column.width;
const names = (room: number, title?: string | null) =>
  fitListColumns(columns, room, widthOf, title).map((column) => column.name);

describe('fitListColumns', () => {
  it('keeps every column when they fit', () => {
    expect(names(688, 'name')).toEqual(['id', 'name', 'author', 'isbn', 'price', 'pages']);
    expect(names(5000, 'name')).toEqual(['id', 'name', 'author', 'isbn', 'price', 'pages']);
  });

  it('keeps the title column, then the others in display order until the room is used', () => {
    // name (128) + id (96) + author (128) = 352; isbn would make 480
    expect(names(400, 'name')).toEqual(['id', 'name', 'author']);
    expect(names(480, 'name')).toEqual(['id', 'name', 'author', 'isbn']);
  });

  it('stops at the first column that does not fit, so no later one jumps ahead', () => {
    // name + id + author + isbn = 480; price (112) does not fit in 560, pages (96) would
    expect(names(560, 'name')).toEqual(['id', 'name', 'author', 'isbn']);
  });

  it('keeps the title column alone when nothing else fits, even in no room at all', () => {
    expect(names(150, 'author')).toEqual(['author']);
    expect(names(0, 'author')).toEqual(['author']);
  });

  it('starts from the first column when there is no title column or it is not shown', () => {
    expect(names(230, null)).toEqual(['id', 'name']);
    expect(names(230, 'gone')).toEqual(['id', 'name']);
    expect(fitListColumns([], 500, widthOf, 'name')).toEqual([]);
  });
});
