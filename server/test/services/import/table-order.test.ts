import { describe, expect, it } from 'vitest';
import { tableOrder } from '../../../src/services/import/table-order';

const table = (id: number, parents: number[] = []) => ({ id, name: `t${id}`, parents });

describe('tableOrder', () => {
  it('puts parents before children and keeps the file order otherwise', () => {
    const result = tableOrder([table(3, [1]), table(2), table(1, [2]), table(4)]);
    expect(result.order?.map((entry) => entry.id)).toEqual([2, 1, 3, 4]);
  });

  it('ignores self-references and parents outside the import', () => {
    expect(tableOrder([table(1, [1, 99]), table(2, [1])]).order?.map((entry) => entry.id)).toEqual([1, 2]);
  });

  it('returns the tables caught in a cycle', () => {
    const result = tableOrder([table(1, [2]), table(2, [1]), table(3)]);
    expect(result.order).toBeNull();
    expect(result.cycle?.map((entry) => entry.id)).toEqual([1, 2]);
  });
});
