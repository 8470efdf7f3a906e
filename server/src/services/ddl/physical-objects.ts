import { unsignedNeedsCheck, type Dialect } from '../../dialects/column-type';
import { indexPhysicalName, unsignedCheckName } from '../../dialects/derived-name';
import { primaryColumnsOf, type ColumnDef, type TableDef } from '../../model/table-def';
import { deletedFlagOf } from '../tables/index-deleted-flag';
import type { FullTextTarget, PhysicalCheck, PhysicalIndex } from '../../model/schema-op';

/** Identity of a column across an edit: its id, or its name while it is not stored yet. */
export const columnKey = (column: Pick<ColumnDef, 'id' | 'name'>): string =>
  column.id === undefined ? `new:${column.name.toLowerCase()}` : `id:${column.id}`;

/** The secondary indexes of a table: single-column UNIQUE / INDEX columns and composite indexes. */
export const physicalIndexes = (table: TableDef): PhysicalIndex[] => {
  const byName = new Map(table.columns.map((column) => [column.name, column]));
  const single = table.columns
    .filter((column) => column.indexType === 'UNIQUE' || column.indexType === 'INDEX')
    .map((column): PhysicalIndex => ({
      key: `column:${columnKey(column)}`,
      name: indexPhysicalName(table.tableName, column.indexName ?? column.name),
      unique: column.indexType === 'UNIQUE',
      hash: column.indexStorage === 'HASH',
      columns: [column.name],
      columnKeys: [columnKey(column)],
    }));
  const composite = table.indexs
    .filter((index) => index.indexType !== 'PRIMARY')
    .map((index): PhysicalIndex => ({
      key: index.id === undefined ? `index:new:${index.name.toLowerCase()}` : `index:${index.id}`,
      name: indexPhysicalName(table.tableName, index.name),
      unique: index.indexType === 'UNIQUE',
      hash: index.indexStorage === 'HASH',
      columns: [...index.columns],
      columnKeys: index.columns.map((name) => {
        const column = byName.get(name);
        return column ? columnKey(column) : `missing:${name}`;
      }),
    }));
  return [...single, ...composite];
};

/** The CHECK (col >= 0) constraints standing for `unsigned` where the dialect needs them. */
export const unsignedChecks = (table: TableDef, dialect: Dialect): PhysicalCheck[] =>
  table.columns
    .filter((column) => unsignedNeedsCheck(dialect, column) && !column.autoIncrement)
    .map((column) => ({
      key: columnKey(column),
      name: unsignedCheckName(table.tableName, column.name),
      column: column.name,
    }));

/** The table's FULLTEXT column with what its search index depends on, if it has one. */
export const fullTextTarget = (table: TableDef): FullTextTarget | undefined => {
  const column = table.columns.find((candidate) => candidate.indexType === 'FULLTEXT');
  if (!column) return undefined;
  const keys = primaryColumnsOf(table);
  const key =
    keys.length === 1 ? (table.columns.find((candidate) => candidate.name === keys[0]) ?? null) : null;
  return { tableName: table.tableName, column, key, flag: deletedFlagOf(table.columns) };
};
