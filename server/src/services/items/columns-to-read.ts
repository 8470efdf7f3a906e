import type { ListQuery } from '../../query/query-types';
import type { ItemRelation, ItemTable } from './item-table';
import { isReadable } from './to-record';

/**
 * The columns to SELECT: every readable column, or with `select` the keys, the selected columns and
 * the columns the embedded relations start from; in the table's column order.
 */
export const columnsToRead = (
  item: ItemTable,
  select: ListQuery['select'],
  embedded: readonly ItemRelation[],
): string[] => {
  const readable = item.table.columns.filter(isReadable);
  if (!select) return readable.map((column) => column.name);
  const wanted = new Set([
    ...item.keys.map((key) => key.name),
    ...select.columns,
    ...embedded.map((relation) => relation.fromColumn.name),
  ]);
  return readable.filter((column) => wanted.has(column.name)).map((column) => column.name);
};
