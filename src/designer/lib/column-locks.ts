import { SYSTEM_COLUMN_NAMES, type Column, type SystemColumnName, type Table } from '../../../contract';
import type { ColumnCellField } from './column-draft';

/** Why a stored column's cells are locked, with the cells the server refuses to change. */
export interface ColumnLock {
  reason: 'primaryKey' | 'systemTable' | 'systemColumn';
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

/** What the server keeps of a system column: its definition, and the values it fills itself. */
const SYSTEM_COLUMN_FIELDS: ColumnCellField[] = [
  ...KEY_FIELDS,
  'indexStorage',
  'indexName',
  'nullable',
  'defaultValue',
  'seqId',
  'multipleValue',
  'insertable',
  'updatable',
];

const SYSTEM_COLUMN_LOCKS = new Map<string, ColumnLock>(
  SYSTEM_COLUMN_NAMES.map((name: SystemColumnName) => [
    name,
    { reason: 'systemColumn', fields: new Set(SYSTEM_COLUMN_FIELDS), fixed: false },
  ]),
);

/**
 * A system column (`id`, the stamps, the user ids, `fullTextBody`, `isDeleted`; flagged
 * `systemable`) is defined and filled by the server: its definition and its form flags are not
 * edited by hand, only its captions, description, and whether the list searches or shows it.
 * `name` is an ordinary column. One object per name, so that rows stay memoisable.
 */
export const systemColumnLock = (row: Pick<Column, 'name' | 'systemable'>): ColumnLock | undefined =>
  row.systemable ? SYSTEM_COLUMN_LOCKS.get(row.name) : undefined;

const MERGED = new WeakMap<ColumnLock, ColumnLock>();

/** The lock of a grid row: its stored column's, its system column's, or both together. */
export const rowLock = (
  row: Pick<Column, 'name' | 'systemable'>,
  stored: ColumnLock | undefined,
): ColumnLock | undefined => {
  const system = systemColumnLock(row);
  if (!system || !stored) return stored ?? system;
  let lock = MERGED.get(stored);
  if (!lock) {
    lock = { ...stored, fields: new Set([...stored.fields, ...system.fields]) };
    MERGED.set(stored, lock);
  }
  return lock;
};
