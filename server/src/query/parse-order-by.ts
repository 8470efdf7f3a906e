import { nativeRuleOf } from '../dialects/native-kind';
import { itemsMessage } from '../i18n/items-messages';
import { kindOf } from './data-type-kind';
import { invalidParam } from './query-error';
import type { OrderItem, QueryTable } from './query-types';
import { queryableColumn } from './resolve-column';
import { splitList } from './split-list';

const ITEM = /^(\S+)(?:\s+(ASC|DESC))?$/i;

/**
 * `orderby`: `col [ASC|DESC],...` over metadata columns (not PASSWORD / FULLTEXT, not a native type
 * without an order such as a point); blank is none.
 */
export const parseOrderBy = (text: string, table: QueryTable, param = 'orderby'): OrderItem[] =>
  splitList(text).map((item) => {
    const match = ITEM.exec(item);
    if (!match) throw invalidParam(param, itemsMessage('orderBy'));
    const column = queryableColumn(table, match[1] ?? '', param);
    if (kindOf(column.dataType) === 'password') {
      throw invalidParam(param, itemsMessage('notQueryable', { name: column.name }));
    }
    if (nativeRuleOf(column.nativeType)?.order === false) {
      throw invalidParam(
        param,
        itemsMessage('nativeNoOrder', { name: column.name, type: column.nativeType ?? '' }),
      );
    }
    return { column: column.name, direction: match[2]?.toLowerCase() === 'desc' ? 'desc' : 'asc' };
  });
