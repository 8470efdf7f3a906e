import type { Column, Table } from '../../../contract';
import type { ColumnCellField } from './column-draft';

/** Why a stored column's cells are locked, with the cells the server refuses to change. */
export interface ColumnLock {
  reason: 'primaryKey' | 'systemTable';
  fields: ReadonlySet<ColumnCellField>;
  /** The column may not be dropped. */
  fixed: boolean;
}

const KEY_FIELDS: ColumnCellField[] = [
  'name',
  'dataType',
  'length',
  'precision',
  'scale',
  'unsigned',
  'autoIncrement',
  'indexType',
];
const SYSTEM_FIELDS: ColumnCellField[] = [
  'name',
  'dataType',
  'length',
  'precision',
  'scale',
  'unsigned',
  'nullable',
];

/**
 * The server refuses to change an existing table's primary key (its columns' names, types and
 * auto-increment) and the columns of a system table (drop, rename, retype, nullability): the
 * designer locks those cells of the stored columns. Keyed by column id; one object per column so
 * that rows stay memoisable.
 */
export const columnLocks = (
  stored: Pick<Table, 'systemable' | 'columns'> | undefined,
): ReadonlyMap<number, ColumnLock> => {
  const locks = new Map<number, ColumnLock>();
  for (const column of stored?.columns ?? ([] as Column[])) {
    if (column.id === undefined) continue;
    const key = column.indexType === 'PRIMARY';
    if (!key && !stored?.systemable) continue;
    const fields = new Set<ColumnCellField>([
      ...(key ? KEY_FIELDS : []),
      ...(stored?.systemable ? SYSTEM_FIELDS : []),
    ]);
    locks.set(column.id, { reason: stored?.systemable ? 'systemTable' : 'primaryKey', fields, fixed: true });
  }
  return locks;
};
