import { SOFT_DELETE_COLUMN } from '../../../../contract/system-columns';
import type { ColumnDef, TableDef } from '../../model/table-def';

/** The soft-delete flag the list screen filters on by default (`isDeleted=false`). */
export const DELETED_FLAG = SOFT_DELETE_COLUMN;

/** The table's soft-delete flag: its BOOL column `isDeleted`, if it has one. */
export const deletedFlagOf = <C extends Pick<ColumnDef, 'name' | 'dataType'>>(
  columns: readonly C[],
): C | null => columns.find((column) => column.name === DELETED_FLAG && column.dataType === 'BOOL') ?? null;

/**
 * A new `isDeleted` BOOL column of a designed table gets a single-column INDEX, unless it has an
 * index already or a composite index starts with it: counting the not-deleted records of a large
 * table then reads the index instead of the whole table. Stored as ordinary metadata, so the
 * designer shows it, can remove it, and dropping the column drops it. Reversed tables (no DDL) and
 * columns stored before are left as they are.
 */
export const indexDeletedFlag = (table: TableDef): TableDef => {
  if (table.reverse) return table;
  const covered = table.indexs.some((index) => index.columns[0] === DELETED_FLAG);
  if (covered) return table;
  return {
    ...table,
    columns: table.columns.map((column) =>
      column.id === undefined &&
      column.name === DELETED_FLAG &&
      column.dataType === 'BOOL' &&
      column.indexType === null
        ? { ...column, indexType: 'INDEX', indexName: column.indexName ?? `idx_${DELETED_FLAG}` }
        : column,
    ),
  };
};
