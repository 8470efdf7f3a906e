import type { Knex } from 'knex';
import { SYSTEM } from '../../db/table-names';
import { toNumber } from '../../db/values';
import { cachedRead } from '../../db/write-versions';
import { combineColumnRules, parseColumnGrants, type ColumnRules } from './column-rules';

const NONE: ColumnRules = new Map();
const rulesByRoles = cachedRead<ColumnRules>('principal');

/**
 * The column rules of a set of roles on one data source, from the tablePermission records that
 * name it (they all live in `primary`, whose Knex `primary` is); kept in memory until users,
 * roles or table permissions are written.
 */
export const loadColumnRules = (
  primary: Knex,
  roleIds: readonly number[],
  dataSource: string,
): Promise<ColumnRules> => {
  if (roleIds.length === 0) return Promise.resolve(NONE);
  const ids = [...roleIds].sort((a, b) => a - b);
  return rulesByRoles.get(primary, `columns:${dataSource}:${ids.join(',')}`, async () => {
    const rows: Record<string, unknown>[] = await primary(SYSTEM.tablePermission)
      .whereIn('roleId', ids)
      .where('dataSource', dataSource)
      .select('tableId', 'columns');
    return combineColumnRules(
      rows.map((row) => ({ tableId: toNumber(row.tableId), columns: parseColumnGrants(row.columns) })),
    );
  });
};
