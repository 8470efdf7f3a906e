import type { Knex } from 'knex';
import type { FullTextTable } from '../../dialects/full-text/full-text';
import { fullTextFor } from '../../dialects/full-text/full-text-for';
import { META } from '../../db/table-names';

/**
 * Brings the keyword-search indexes of one data source's tables to this release's shape, at
 * start-up (on MariaDB's InnoDB bigrams: the staging table that makes imports twice as fast). The
 * tables are those primary's metadata gives the data source a FULLTEXT column. Returns the names of
 * the tables changed; each check is one statement, and a table already in shape is left alone.
 */
export const upgradeSearchIndexes = async (
  primary: Knex,
  source: { name: string; knex: Knex },
): Promise<string[]> => {
  const columns = (await primary(`${META.column} as c`)
    .join(`${META.table} as t`, 't.id', 'c.tableId')
    .where('c.indexType', 'FULLTEXT')
    .where('t.dataSource', source.name)
    .select('t.tableName', 'c.name', 'c.dataType', 'c.length')) as ({
    tableName: string;
  } & FullTextTable['column'])[];
  if (columns.length === 0) return [];
  const fullText = await fullTextFor(source.knex);
  if (!fullText.upgradeIndex) return [];
  const upgraded: string[] = [];
  for (const { tableName, name, dataType, length } of columns) {
    const target: FullTextTable = { tableName, column: { name, dataType, length }, key: null };
    if (await fullText.upgradeIndex(source.knex, target)) upgraded.push(tableName);
  }
  return upgraded;
};
