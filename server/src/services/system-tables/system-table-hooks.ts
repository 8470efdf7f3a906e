import { createWriteHooks, type WriteHook, type WriteHooks } from '../../extensions/write-hooks';
import { guardDelete, guardInsert, guardUpdate } from './record-guards';

/**
 * The rules of crudboard's own system tables (roles, users, layouts, permissions), registered as
 * write hooks like any extension's: they refuse a write before it reaches the table.
 */
export const systemTableHooks: WriteHook = {
  name: 'core',
  tables: '*',
  beforeCreate: ({ write, item, values, path }) => guardInsert(write, item, values, path),
  beforeUpdate: ({ write, item, current, values, path }) => guardUpdate(write, item, current, values, path),
  // a soft delete only sets a flag: the rules are about removing rows
  beforeDelete: ({ write, item, keys, soft }) => (soft ? undefined : guardDelete(write, item, keys)),
};

/** The hooks of a write whose context names none: the core's alone. */
export const CORE_WRITE_HOOKS: WriteHooks = createWriteHooks([systemTableHooks]);

/** The core's hooks, then the extensions' (in the order they are listed). */
export const writeHooksWith = (extra: readonly WriteHook[]): WriteHooks =>
  createWriteHooks([systemTableHooks, ...extra]);
