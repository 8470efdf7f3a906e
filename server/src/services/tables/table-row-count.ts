import type { Knex } from 'knex';
import type { NotKeptReason, TableRowCount } from '../../../../contract/row-count';
import { sqlDialect } from '../../dialects/sql/sql-dialects';
import { dialectOf } from '../../db/dialect';
import { ApiException } from '../../errors/api-exception';
import { metadataMessage, type MetadataMessageKey } from '../../i18n/metadata-messages';
import { withSchemaLock } from '../ddl/schema-lock';
import { loadTable } from './load-table';

const REFUSALS: Record<NotKeptReason, MetadataMessageKey> = {
  cheap: 'rowCountCheap',
  view: 'rowCountView',
  engine: 'rowCountEngine',
  cascade: 'rowCountCascade',
  privilege: 'rowCountPrivilege',
};

const refusal = (reason: NotKeptReason, name: string) =>
  new ApiException('CONFLICT', metadataMessage(REFUSALS[reason], { name }));

export const tableRowCount = async (knex: Knex, id: number): Promise<TableRowCount> => {
  const table = await loadTable(knex, id);
  const keeping = sqlDialect(dialectOf(knex)).rowCountKeeping;
  if (!keeping) return { owned: !table.reverse, kept: false, estimatedRows: null, notKept: 'cheap' };
  return { owned: !table.reverse, ...(await keeping.state(knex, table.tableName)) };
};

/**
 * Starts or stops keeping a reversed table's row count: triggers on the table and a first count
 * of it, done online (PostgreSQL holds writers off for the count; MySQL counts in a snapshot), or
 * their removal. Under the schema lock, beside the designer's own changes.
 */
export const setTableRowCount = async (knex: Knex, id: number, kept: boolean): Promise<TableRowCount> => {
  const table = await loadTable(knex, id);
  if (!table.reverse)
    throw new ApiException('CONFLICT', metadataMessage('rowCountOwned', { name: table.tableName }));
  const keeping = sqlDialect(dialectOf(knex)).rowCountKeeping;
  if (!keeping) throw refusal('cheap', table.tableName);
  await withSchemaLock(knex, async () => {
    if (!kept) return keeping.stop(knex, table.tableName);
    const reason = await keeping.keep(knex, table.tableName);
    if (reason) throw refusal(reason, table.tableName);
  });
  return tableRowCount(knex, id);
};
