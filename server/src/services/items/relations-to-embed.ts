import type { ListQuery } from '../../query/query-types';
import { listEmbedsOf } from '../system-tables/list-embeds';
import { isToOne, type ItemRelation, type ItemTable } from './item-table';

/**
 * The relations a read embeds (docs/api.md §3): with `select`, the selected and expanded ones; else on
 * a list the ManyToOne / SubToMain ones plus the expanded ones (and the few a system table's list
 * always embeds, see list-embeds.ts), and on a single record all of them.
 */
export const relationsToEmbed = (
  item: ItemTable,
  query: Pick<ListQuery, 'select' | 'expand'>,
  single: boolean,
): ItemRelation[] =>
  item.relations.filter((relation) => {
    if (query.expand.includes(relation.name)) return true;
    if (query.select) return query.select.relations.includes(relation.name);
    return single || isToOne(relation) || listEmbedsOf(item.table).includes(relation.name);
  });
