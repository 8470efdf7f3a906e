import {
  SYSTEM_COLUMN_NAMES,
  SYSTEM_COLUMNS,
  type SystemColumnName,
} from '../../../../contract/system-columns';
import { ApiException } from '../../errors/api-exception';
import { itemsMessage } from '../../i18n/items-messages';
import type { StoredColumn, StoredTable } from '../metadata-rows';
import type { ItemTable } from '../items/item-table';
import type { ColumnRules } from './column-rules';

/** A table without the columns in `hidden` (its keys always stay: they name the records). */
const withoutColumns = (table: StoredTable, hidden: ReadonlySet<number>): StoredTable => {
  if (hidden.size === 0) return table;
  const keys = new Set(table.primaryNames);
  return {
    ...table,
    columns: table.columns.filter((column) => keys.has(column.name) || !hidden.has(column.id)),
  };
};

const hiddenOf = (rules: ColumnRules, tableId: number): ReadonlySet<number> =>
  rules.get(tableId)?.hidden ?? new Set<number>();

/**
 * The table as a user with column rules reads it (docs/api.md §6): columns they may not read are gone
 * from what is returned, selected, filtered, sorted and exported, and from the related records
 * embedded in it; relations through a hidden column are gone; and keyword search no longer uses
 * the full-text body (which holds the hidden values too) but the readable text columns.
 */
export const narrowForRead = (item: ItemTable, rules: ColumnRules): ItemTable => {
  if (rules.size === 0) return item;
  const hidden = hiddenOf(rules, item.table.id);
  const touched = hidden.size > 0 || item.relations.some((relation) => rules.has(relation.toTable.id));
  if (!touched) return item;
  const table = withoutColumns(item.table, hidden);
  const readable = new Set(table.columns.map((column) => column.name));
  const relations = item.relations
    .filter((relation) => readable.has(relation.fromColumn.name))
    .map((relation) => {
      const toHidden = hiddenOf(rules, relation.toTable.id);
      return toHidden.size === 0
        ? relation
        : { ...relation, toTable: withoutColumns(relation.toTable, toHidden) };
    });
  // A search body holds every column's text, hidden ones too: its index is not used then. A
  // reversed table's indexed column is its own data: usable while the column is readable.
  const keepsIndex =
    hidden.size === 0 || (!item.fullTextDerived && item.fullText !== null && !hidden.has(item.fullText.id));
  const fullText = keepsIndex ? item.fullText : null;
  const columns: StoredColumn[] =
    fullText === null && item.fullText && item.fullTextDerived
      ? table.columns.filter((column) => column.id !== item.fullText?.id)
      : table.columns;
  return {
    table: { ...table, columns },
    keys: item.keys,
    relations,
    fullText,
    fullTextDerived: item.fullTextDerived,
    query: {
      tableName: item.query.tableName,
      columns,
      primaryNames: item.query.primaryNames,
      relationNames: relations.map((relation) => relation.name),
    },
  };
};

/** The columns of the table a body may not set (by name), for a user with column rules. */
export const readOnlyNames = (item: ItemTable, rules: ColumnRules): ReadonlySet<string> => {
  const rule = rules.get(item.table.id);
  if (!rule) return new Set();
  const denied = new Set([...rule.readOnly, ...rule.hidden]);
  return new Set(item.table.columns.filter((column) => denied.has(column.id)).map((column) => column.name));
};

const isServerFilled = (name: string): boolean =>
  (SYSTEM_COLUMN_NAMES as readonly string[]).includes(name) &&
  SYSTEM_COLUMNS[name as SystemColumnName].filledOnCreate &&
  SYSTEM_COLUMNS[name as SystemColumnName].lockedOnUpdate;

/** The table as an import fills it: without the columns the user may not set (their headers are unknown). */
export const narrowForImport = (item: ItemTable, rules: ColumnRules): ItemTable => {
  const denied = readOnlyNames(item, rules);
  if (denied.size === 0) return item;
  const keys = new Set(item.table.primaryNames);
  // Columns the server fills on create (the owner, the stamps) stay: a value sent for them is
  // ignored anyway, and the new records must still get them.
  const columns = item.table.columns.filter(
    (column) => keys.has(column.name) || !denied.has(column.name) || isServerFilled(column.name),
  );
  return { ...item, table: { ...item.table, columns }, query: { ...item.query, columns } };
};

/**
 * 403 when a create or update body sets a column the user may not change (docs/api.md §6); nothing
 * is written then. Only the record's own fields count: nested children are written through
 * their own tables' rules.
 */
export const assertSettable = (item: ItemTable, rules: ColumnRules, body: unknown): void => {
  const denied = readOnlyNames(item, rules);
  if (denied.size === 0 || typeof body !== 'object' || body === null) return;
  const records = Array.isArray(body) ? body : [body];
  const named = records.flatMap((record) =>
    typeof record === 'object' && record !== null
      ? Object.keys(record).filter((name) => denied.has(name))
      : [],
  );
  if (named.length > 0) {
    throw new ApiException(
      'FORBIDDEN',
      itemsMessage('columnForbidden', { names: [...new Set(named)].join(', ') }),
    );
  }
};
