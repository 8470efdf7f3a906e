import type { Knex } from 'knex';
import { applyListQuery } from '../../query/apply-list-query';
import type { ListQuery } from '../../query/query-types';
import { columnsToRead } from './columns-to-read';
import { embedRelations } from './embed-relations';
import type { ItemContext } from './item-context';
import type { ItemTable } from './item-table';
import { readRows } from './read-rows';
import { relationsToEmbed } from './relations-to-embed';
import { searchConditionFor } from './search-condition';
import { toRecord } from './to-record';

/** GET /api/business/{table}: one page of records with their relations (one query per relation). */
export const listItems = async (
  context: ItemContext,
  item: ItemTable,
  query: ListQuery,
  sourceKnex: Knex,
): Promise<Record<string, unknown>[]> => {
  const embedded = relationsToEmbed(item, query, false);
  const builder = readRows(
    context.db,
    context.dialect,
    item.table.tableName,
    columnsToRead(item, query.select, embedded),
  );
  applyListQuery(builder, item.query, query, {
    dialect: context.dialect,
    search: await searchConditionFor(context, item, sourceKnex),
  });
  const rows: Record<string, unknown>[] = await builder;
  const records = rows.map((row) => toRecord(item.table.columns, row));
  await embedRelations(context, item, embedded, records, new Set(query.expand));
  return records;
};
