import type { Knex } from 'knex';
import { OWNER_COLUMN } from '../../dialects/row-count/owner-column';
import { sqlDialect } from '../../dialects/sql/sql-dialects';
import { complementFlag } from '../../query/complement-flag';
import { ownerOfCondition } from '../../query/owner-of-condition';
import type { ListQuery } from '../../query/query-types';
import { rowConditionOf } from '../permissions/row-scope';
import type { ItemContext } from './item-context';
import type { ItemTable } from './item-table';

const numberOf = (row: unknown): number => Number((row as { n: unknown } | undefined)?.n ?? 0);

/**
 * The count under a read rule that is exactly `ownerId = $user.id`, from the owner's kept count
 * (SqlDialect.keptOwnerCount), or null to count the rows: for a list with no other condition, or
 * only `flag = false` (the owner's kept count less the owner's flagged and NULL rows, in one
 * statement). Where no owner count is kept (SQLite, a table made before they were, a rule of
 * another shape), null.
 */
export const ownerCount = async (
  context: ItemContext,
  item: ItemTable,
  query: Pick<ListQuery, 'where' | 'search'>,
  sourceKnex: Knex,
): Promise<number | null> => {
  if (query.search) return null;
  const flag = query.where ? complementFlag(query.where, item.query) : null;
  if (query.where && !flag) return null;
  const owner = ownerOfCondition(rowConditionOf(context.rows, item.table, 'read'), OWNER_COLUMN);
  if (owner === null) return null;
  const { tableName } = item.table;
  const dialect = sqlDialect(context.dialect);
  const kept = await dialect.keptOwnerCount(context.db, tableName, owner, sourceKnex);
  if (kept === null || !flag) return kept;
  const { db } = context;
  const column = `${tableName}.${flag}`;
  const owned = db(tableName).where(`${tableName}.${OWNER_COLUMN}`, owner);
  return numberOf(
    await db.first(
      db.raw('coalesce((?), 0) - (?) - (?) as n', [
        dialect.keptOwnerCountQuery(db, tableName, owner),
        owned.clone().where(column, '=', true).count('*'),
        owned.clone().whereNull(column).count('*'),
      ]),
    ),
  );
};
