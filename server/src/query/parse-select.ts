import { itemsMessage } from '../i18n/items-messages';
import { kindOf } from './data-type-kind';
import { invalidParam } from './query-error';
import type { ListQuery, QueryTable } from './query-types';
import { findRelation, queryableColumn } from './resolve-column';
import { splitList } from './split-list';

/**
 * `select`: a comma list of columns and relation names (docs/api.md §3; the key columns are added when
 * the rows are read). PASSWORD and FULLTEXT columns are never returned, so naming one is a 400.
 * Blank means everything.
 */
export const parseSelect = (text: string, table: QueryTable, param = 'select'): ListQuery['select'] => {
  const items = splitList(text);
  if (items.length === 0) return null;
  const columns: string[] = [];
  const relations: string[] = [];
  for (const item of items) {
    const relation = findRelation(table, item);
    if (relation) {
      if (!relations.includes(relation)) relations.push(relation);
      continue;
    }
    const column = queryableColumn(table, item, param);
    if (kindOf(column.dataType) === 'password') {
      throw invalidParam(param, itemsMessage('notQueryable', { name: column.name }));
    }
    if (!columns.includes(column.name)) columns.push(column.name);
  }
  return { columns, relations };
};
