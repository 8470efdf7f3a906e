import type { BaseRecord, CrudSort, DataProvider } from '@refinedev/core';
import { businessPermission, SUPER_ADMIN_ROLE, type Relation, type Table } from '../../contract';
import { IN_PRIMARY } from '@crudboard/client';
import { runCustom } from './custom-calls';

/**
 * The records of crudboard's own tables that screens read and write (roles, table permissions,
 * form layouts, column extension properties) and the metadata lookups of the generic pages, each
 * through a data provider's methods: `records` is the provider of `/api/business`, `metadata` that
 * of `/api/metadata`.
 *
 * crudboard's own records live in the primary data source whichever source their table is in: they
 * are read and written there, and name the table's data source in their `dataSource` field.
 * What a record means (a layout's body, a value dialog's or a chosen widget's JSON value) is the
 * features' to read and shape (their `lib/`): these calls take and give the records as stored.
 */

/** A record of one of crudboard's own tables, as the business API gives it. */
export type SystemRecord = Record<string, unknown>;

/** A table of a data source, as crudboard's own records about it name it. */
export interface TableRef {
  dataSource: string;
  tableId: number;
}

const eq = (field: string, value: string | number) => ({ field, operator: 'eq' as const, value });
/** The filters of the records about one table. */
const ofTable = (table: TableRef) => [eq('dataSource', table.dataSource), eq('tableId', table.tableId)];
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
): Promise<SystemRecord[]> => {
  const { data } = await records.getList<BaseRecord>({
    resource,
    pagination: { mode: 'off' },
    filters,
    sorters,
    meta: {
      ...IN_PRIMARY,
      ...(signal ? { signal } : {}),
      // Checked reads are refused before they are sent when the user may not read the table.
      ...(checked ? { requiredPermissions: [businessPermission(resource, 'read')] } : {}),
    },
  });
  return Array.isArray(data) ? (data as SystemRecord[]) : [];
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
  table: TableRef,
  roleId: number,
  signal?: AbortSignal,
): Promise<SystemRecord | null> =>
  (
    await allRecords(records, 'tablePermission', [...ofTable(table), eq('roleId', roleId)], {
      signal,
      checked: true,
    })
  )[0] ?? null;

/**
 * Creates or updates the role's record on the table (`payload`: its `permissions`, `columns` and
 * `rowRules` fields); the server applies it at once.
 */
export const saveTablePermission = async (
  records: DataProvider,
  target: TableRef & { id?: number; roleId: number },
  payload: object,
): Promise<void> => {
  if (target.id === undefined) {
    await records.create({
      resource: 'tablePermission',
      variables: {
        dataSource: target.dataSource,
        tableId: target.tableId,
        roleId: target.roleId,
        ...payload,
      },
      meta: IN_PRIMARY,
    });
  } else {
    await records.update({
      resource: 'tablePermission',
      id: target.id,
      variables: { ...payload },
      meta: IN_PRIMARY,
    });
  }
};

/** A `columnExtProperty` record as a feature shapes it: a column's key and its value (JSON text). */
export interface ColumnPropertyRecord {
  tableId: number;
  columnId: number;
  key: string;
  value: string;
}

/**
 * The `columnExtProperty` records of a table with this key (value dialogs: `valueDialog`), or one
 * of these keys (the chosen widgets: `interface`, `display`).
 */
export const listColumnProperties = (
  records: DataProvider,
  table: TableRef,
  key: string | readonly string[],
  options: ReadOptions = {},
): Promise<SystemRecord[]> =>
  allRecords(
    records,
    'columnExtProperty',
    [...ofTable(table), typeof key === 'string' ? eq('key', key) : oneOf('key', key)],
    options,
  );

/** Stores a column property: a new record, or the stored one (`id`) given the new value. */
export const saveColumnProperty = async (
  records: DataProvider,
  target: TableRef & { id?: number | undefined },
  record: ColumnPropertyRecord,
): Promise<void> => {
  if (target.id === undefined)
    await records.create({
      resource: 'columnExtProperty',
      variables: { ...record, dataSource: target.dataSource },
      meta: IN_PRIMARY,
    });
  else
    await records.update({
      resource: 'columnExtProperty',
      id: target.id,
      variables: { value: record.value },
      meta: IN_PRIMARY,
    });
};

/** Removes a column property record for good (the built-in behaviour comes back). */
export const removeColumnProperty = async (records: DataProvider, id: number): Promise<void> => {
  await records.deleteOne({
    resource: 'columnExtProperty',
    id,
    meta: { ...IN_PRIMARY, isSoftDelete: false },
  });
};

/** Where a layout is stored: its `tableFormBuilder` record (when one exists) and what it is for. */
export interface FormLayoutTarget extends TableRef {
  id?: number;
  /** `pc`, `pad` or `phone`. */
  device: string;
  /** `create`, `update` or `list`. */
  type: string;
}

/** Stores a layout body: a new `tableFormBuilder` record, or the stored one changed. */
export const saveFormLayout = async (
  records: DataProvider,
  target: FormLayoutTarget,
  body: string,
): Promise<void> => {
  if (target.id === undefined) {
    const { dataSource, tableId, device, type } = target;
    await records.create({
      resource: 'tableFormBuilder',
      variables: { dataSource, tableId, device, type, body },
      meta: IN_PRIMARY,
    });
  } else {
    await records.update({
      resource: 'tableFormBuilder',
      id: target.id,
      variables: { body },
      meta: IN_PRIMARY,
    });
  }
};

/** The `tableFormBuilder` records of a table (its saved layouts). */
export const listFormLayoutRecords = (
  records: DataProvider,
  table: TableRef,
  signal?: AbortSignal,
): Promise<SystemRecord[]> => allRecords(records, 'tableFormBuilder', ofTable(table), { signal });

/** A table's metadata by name, pluralName or tableName (`GET /api/metadata/tables/name/{name}`). */
export const getTableByName = (metadata: DataProvider, name: string, signal?: AbortSignal): Promise<Table> =>
  runCustom<Table>(metadata.custom, {
    url: `/metadata/tables/name/${encodeURIComponent(name)}`,
    method: 'get',
    // answered with metadata:read, or trimmed to its readable columns with the table's read permission
    meta: signal ? { signal } : {},
  });

/** A table's `tableFormBuilder` and `columnExtProperty` records, as its readers may read them. */
export interface TableScreenRecords {
  formBuilders: unknown[];
  extProperties: unknown[];
}

/**
 * The screen settings of a table (`GET /api/metadata/tables/name/{name}/screen`): for users who may
 * read the table but not crudboard's own records about it, without the columns hidden from them.
 */
export const getTableScreen = async (
  metadata: DataProvider,
  name: string,
  signal?: AbortSignal,
): Promise<TableScreenRecords> => {
  const screen = await runCustom<{ formBuilders?: unknown; extProperties?: unknown }>(metadata.custom, {
    url: `/metadata/tables/name/${encodeURIComponent(name)}/screen`,
    method: 'get',
    meta: signal ? { signal } : {},
  });
  return {
    formBuilders: Array.isArray(screen.formBuilders) ? (screen.formBuilders as unknown[]) : [],
    extProperties: Array.isArray(screen.extProperties) ? (screen.extProperties as unknown[]) : [],
  };
};

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
