import type { BaseRecord, CrudSort, DataProvider } from '@refinedev/core';
import { businessPermission, SUPER_ADMIN_ROLE, type Relation, type Table } from '../../contract';
import {
  parseStoredValueDialogs,
  VALUE_DIALOG_KEY,
  valueDialogRecord,
  type StoredValueDialog,
  type ValueDialogInput,
} from '../designer/lib/column-ext-property';
import {
  parseStoredWidgets,
  WIDGET_KEYS,
  widgetRecord,
  type StoredWidget,
  type WidgetKey,
} from '../business/lib/column-widgets';
import {
  parseFormLayouts,
  parseValueDialogs,
  type FormLayout,
  type FormLayoutDevice,
  type FormLayoutType,
  type ValueDialog,
} from '../business/lib/business-meta';
import type { BusinessRecord } from '../business/lib/business-record';
import type { TablePermissionPayload } from '../designer/lib/table-permission';
import { runCustom } from './custom-calls';

/**
 * The records of crudboard's own tables that screens read and write (roles, table permissions,
 * form layouts, value dialogs) and the metadata lookups of the generic pages, each through a data
 * provider's methods: `records` is the provider of `/api/business`, `metadata` that of `/api/metadata`.
 */

const eq = (field: string, value: string | number) => ({ field, operator: 'eq' as const, value });
const oneOf = (field: string, value: readonly string[]) => ({ field, operator: 'in' as const, value });

interface ReadOptions {
  signal?: AbortSignal | undefined;
  sorters?: CrudSort[];
  checked?: boolean;
}

/** Every record of a system table matching `filters`, in one request (the list's most rows). */
const allRecords = async (
  records: DataProvider,
  resource: string,
  filters: (ReturnType<typeof eq> | ReturnType<typeof oneOf>)[],
  { signal, sorters = [], checked = false }: ReadOptions = {},
): Promise<BusinessRecord[]> => {
  const { data } = await records.getList<BaseRecord>({
    resource,
    pagination: { mode: 'off' },
    filters,
    sorters,
    meta: {
      ...(signal ? { signal } : {}),
      // Checked reads are refused before they are sent when the user may not read the table.
      ...(checked ? { requiredPermissions: [businessPermission(resource, 'read')] } : {}),
    },
  });
  return Array.isArray(data) ? (data as BusinessRecord[]) : [];
};

/** A role of the `role` system table. */
export interface RoleOption {
  id: number;
  name: string;
  code: string;
}

/** Every role but the super admin's, which passes every check and needs no table permission. */
export const listRoles = async (records: DataProvider, signal?: AbortSignal): Promise<RoleOption[]> =>
  (
    await allRecords(records, 'role', [], { signal, sorters: [{ field: 'id', order: 'asc' }], checked: true })
  ).flatMap((record): RoleOption[] => {
    const id = Number(record.id);
    const code = String(record.code ?? '');
    if (!Number.isFinite(id) || code === SUPER_ADMIN_ROLE) return [];
    return [{ id, name: String(record.name ?? code), code }];
  });

/** The `tablePermission` record of a role on a table, if one is stored. */
export const getTablePermission = async (
  records: DataProvider,
  tableId: number,
  roleId: number,
  signal?: AbortSignal,
): Promise<BusinessRecord | null> =>
  (
    await allRecords(records, 'tablePermission', [eq('tableId', tableId), eq('roleId', roleId)], {
      signal,
      checked: true,
    })
  )[0] ?? null;

/** Creates or updates the role's record on the table; the server applies it at once. */
export const saveTablePermission = async (
  records: DataProvider,
  target: { id?: number; tableId: number; roleId: number },
  payload: TablePermissionPayload,
): Promise<void> => {
  if (target.id === undefined) {
    await records.create({
      resource: 'tablePermission',
      variables: { tableId: target.tableId, roleId: target.roleId, ...payload },
    });
  } else {
    await records.update({ resource: 'tablePermission', id: target.id, variables: { ...payload } });
  }
};

/** The `columnExtProperty` records of a table's value dialogs. */
const valueDialogRecords = (records: DataProvider, tableId: number, options: ReadOptions) =>
  allRecords(records, 'columnExtProperty', [eq('tableId', tableId), eq('key', VALUE_DIALOG_KEY)], options);

/** The stored value dialogs of a table's columns, with their record ids (the designer edits them). */
export const listStoredValueDialogs = async (
  records: DataProvider,
  tableId: number,
  signal?: AbortSignal,
): Promise<StoredValueDialog[]> =>
  parseStoredValueDialogs(await valueDialogRecords(records, tableId, { signal, checked: true }));

