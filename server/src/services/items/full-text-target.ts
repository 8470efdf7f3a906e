import type { Knex } from 'knex';
import { fullTextFor } from '../../dialects/full-text/full-text-for';
import type { FullText, FullTextTable } from '../../dialects/full-text/full-text';
import { fullTextTableOf } from './full-text-table-of';
import type { ItemContext } from './item-context';
import type { ItemTable } from './item-table';

export interface FullTextTarget {
  fullText: FullText;
  target: FullTextTable;
}

/**
 * Inspections made for a request (its context), by table and keyword: the count, page and search
 * steps share one.
 */
const inspected = new WeakMap<ItemContext, WeakMap<ItemTable, Map<string, Promise<FullTextTarget | null>>>>();

const inspect = async (
  item: ItemTable,
  db: Knex,
  sourceKnex: Knex,
  keyword: string | null,
): Promise<FullTextTarget | null> => {
  const described = fullTextTableOf(item);
  if (!described) return null;
  const fullText = await fullTextFor(sourceKnex);
  const target = fullText.inspect ? await fullText.inspect(db, described, keyword) : described;
  return { fullText, target };
};

/**
 * The keyword-search index of a table with a FULLTEXT column, inspected once per request (which
 * companion tables it has, which key is the rowid, and on MariaDB how common the request's
 * `keyword` is), or null for a table without one. `sourceKnex` is the data source's own Knex (the
 * full-text method is detected once per source).
 */
export const fullTextTargetFor = (
  context: ItemContext,
  item: ItemTable,
  sourceKnex: Knex,
  keyword: string | null,
): Promise<FullTextTarget | null> => {
  let byTable = inspected.get(context);
  if (!byTable) inspected.set(context, (byTable = new WeakMap()));
  let byKeyword = byTable.get(item);
  if (!byKeyword) byTable.set(item, (byKeyword = new Map()));
  let found = byKeyword.get(keyword ?? '');
  if (!found) {
    found = inspect(item, context.db, sourceKnex, keyword);
    // A failed inspection is asked again by the next step.
    found.catch(() => byKeyword.delete(keyword ?? ''));
    byKeyword.set(keyword ?? '', found);
  }
  return found;
};
