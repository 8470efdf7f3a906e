import { itemsMessage } from '../i18n/items-messages';
import { invalidParam } from './query-error';
import type { QueryColumn, QueryTable } from './query-types';

/** A column of the table by name, ignoring case (names are unique case-insensitively). */
export const findColumn = (table: QueryTable, name: string): QueryColumn | undefined => {
  const exact = table.columns.find((column) => column.name === name);
  if (exact) return exact;
  const lower = name.toLowerCase();
  return table.columns.find((column) => column.name.toLowerCase() === lower);
};

/** A relation name of the table, ignoring case, as metadata spells it. */
export const findRelation = (table: QueryTable, name: string): string | undefined => {
  const lower = name.toLowerCase();
  return table.relationNames.find((relation) => relation.toLowerCase() === lower);
};

/**
 * A column that `select`, `orderby` and filters may name: 400 naming `param` for an unknown column
 * and for the FULLTEXT column (it is never returned, so it is not queried either).
 */
export const queryableColumn = (table: QueryTable, name: string, param: string): QueryColumn => {
  const column = findColumn(table, name);
  if (!column) throw invalidParam(param, itemsMessage('unknownColumn', { name: name.slice(0, 64) }));
  if (column.indexType === 'FULLTEXT')
    throw invalidParam(param, itemsMessage('notQueryable', { name: column.name }));
  return column;
};
