import type { Column, Table } from '../../../contract';

/** Inputs chosen by what a column holds rather than by its data type. */
export type FieldKind = 'permissionCodes' | 'userName';

/** The bookkeeping columns holding a user's id: shown by the user's name, never edited. */
export const USER_ID_COLUMNS: readonly string[] = ['createById', 'updateById', 'ownerId'];

/**
 * Columns of system tables holding comma-separated permission codes (docs/api.md §3, §6). A table
 * permission's codes are edited on the table's permission page, not here.
 */
const PERMISSION_COLUMNS: Record<string, string> = { role: 'permissions' };

/**
 * The special input of a column, if it has one: a role's permissions edit as a checklist of codes;
 * who created, modified or owns a record shows as the user's name.
 */
export const fieldKindOf = (
  table: Pick<Table, 'name' | 'systemable'>,
  column: Pick<Column, 'name'>,
): FieldKind | undefined => {
  if (table.systemable && PERMISSION_COLUMNS[table.name] === column.name) return 'permissionCodes';
  if (USER_ID_COLUMNS.includes(column.name)) return 'userName';
  return undefined;
};
