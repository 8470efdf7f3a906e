import { SYSTEM } from '../../db/table-names';

/**
 * Child relations a system table's list embeds without being asked (`expand`), by physical table
 * name. Clients written for crudapi draw the home page's module cards from one
 * `GET /api/business/module` and expect each module's lines, each with its table.
 */
const LIST_EMBEDS: Readonly<Record<string, readonly string[]>> = {
  [SYSTEM.module]: ['moduleLines'],
};

export const listEmbedsOf = (table: { tableName: string; systemable?: boolean | null }): readonly string[] =>
  (table.systemable ? LIST_EMBEDS[table.tableName] : undefined) ?? [];
