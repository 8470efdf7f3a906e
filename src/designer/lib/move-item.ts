export type MoveDirection = 'top' | 'up' | 'down' | 'bottom';

/** A copy of `list` with the item at `index` moved; an index out of range changes nothing. */
export const moveItem = <T>(list: readonly T[], index: number, direction: MoveDirection): T[] => {
  const copy = [...list];
  if (index < 0 || index >= copy.length) return copy;
  const target = {
    top: 0,
    up: Math.max(0, index - 1),
    down: Math.min(copy.length - 1, index + 1),
    bottom: copy.length - 1,
  }[direction];
  const [item] = copy.splice(index, 1);
  copy.splice(target, 0, item as T);
  return copy;
};

/** Whether a move would change anything (buttons for impossible moves are disabled). */
export const canMove = (length: number, index: number, direction: MoveDirection): boolean =>
  direction === 'top' || direction === 'up' ? index > 0 && index < length : index >= 0 && index < length - 1;
