import type { Knex } from 'knex';
import type { SearchCondition } from '../../query/apply-list-query';
import { isTextType } from '../../query/data-type-kind';
import { likeSearch } from '../../query/like-search';
import { fullTextTargetFor } from './full-text-target';
import type { ItemContext } from './item-context';
import type { ItemTable } from './item-table';

/**
 * How `search` narrows a query on this table (docs/api.md §3): through the table's FULLTEXT column with
 * the data source's full-text method (FTS5 trigram, pg_trgm, ngram or Mroonga, which fall back to
 * LIKE for keywords shorter than they index), else LIKE over the queryable text columns.
 * `sourceKnex` is the data source's own Knex (the full-text method is detected once per source).
 * `bound`: the query reads at most `bound + 1` rows and is otherwise unordered (a bounded count),
 * which the full-text method may read in the order that finds them soonest.
 */
export const searchConditionFor = async (
  context: ItemContext,
  item: ItemTable,
  sourceKnex: Knex,
  keyword: string | null,
  bound?: number,
): Promise<SearchCondition> => {
  // Without a keyword nothing is asked of the index (its inspection costs statements).
  if (!keyword) return () => undefined;
  const { tableName } = item.table;
  const index = await fullTextTargetFor(context, item, sourceKnex, keyword);
  if (index) {
    const { fullText, target } = index;
    return (builder, keyword) => {
      fullText.matchCondition(builder, target, keyword, bound);
    };
  }
  const columns = item.table.columns.filter((column) => column.queryable && isTextType(column.dataType));
  return (builder, keyword) => {
    likeSearch(builder, context.dialect, tableName, columns, keyword);
  };
};