/** Stores a column's value dialog (a new record, or the stored one changed). */
export const saveValueDialog = async (
  records: DataProvider,
  target: { id?: number; tableId: number; columnId: number },
  input: ValueDialogInput,
): Promise<void> => {
  const record = valueDialogRecord(target.tableId, target.columnId, input);
  if (target.id === undefined) await records.create({ resource: 'columnExtProperty', variables: record });
  else
    await records.update({
      resource: 'columnExtProperty',
      id: target.id,
      variables: { value: record.value },
    });
};

export const removeValueDialog = async (records: DataProvider, id: number): Promise<void> => {
  await records.deleteOne({ resource: 'columnExtProperty', id, meta: { isSoftDelete: false } });
};

/** The chosen inputs and list cells of a table's columns (`columnExtProperty`, keys `interface` / `display`). */
export const listColumnWidgets = async (
  records: DataProvider,
  tableId: number,
  options: ReadOptions = {},
): Promise<StoredWidget[]> =>
  parseStoredWidgets(
    await allRecords(
      records,
      'columnExtProperty',
      [eq('tableId', tableId), oneOf('key', WIDGET_KEYS)],
      options,
    ),
  );

/**
 * Stores a column's choice: a new record, the stored one changed, or (no id: the built-in one)
 * the stored one removed.
 */
export const saveColumnWidget = async (
  records: DataProvider,
  target: { recordId?: number; tableId: number; columnId: number; key: WidgetKey },
  id: string | undefined,
): Promise<void> => {
  if (id === undefined) {
    if (target.recordId !== undefined)
      await records.deleteOne({
        resource: 'columnExtProperty',
        id: target.recordId,
        meta: { isSoftDelete: false },
      });
    return;
  }
  const record = widgetRecord(target.tableId, target.columnId, target.key, id);
  if (target.recordId === undefined)
    await records.create({ resource: 'columnExtProperty', variables: record });
  else
    await records.update({
      resource: 'columnExtProperty',
      id: target.recordId,
      variables: { value: record.value },
    });
};

/** Where a layout is stored: its `tableFormBuilder` record (when one exists) and what it is for. */
export interface FormLayoutTarget {
  id?: number;
  tableId: number;
  device: FormLayoutDevice;
  type: FormLayoutType;
}

/** Stores a layout body: a new `tableFormBuilder` record, or the stored one changed. */
export const saveFormLayout = async (
  records: DataProvider,
  target: FormLayoutTarget,
  body: string,
): Promise<void> => {
  if (target.id === undefined) {
    await records.create({
      resource: 'tableFormBuilder',
      variables: { tableId: target.tableId, device: target.device, type: target.type, body },
    });
  } else {
    await records.update({ resource: 'tableFormBuilder', id: target.id, variables: { body } });
  }
};

/** The saved form layouts of a table, parsed. */
export const listFormLayouts = async (
  records: DataProvider,
  tableId: number,
  signal?: AbortSignal,
): Promise<FormLayout[]> =>
  parseFormLayouts(await allRecords(records, 'tableFormBuilder', [eq('tableId', tableId)], { signal }));

/** The external value dialogs of a table's columns, parsed. */
export const listValueDialogs = async (
  records: DataProvider,
  tableId: number,
  signal?: AbortSignal,
): Promise<ValueDialog[]> => parseValueDialogs(await valueDialogRecords(records, tableId, { signal }));

/** A table's metadata by name, pluralName or tableName (`GET /api/metadata/tables/name/{name}`). */
export const getTableByName = (metadata: DataProvider, name: string, signal?: AbortSignal): Promise<Table> =>
  runCustom<Table>(metadata.custom, {
    url: `/metadata/tables/name/${encodeURIComponent(name)}`,
    method: 'get',
    meta: signal ? { signal } : {},
  });

/** The tables the user may open, as `GET /api/users/me/table` gives them (readable columns only). */
export const listMyTables = async (records: DataProvider, signal?: AbortSignal): Promise<Table[]> => {
  const tables = await runCustom<unknown>(records.custom, {
    url: '/users/me/table',
    method: 'get',
    meta: signal ? { signal } : {},
  });
  return Array.isArray(tables) ? (tables as Table[]) : [];
};

/** The relations whose from-table is `tableName` (`GET /api/metadata/tablerelations/fromTable/name/{name}`). */
export const listRelationsFromTable = async (
  metadata: DataProvider,
  tableName: string,
  signal?: AbortSignal,
): Promise<Relation[]> => {
  const relations = await runCustom<unknown>(metadata.custom, {
    url: `/metadata/tablerelations/fromTable/name/${encodeURIComponent(tableName)}`,
    method: 'get',
    meta: signal ? { signal } : {},
  });
  return Array.isArray(relations) ? (relations as Relation[]) : [];
};
