import type { Column } from '../../../contract';
import { columnLocks } from '../../../src/designer/lib/column-locks';

const columns: Column[] = [
  { id: 1, name: 'id', dataType: 'BIGINT', indexType: 'PRIMARY' },
  { id: 2, name: 'title', dataType: 'VARCHAR' },
  { name: 'draft', dataType: 'VARCHAR' },
];

describe('columnLocks', () => {
  it('locks nothing on a new table', () => {
    expect(columnLocks(undefined).size).toBe(0);
  });

  it('locks the key column of a stored table: name, type, auto-increment, index type; no drop', () => {
    const locks = columnLocks({ columns });
    expect([...locks.keys()]).toEqual([1]);
    const lock = locks.get(1);
    expect(lock?.reason).toBe('primaryKey');
    expect(lock?.fixed).toBe(true);
    expect([...(lock?.fields ?? [])].sort()).toEqual(
      ['autoIncrement', 'dataType', 'indexType', 'length', 'name', 'precision', 'scale', 'unsigned'].sort(),
    );
  });

  it('locks every stored column of a system table, nullability included', () => {
    const locks = columnLocks({ systemable: true, columns });
    expect([...locks.keys()]).toEqual([1, 2]);
    expect(locks.get(2)).toMatchObject({ reason: 'systemTable', fixed: true });
    expect(locks.get(2)?.fields.has('nullable')).toBe(true);
    expect(locks.get(2)?.fields.has('caption')).toBe(false);
    expect(locks.get(1)?.fields.has('autoIncrement')).toBe(true);
  });
});
