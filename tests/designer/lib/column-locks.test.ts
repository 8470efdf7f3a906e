import type { Column } from '../../../contract';
import { columnLocks, rowLock, systemColumnLock } from '../../../src/designer/lib/column-locks';

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

describe('systemColumnLock and rowLock', () => {
  it('locks a system column’s definition and form flags, not its captions or list flags', () => {
    const lock = systemColumnLock({ name: 'createdDate', systemable: true });
    expect(lock).toMatchObject({ reason: 'systemColumn', fixed: false });
    for (const field of ['name', 'dataType', 'nullable', 'defaultValue', 'insertable', 'updatable'] as const)
      expect(lock?.fields.has(field)).toBe(true);
    for (const field of ['caption', 'captions', 'description', 'queryable', 'displayable'] as const)
      expect(lock?.fields.has(field)).toBe(false);
    expect(systemColumnLock({ name: 'createdDate', systemable: true })).toBe(lock);
  });

  it('leaves ordinary columns and the record label free', () => {
    expect(systemColumnLock({ name: 'name', systemable: false })).toBeUndefined();
    expect(systemColumnLock({ name: 'createdDate', systemable: false })).toBeUndefined();
    expect(systemColumnLock({ name: 'title', systemable: true })).toBeUndefined();
  });

  it('joins a stored lock with the system one, keeping the stored reason, one object per lock', () => {
    const stored = columnLocks({ columns }).get(1);
    const joined = rowLock({ name: 'id', systemable: true }, stored);
    expect(joined).toMatchObject({ reason: 'primaryKey', fixed: true });
    expect(joined?.fields.has('insertable')).toBe(true);
    expect(joined?.fields.has('autoIncrement')).toBe(true);
    expect(rowLock({ name: 'id', systemable: true }, stored)).toBe(joined);
    expect(rowLock({ name: 'title', systemable: false }, stored)).toBe(stored);
    expect(rowLock({ name: 'title', systemable: false }, undefined)).toBeUndefined();
  });
});
