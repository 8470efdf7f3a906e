import type { StoredTable } from '../metadata-rows';
import type { RuleTable } from './row-scope';

/** A stored table as row rules see it: every column, whatever the user may read. */
export const ruleTableOf = (table: StoredTable): RuleTable => ({
  id: table.id,
  name: table.name,
  query: {
    tableName: table.tableName,
    columns: table.columns,
    primaryNames: table.primaryNames,
    relationNames: [],
  },
});
