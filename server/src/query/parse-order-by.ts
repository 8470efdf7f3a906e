import { nativeRuleOf } from '../dialects/native-kind';
import { itemsMessage } from '../i18n/items-messages';
import { isOptionOrdered } from './choice-order';
import { kindOf } from './data-type-kind';
import { invalidParam } from './query-error';
import type { OrderItem, QueryTable } from './query-types';
import { findColumn, queryableColumn } from './resolve-column';
import { splitList } from './split-list';

/** A column name (reversed tables' may hold spaces: `first name DESC`) and an optional direction. */
const ITEM = /^(.+?)(?:\s+(ASC|DESC))?$/i;

/**
 * `orderby`: `col [ASC|DESC],...` over metadata columns (not PASSWORD / FULLTEXT, not a native type
 * without an order such as a point, unless it is a single choice column: a reversed PostgreSQL enum
 * is ordered by its options); blank is none.
 */
export const parseOrderBy = (text: string, table: QueryTable, param = 'orderby'): OrderItem[] =>
  splitList(text).map((item) => {
    const match = ITEM.exec(item);
    if (!match) throw invalidParam(param, itemsMessage('orderBy'));
    const name = match[1] ?? '';
    // A name with a space must be a column's (`first name`), else the item is no `column [ASC|DESC]`.
    if (/\s/.test(name) && !findColumn(table, name)) throw invalidParam(param, itemsMessage('orderBy'));
    const column = queryableColumn(table, name, param);
    if (kindOf(column.dataType) === 'password') {
      throw invalidParam(param, itemsMessage('notQueryable', { name: column.name }));
    }
    if (nativeRuleOf(column.nativeType)?.order === false && !isOptionOrdered(column)) {
      throw invalidParam(
        param,
        itemsMessage('nativeNoOrder', { name: column.name, type: column.nativeType ?? '' }),
      );
    }
    return { column: column.name, direction: match[2]?.toLowerCase() === 'desc' ? 'desc' : 'asc' };
  });
