import type { FullTextTable } from '../../src/dialects/full-text/full-text';

/** A table's search column `fullTextBody` keyed by an auto-increment BIGINT `id`, as crudboard makes tables. */
export const keyedFullTextTable = (tableName: string): FullTextTable => ({
  tableName,
  column: { name: 'fullTextBody', dataType: 'TEXT', length: null },
  key: {
    name: 'id',
    dataType: 'BIGINT',
    length: null,
    precision: null,
    scale: null,
    unsigned: true,
    autoIncrement: true,
  },
});
