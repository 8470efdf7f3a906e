import type { StoredTable } from '../metadata-rows';
import type { RuleTable } from './row-scope';

/** Each stored table's rule view, made once: tables are kept frozen in memory until they change. */
const ruleTables = new WeakMap<StoredTable, RuleTable>();

/**
 * A stored table as row rules see it: every column, whatever the user may read. The same object
 * for the same kept (frozen) stored table, so that rules compiled for it can be kept (compileRowRule).
 */
export const ruleTableOf = (table: StoredTable): RuleTable => {
  const known = ruleTables.get(table);
  if (known) return known;
  const frozen = Object.isFrozen(table);
  const made: RuleTable = {
    id: table.id,
    name: table.name,
    query: {
      tableName: table.tableName,
      columns: table.columns,
      primaryNames: table.primaryNames,
      relationNames: [],
    },
  };
  // A table being built or changed in this request (not frozen) may still change: not kept.
  if (frozen) ruleTables.set(table, made);
  return made;
};
