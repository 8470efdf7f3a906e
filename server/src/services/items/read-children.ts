import { sqlDialect } from '../../dialects/sql/sql-dialects';
import type { Knex } from 'knex';
import type { Client } from '../../config';
import type { ScalarValue } from '../../query/query-types';
import { readRows } from './read-rows';

/** Where the children of a relation are: their table, their foreign key, their key (their order). */
export interface ChildSource {
  db: Knex;
  dialect: Client;
  tableName: string;
  foreignKey: string;
  keys: readonly string[];
  /** The columns to read (the foreign key among them). */
  columns: readonly string[];
  /** Narrows the child rows to those the reader may see (row-filter.ts). */
  restrict?: (builder: Knex.QueryBuilder) => unknown;
}

/** Names no column has (columns match `[A-Za-z_][A-Za-z0-9_]*`). */
const COUNT = '$children';
const POSITION = '$position';
const NUMBERED = '$numbered';

/** How many children each of `parents` has (parents without children are left out). */
export const countChildren = async (
  source: ChildSource,
  parents: readonly ScalarValue[],
): Promise<{ parent: unknown; count: number }[]> => {
  const { db, dialect, tableName, foreignKey } = source;
  const column = `${tableName}.${foreignKey}`;
  const builder = db(tableName)
    .select({ parent: column })
    .count({ [COUNT]: '*' })
    .whereIn(column, [...parents])
    .groupBy(column);
  source.restrict?.(builder);
  sqlDialect(dialect).readRowOptions(builder);
  const rows: Record<string, unknown>[] = await builder;
  return rows.map((row) => ({ parent: row.parent, count: Number(row[COUNT]) }));
};

/**
 * The first `share` children of each parent in key order, `total` rows at most in all: the database
 * hands over no more than that, however many children there are. One parent: a plain LIMIT; several:
 * the children numbered per parent (`row_number()`, SQLite 3.25+, PostgreSQL, MySQL 8 and MariaDB
 * 10.2+) and those past `share` left in the database.
 */
export const readChildren = (
  source: ChildSource,
  parents: readonly ScalarValue[],
  share: number,
  total: number,
): Knex.QueryBuilder => {
  const { db, dialect, tableName, foreignKey, keys, columns } = source;
  const column = `${tableName}.${foreignKey}`;
  const [only] = parents;
  if (parents.length === 1 && only !== undefined) {
    const builder = readRows(db, dialect, tableName, columns).where(column, only);
    source.restrict?.(builder);
    for (const key of keys) builder.orderBy(`${tableName}.${key}`, 'asc');
    return builder.limit(Math.min(share, total));
  }
  const order = keys.length > 0 ? ` order by ${keys.map(() => '?? asc').join(', ')}` : '';
  const numbered = readRows(db, dialect, tableName, columns)
    .select(
      db.raw(`row_number() over (partition by ??${order}) as ??`, [
        column,
        ...keys.map((key) => `${tableName}.${key}`),
        POSITION,
      ]),
    )
    .whereIn(column, [...parents]);
  source.restrict?.(numbered);
  // Taken position by position, so that whatever `total` cuts off, each parent keeps its first rows.
  const builder = db
    .select(columns.map((name) => `${NUMBERED}.${name}`))
    .from(numbered.as(NUMBERED))
    .where(`${NUMBERED}.${POSITION}`, '<=', share)
    .orderBy([`${NUMBERED}.${POSITION}`, `${NUMBERED}.${foreignKey}`])
    .limit(total);
  return sqlDialect(dialect).readRowOptions(builder);
};
