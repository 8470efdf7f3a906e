import type { SYSTEM } from '../../db/table-names';
import type { WriteHook } from '../../extensions/write-hooks';

/** The API name of one of crudboard's own tables (`user`, `role`, `userRole`...). */
export type SystemTableName = keyof typeof SYSTEM;

/**
 * The rules of one system table, as write-hook stages: `beforeCreate` / `beforeUpdate` refuse a
 * record (and may normalise its values), `beforeDelete` refuses removing rows (a soft delete only
 * sets a flag and is not asked), `beforeCommit` checks the tables as a whole once per write.
 */
export type SystemTableRules = Pick<
  WriteHook,
  'beforeCreate' | 'beforeUpdate' | 'beforeDelete' | 'beforeCommit'
>;
