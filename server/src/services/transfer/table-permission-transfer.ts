import type { Knex } from 'knex';
import { codesNotHeld, grantCodesOf } from '../../../../contract/index';
import { SYSTEM } from '../../db/table-names';
import { toNumber, toStringOrNull } from '../../db/values';
import { transferMessage } from '../../i18n/transfer-messages';
import type { BundleTablePermission } from '../../schemas/metadata-bundle';
import { forbidden } from '../system-tables/rule-errors';
import type { ErrorBag } from '../tables/error-bag';

/**
 * A table permission in a metadata file: the role by its code (ids differ between installs), the
 * table by its id in the file, `columns` and `rowRules` as the API holds them (column rules name
 * columns by the file's ids; row rules name them by name).
 */
export interface ExportedTablePermission {
  tableId: number;
  roleCode: string;
  permissions: string | null;
  columns: string | null;
  rowRules: string | null;
}

/** The table permissions of the exported tables (kept in primary under the data source's name). */
export const exportTablePermissions = async (
  primary: Knex,
  dataSource: string,
  tableIds: readonly number[],
): Promise<ExportedTablePermission[]> => {
  const rows: Record<string, unknown>[] = await primary(`${SYSTEM.tablePermission} as p`)
    .join(`${SYSTEM.role} as r`, 'r.id', 'p.roleId')
    .where('p.dataSource', dataSource)
    .whereIn('p.tableId', tableIds)
    .orderBy('p.id')
    .select('p.tableId', 'r.code', 'p.permissions', 'p.columns', 'p.rowRules');
  return rows.map((row) => ({
    tableId: toNumber(row.tableId),
    roleCode: String(row.code),
    permissions: toStringOrNull(row.permissions),
    columns: toStringOrNull(row.columns),
    rowRules: toStringOrNull(row.rowRules),
  }));
};

/** A table permission an import will create, for the file's table at index `table`. */
export interface PlannedTablePermission {
  /** Its place in the file's list (for the error path). */
  index: number;
  table: number;
  roleId: number;
  roleCode: string;
  permissions: string | null;
  columns: string | null;
  rowRules: string | null;
}

const isJsonText = (text: string | null | undefined): boolean => {
  if (text === null || text === undefined || text.trim() === '') return true;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/**
 * Checks a file's table permissions before anything is written: each names a table of the file
 * and a role that exists (else 409, as other conflicts), holds JSON text, and appears once per
 * table and role. Creating them needs the right to create table permissions and every code they
 * grant (403 naming the codes), as creating them one by one would. Row rules are checked against
 * the new tables when they are written.
 */
export const planTablePermissions = async (
  primary: Knex,
  bodies: readonly BundleTablePermission[],
  fileIndexById: ReadonlyMap<number, number>,
  authorities: readonly string[],
  bags: { invalid: ErrorBag; conflicts: ErrorBag },
): Promise<PlannedTablePermission[]> => {
  if (bodies.length === 0) return [];
  const notHeld = codesNotHeld(
    authorities,
    [],
    ['business:tablePermission:create', ...bodies.flatMap((body) => grantCodesOf(body.permissions ?? ''))],
  );
  if (notHeld.length > 0) throw forbidden('grantNotHeld', { codes: notHeld.join(', ').slice(0, 300) });
  const codes = [...new Set(bodies.flatMap((body) => (body.roleCode ? [body.roleCode] : [])))];
  const roles: { id: unknown; code: unknown }[] =
    codes.length === 0 ? [] : await primary(SYSTEM.role).whereIn('code', codes).select('id', 'code');
  const roleIds = new Map(roles.map((role) => [String(role.code), toNumber(role.id)]));
  const seen = new Set<string>();
  return bodies.flatMap((body, i): PlannedTablePermission[] => {
    const path = `tablePermissions.${i}.`;
    const table = body.tableId != null ? fileIndexById.get(body.tableId) : undefined;
    if (table === undefined)
      bags.invalid.add(`${path}tableId`, transferMessage('tableMissing', { ref: `#${body.tableId ?? '?'}` }));
    const code = body.roleCode ?? '';
    const roleId = roleIds.get(code);
    if (roleId === undefined) bags.conflicts.add(`${path}roleCode`, transferMessage('roleMissing', { code }));
    for (const field of ['columns', 'rowRules'] as const) {
      if (!isJsonText(body[field])) bags.invalid.add(`${path}${field}`, transferMessage('permissionJson'));
    }
    const key = `${table}:${code}`;
    if (seen.has(key)) bags.invalid.add(`${path}roleCode`, transferMessage('permissionTwice', { code }));
    seen.add(key);
    if (table === undefined || roleId === undefined) return [];
    return [
      {
        index: i,
        table,
        roleId,
        roleCode: code,
        permissions: body.permissions ?? null,
        columns: body.columns ?? null,
        rowRules: body.rowRules ?? null,
      },
    ];
  });
};

/** Column rules point at columns by id: the file's ids become the new ones (by column name). */
export const remapColumnRules = (
  text: string | null,
  fileNames: ReadonlyMap<number, string> | undefined,
  newIds: ReadonlyMap<string, number> | undefined,
): string | null => {
  if (text === null || text.trim() === '') return text;
  const rules: unknown = JSON.parse(text);
  if (!Array.isArray(rules)) return text;
  return JSON.stringify(
    rules.flatMap((rule: unknown) => {
      if (typeof rule !== 'object' || rule === null || !('columnId' in rule)) return [rule];
      const name = fileNames?.get(Number(rule.columnId));
      const id = name === undefined ? undefined : newIds?.get(name);
      // A rule on a column the file does not hold would point at some other table's column.
      return id === undefined ? [] : [{ ...rule, columnId: id }];
    }),
  );
};
