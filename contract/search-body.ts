/**
 * The search body of a table crudboard made: its FULLTEXT column, which every write fills from the
 * table's other queryable columns, and which keyword search reads through its index. It is never
 * shown, written, filtered, imported or exported by users. On a reversed table the FULLTEXT column
 * is the table's own data with a search index the database keeps over it: an ordinary column,
 * which crudboard never rewrites.
 */
export const isSearchBody = (
  table: { reverse?: boolean | null },
  column: { indexType?: string | null },
): boolean => column.indexType === 'FULLTEXT' && table.reverse !== true;
