import { MAX_LIMIT, SUPER_ADMIN_ROLE } from '../../contract';
import {
  parseStoredValueDialogs,
  VALUE_DIALOG_KEY,
  valueDialogRecord,
  type StoredValueDialog,
  type ValueDialogInput,
} from '../lib/column-ext-property';
import type { TablePermissionPayload } from '../lib/table-permission';
import { createRecord, deleteRecord, listRecords, updateRecord, type BusinessRecord } from './business';

/** A role of the `role` system table (docs/api.md §3). */
export interface RoleOption {
  id: number;
  name: string;
  code: string;
}

/** Every role but the super admin's, which passes every check and needs no table permission. */
export const listRoles = async (signal?: AbortSignal): Promise<RoleOption[]> => {
  const records = await listRecords('role', { offset: 0, limit: MAX_LIMIT, orderby: 'id ASC' }, signal);
  return records.flatMap((record): RoleOption[] => {
    const id = Number(record.id);
    const code = String(record.code ?? '');
    if (!Number.isFinite(id) || code === SUPER_ADMIN_ROLE) return [];
    return [{ id, name: String(record.name ?? code), code }];
  });
};

/** The `tablePermission` record of a role on a table, if one is stored. */
export const getTablePermission = async (
  tableId: number,
  roleId: number,
  signal?: AbortSignal,
): Promise<BusinessRecord | null> => {
  const records = await listRecords(
    'tablePermission',
    { offset: 0, limit: 1, filters: { tableId: String(tableId), roleId: String(roleId) } },
    signal,
  );
  return records[0] ?? null;
};

/** Creates or updates the role's record on the table; the server applies it at once. */
export const saveTablePermission = async (
  target: { id?: number; tableId: number; roleId: number },
  payload: TablePermissionPayload,
): Promise<void> => {
  if (target.id === undefined) {
    await createRecord('tablePermission', { tableId: target.tableId, roleId: target.roleId, ...payload });
  } else {
    await updateRecord('tablePermission', String(target.id), { ...payload });
  }
};

/** The stored value dialogs of a table's columns, with their record ids. */
export const listStoredValueDialogs = async (
  tableId: number,
  signal?: AbortSignal,
): Promise<StoredValueDialog[]> => {
  const records = await listRecords(
    'columnExtProperty',
    { offset: 0, limit: MAX_LIMIT, filters: { tableId: String(tableId), key: VALUE_DIALOG_KEY } },
    signal,
  );
  return parseStoredValueDialogs(records);
};

/** Stores a column's value dialog (a new record, or the stored one changed). */
export const saveValueDialog = async (
  target: { id?: number; tableId: number; columnId: number },
  input: ValueDialogInput,
): Promise<void> => {
  const record = valueDialogRecord(target.tableId, target.columnId, input);
  if (target.id === undefined) await createRecord('columnExtProperty', record);
  else await updateRecord('columnExtProperty', String(target.id), { value: record.value });
};

export const removeValueDialog = (id: number): Promise<void> =>
  deleteRecord('columnExtProperty', String(id), false);
