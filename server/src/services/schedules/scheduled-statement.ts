import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { PRIMARY } from '../../config';
import { SYSTEM } from '../../db/table-names';

/** A saved statement of the `sqlQuery` system table, as a schedule runs it. */
export interface ScheduledStatement {
  id: number;
  name: string;
  dataSource: string;
  sql: string;
}

/** The saved statement `id` (read through `db`, primary or a transaction of it), or null. */
export const loadStatement = async (db: Knex, id: unknown): Promise<ScheduledStatement | null> => {
  if (id === null || id === undefined || id === '') return null;
  const numeric = Number(id);
  if (!Number.isSafeInteger(numeric) || numeric <= 0) return null;
  const row: Record<string, unknown> | undefined = await db(SYSTEM.sqlQuery)
    .where('id', numeric)
    .first('id', 'name', 'dataSource', 'sql');
  if (!row) return null;
  return {
    id: numeric,
    name: String(row.name ?? ''),
    dataSource: String(row.dataSource ?? PRIMARY),
    sql: String(row.sql ?? ''),
  };
};

/**
 * What a schedule approved when it was saved: the statement's data source and text. A schedule
 * runs the statement only while it is still the same (`sqlDigest`); a statement changed since must
 * be approved again by saving the schedule, as someone who may run it.
 */
export const statementDigest = (statement: Pick<ScheduledStatement, 'dataSource' | 'sql'>): string =>
  createHash('sha256').update(`${statement.dataSource}\n${statement.sql}`).digest('hex');
