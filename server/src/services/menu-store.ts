import type { Knex } from 'knex';
import type { MenuCode, MenuItem } from '../../../contract/index';
import { SYSTEM } from '../db/table-names';
import { toNumber } from '../db/values';

export const listMenus = async (knex: Knex): Promise<MenuItem[]> => {
  const rows: Record<string, unknown>[] = await knex(SYSTEM.menu).select('id', 'name', 'code').orderBy('id');
  return rows.map((row) => ({
    id: toNumber(row.id),
    name: String(row.name),
    code: String(row.code) as MenuCode,
  }));
};
