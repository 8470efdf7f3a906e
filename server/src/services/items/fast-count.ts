import type { Knex } from 'knex';
import { sqlDialect } from '../../dialects/sql/sql-dialects';
import { complementFlag } from '../../query/complement-flag';
import type { ListQuery } from '../../query/query-types';
import { fullTextTargetFor } from './full-text-target';
import type { ItemContext } from './item-context';
import type { ItemTable } from './item-table';

const numberOf = (row: unknown): number => Number((row as { n: unknown } | undefined)?.n ?? 0);

/** The table's kept row count, or null when it has none (SqlDialect.keptRowCount). */
const keptCount = (context: ItemContext, tableName: string, sourceKnex: Knex): Promise<number | null> =>
  sqlDialect(context.dialect).keptRowCount(context.db, tableName, sourceKnex);

/**
 * A cheaper count than the generic `count(*) … WHERE`, for the cases the list screen sends most on
 * large tables, or null to use the generic one:
 * - no condition at all, on PostgreSQL and MySQL tables whose row count is kept;
 * - only a keyword, on a table whose full-text index can count its matches alone (SQLite FTS5),
 *   or a keyword and `flag = false`: its matches except the flagged and the NULL rows (marked in
 *   the index for the soft-delete flag);
 * - only `flag = false` on an indexed BOOL column: all rows (kept, or counted) minus the flagged
 *   and the NULL ones, in one statement (one snapshot).
 */
export const fastCount = async (
  context: ItemContext,
  item: ItemTable,
  query: Pick<ListQuery, 'where' | 'search'>,
  sourceKnex: Knex,
): Promise<number | null> => {
  const { tableName } = item.table;
  const { db } = context;
  const flag = query.where ? complementFlag(query.where, item.query) : null;
  const column = `${tableName}.${flag}`;
  if (query.search && item.fullText && (!query.where || flag)) {
    const index = await fullTextTargetFor(context, item, sourceKnex, query.search);
    // With `flag = false`: the matches except the flagged and the NULL rows (the index knows how).
    const unflagged = flag ? { flag } : undefined;
    const statement = index?.fullText.countMatches?.(db, index.target, query.search, unflagged);
    return statement ? numberOf(await statement) : null;
  }
  if (query.search) return null;
  if (!query.where) return keptCount(context, tableName, sourceKnex);
  if (!flag) return null;
  const kept =
    (await keptCount(context, tableName, sourceKnex)) !== null
      ? sqlDialect(context.dialect).keptCountQuery(db, tableName)
      : null;
  const all = kept ?? db(tableName).count('*');
  return numberOf(
    await db.first(
      db.raw('coalesce((?), 0) - (?) - (?) as n', [
        all,
        db(tableName).where(column, '=', true).count('*'),
        db(tableName).whereNull(column).count('*'),
      ]),
    ),
  );
};
