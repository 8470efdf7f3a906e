import type { Column, Table } from '../../../contract';

/** Inputs chosen by what a column holds rather than by its data type. */
export type FieldKind = 'permissionCodes';

/**
 * Columns of system tables holding comma-separated permission codes (docs/api.md §3, §6). A table
 * permission's codes are edited on the table's permission page, not here.
 */
const PERMISSION_COLUMNS: Record<string, string> = { role: 'permissions' };

/** The special input of a column, if it has one (a role's permissions edit as a checklist of codes). */
export const fieldKindOf = (
  table: Pick<Table, 'name' | 'systemable'>,
  column: Pick<Column, 'name'>,
): FieldKind | undefined =>
  table.systemable && PERMISSION_COLUMNS[table.name] === column.name ? 'permissionCodes' : undefined;
