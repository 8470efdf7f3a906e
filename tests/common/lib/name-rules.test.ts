import { duplicatePositions, nameIssue } from '../../../src/common/lib/name-rules';

describe('nameIssue', () => {
  it.each([
    ['order_line', null],
    ['_x', null],
    ['A1', null],
    ['a'.repeat(64), null],
    ['', 'required'],
    ['   ', 'required'],
    [null, 'required'],
    ['1abc', 'namePattern'],
    ['a-b', 'namePattern'],
    ['a b', 'namePattern'],
    ["x'; drop table t;--", 'namePattern'],
    ['`x`', 'namePattern'],
    ['名称', 'namePattern'],
    ['a'.repeat(65), 'namePattern'],
    ['select', 'reservedWord'],
    ['Order', 'reservedWord'],
    ['ROWID', 'reservedWord'],
  ])('%j → %s', (name, expected) => {
    expect(nameIssue(name)?.key ?? null).toBe(expected);
  });

  it('accepts a blank name when it is optional', () => {
    expect(nameIssue('', { required: false })).toBeNull();
  });
});

describe('duplicatePositions', () => {
  it.each([
    [['a', 'b', 'c'], []],
    [
      ['a', 'A', 'b', 'a'],
      [1, 3],
    ],
    [['', '', 'x', ' '], []],
    [['Name', 'name '], [1]],
  ])('%j → %j', (names, expected) => {
    expect(duplicatePositions(names)).toEqual(expected);
  });
});
