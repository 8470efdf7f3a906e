import { describe, expect, it } from 'vitest';
import { listReturnPath, listReturnState } from '../../../src/business/lib/list-return';

const LIST = '/dataSource/primary/business/book';

describe('listReturnPath', () => {
  it('goes back to the list with the query it was opened from', () => {
    const search = '?q=%E4%B8%89%E4%BD%93&f.price=10%2C20&sort=-id&page=3';
    expect(listReturnPath(LIST, listReturnState(search))).toBe(`${LIST}${search}`);
  });

  it.each<[string, unknown]>([
    ['no state (a link, a reload)', null],
    ['an empty query', { listSearch: '' }],
    ['a bare ?', { listSearch: '?' }],
    ['a path instead of a query', { listSearch: '//evil.example/x' }],
    ['a query with a fragment', { listSearch: '?q=a#x' }],
    ['not text', { listSearch: 3 }],
    ['other state', 'x'],
  ])('goes to the list afresh for %s', (_label, state) => {
    expect(listReturnPath(LIST, state)).toBe(LIST);
  });
});
