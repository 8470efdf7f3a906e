import {
  SYSTEM_COLUMNS,
  SOFT_DELETE_COLUMN,
  type SystemColumnName,
} from '../../../../contract/system-columns';
import type { ColumnChange } from '../../../../contract/revision';
import type { StoredColumn } from '../metadata-rows';
import type { ItemTable } from '../items/item-table';
import { toOutputValue } from '../items/to-output-value';

/** The search body is derived from the other columns: never history of its own. */
const isRecorded = (column: StoredColumn): boolean => column.indexType !== 'FULLTEXT';

const isSecret = (column: StoredColumn): boolean => column.dataType === 'PASSWORD';

/**
 * The bookkeeping columns the server stamps (times, creator, updater, owner): the revision itself
 * says when and who, so creates and updates leave them out. The soft-delete flag is recorded by
 * the soft delete and restore that set it.
 */
const isStamped = (name: string): boolean =>
  Object.hasOwn(SYSTEM_COLUMNS, name) &&
  SYSTEM_COLUMNS[name as SystemColumnName].filledOnCreate &&
  name !== SOFT_DELETE_COLUMN;

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The columns a create records, per table: worked out once, as an import creates many records. */
const createdColumnsByTable = new WeakMap<ItemTable['table'], readonly StoredColumn[]>();

const createdColumns = (item: ItemTable): readonly StoredColumn[] => {
  let columns = createdColumnsByTable.get(item.table);
  if (!columns) {
    columns = item.table.columns.filter((column) => isRecorded(column) && !isStamped(column.name));
    createdColumnsByTable.set(item.table, columns);
  }
  return columns;
};

/** A new record's values (its generated key included), in the API's value types. */
export const createdChanges = (item: ItemTable, values: Record<string, unknown>): ColumnChange[] => {
  const changes: ColumnChange[] = [];
  for (const column of createdColumns(item)) {
    const value = values[column.name];
    if (value === undefined) continue;
    changes.push(
      isSecret(column)
        ? { column: column.name, secret: true }
        : { column: column.name, new: toOutputValue(column, value) },
    );
  }
  return changes;
};

/**
 * The columns an update really changes: `current` is the stored record as read (API types),
 * `values` what the update writes. A PASSWORD column written is recorded as changed, never its value.
 */
export const updatedChanges = (
  item: ItemTable,
  current: Record<string, unknown>,
  values: Record<string, unknown>,
): ColumnChange[] =>
  item.table.columns.flatMap((column): ColumnChange[] => {
    if (!isRecorded(column) || values[column.name] === undefined) return [];
    if (isStamped(column.name)) return [];
    if (isSecret(column)) return [{ column: column.name, secret: true }];
    const old = current[column.name] ?? null;
    const next = toOutputValue(column, values[column.name]);
    return same(old, next) ? [] : [{ column: column.name, old, new: next }];
  });

/** A removed record's last values (API types), so that it can be brought back. */
export const deletedChanges = (item: ItemTable, record: Record<string, unknown>): ColumnChange[] =>
  item.table.columns.flatMap((column): ColumnChange[] =>
    isRecorded(column) && !isSecret(column) && Object.hasOwn(record, column.name)
      ? [{ column: column.name, old: record[column.name] ?? null }]
      : [],
  );
