import type { Knex } from 'knex';
import { complementFlag } from '../../query/complement-flag';
import type { ListQuery } from '../../query/query-types';
import { fullTextTargetFor } from './full-text-target';
import type { ItemContext } from './item-context';
import type { ItemTable } from './item-table';

/**
 * A cheaper statement giving the same count as the generic `count(*) … WHERE`, for the two cases
 * the list screen sends most on large tables, or null to use the generic one:
 * - only a keyword, on a table whose full-text index can count its matches alone (SQLite FTS5);
 * - only `flag = false` on an indexed BOOL column: all rows minus the flagged and the NULL ones,
 *   in one statement (one snapshot).
 * Each answers `n`.
 */
export const fastCount = async (
  context: ItemContext,
  item: ItemTable,
  query: Pick<ListQuery, 'where' | 'search'>,
  sourceKnex: Knex,
): Promise<Knex.QueryBuilder | null> => {
  const { tableName } = item.table;
  if (query.search && !query.where && item.fullText) {
    const index = await fullTextTargetFor(context, item, sourceKnex);
    return index?.fullText.countMatches?.(context.db, index.target, query.search) ?? null;
  }
  if (query.search) return null;
  const flag = complementFlag(query.where, item.query);
  if (!flag) return null;
  const column = `${tableName}.${flag}`;
  const { db } = context;
  return db.first(
    db.raw('(?) - (?) - (?) as n', [
      db(tableName).count('*'),
      db(tableName).where(column, '=', true).count('*'),
      db(tableName).whereNull(column).count('*'),
    ]),
  );
};
