import { canMove, moveItem, type MoveDirection } from '../../../src/designer/lib/move-item';

const list = ['a', 'b', 'c', 'd'];

describe('moveItem', () => {
  it.each<[number, MoveDirection, string[]]>([
    [2, 'top', ['c', 'a', 'b', 'd']],
    [2, 'up', ['a', 'c', 'b', 'd']],
    [1, 'down', ['a', 'c', 'b', 'd']],
    [1, 'bottom', ['a', 'c', 'd', 'b']],
    [0, 'up', ['a', 'b', 'c', 'd']],
    [0, 'top', ['a', 'b', 'c', 'd']],
    [3, 'down', ['a', 'b', 'c', 'd']],
    [3, 'bottom', ['a', 'b', 'c', 'd']],
    [9, 'top', ['a', 'b', 'c', 'd']],
    [-1, 'down', ['a', 'b', 'c', 'd']],
  ])('item %i %s → %j', (index, direction, expected) => {
    expect(moveItem(list, index, direction)).toEqual(expected);
  });

  it('never changes its input', () => {
    const input = [1, 2, 3];
    moveItem(input, 0, 'bottom');
    expect(input).toEqual([1, 2, 3]);
  });
});

describe('canMove', () => {
  it.each<[number, MoveDirection, boolean]>([
    [0, 'top', false],
    [0, 'up', false],
    [0, 'down', true],
    [3, 'down', false],
    [3, 'bottom', false],
    [3, 'up', true],
    [1, 'top', true],
  ])('index %i of 4, %s → %s', (index, direction, expected) => {
    expect(canMove(4, index, direction)).toBe(expected);
  });
});
