import type { StoredTable } from '../metadata-rows';
import type { ColumnRules } from './column-rules';

/**
 * The tables as a user with column rules sees their metadata (docs/api.md §1 `/me/table`): each table
 * without the columns the user may not read; keys always stay, they name the records.
 */
export const readableTables = (tables: readonly StoredTable[], rules: ColumnRules): StoredTable[] =>
  tables.map((table) => {
    const hidden = rules.get(table.id)?.hidden;
    if (!hidden || hidden.size === 0) return table;
    const keys = new Set(table.primaryNames);
    return {
      ...table,
      columns: table.columns.filter((column) => keys.has(column.name) || !hidden.has(column.id)),
    };
  });
