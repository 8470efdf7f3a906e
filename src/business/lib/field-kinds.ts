import { isRoleCode, USER_ID_COLUMNS, type Column, type Table } from '../../../contract';

/** Inputs chosen by what a column holds rather than by its data type. */
export type FieldKind = 'permissionCodes' | 'userName';

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

/** A text rule of a column that the server checks too, so the form says it as the value is typed. */
export type FieldFormat = 'roleCode';

/** The text rule of a column, if it has one: a role's code starts with `ROLE_` (contract/role-code). */
export const fieldFormatOf = (
  table: Pick<Table, 'name' | 'systemable'>,
  column: Pick<Column, 'name'>,
): FieldFormat | undefined =>
  table.systemable && table.name === 'role' && column.name === 'code' ? 'roleCode' : undefined;

/** Whether a filled value breaks a column's text rule (a blank one is the required rule's business). */
export const breaksFormat = (format: FieldFormat, value: unknown): boolean =>
  typeof value === 'string' && value !== '' && format === 'roleCode' && !isRoleCode(value);
