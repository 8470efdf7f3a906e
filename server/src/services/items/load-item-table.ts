import type { Knex } from 'knex';
import type { RelationType } from '../../../../contract/index';
import { META } from '../../db/table-names';
import { cachedRead } from '../../db/write-versions';
import { deepFreeze } from '../../db/deep-freeze';
import { toNumber } from '../../db/values';
import { ApiException } from '../../errors/api-exception';
import { listTables } from '../metadata-store';
import type { StoredTable } from '../metadata-rows';
import { getTableByName } from '../tables/table-queries';
import { toItemTable, type ItemRelation, type ItemTable } from './item-table';

/** The relations of a table (cb_meta_relation rows with fromTable = it), columns and targets resolved. */
export const loadRelations = async (db: Knex, table: StoredTable): Promise<ItemRelation[]> => {
  const rows: Record<string, unknown>[] = await db(META.relation)
    .where('fromTableId', table.id)
    .orderBy('id');
  if (rows.length === 0) return [];
  const targetIds = [...new Set(rows.map((row) => toNumber(row.toTableId)))];
  const targets = new Map((await listTables(db, targetIds)).map((target) => [target.id, target]));
  return rows.flatMap((row): ItemRelation[] => {
    const toTable = targets.get(toNumber(row.toTableId));
    const fromColumn = table.columns.find((column) => column.id === toNumber(row.fromColumnId));
    const toColumn = toTable?.columns.find((column) => column.id === toNumber(row.toColumnId));
    if (!toTable || !fromColumn || !toColumn) return [];
    return [
      {
        id: toNumber(row.id),
        name: String(row.name),
        relationType: String(row.relationType) as RelationType,
        fromColumn,
        toTable,
        toColumn,
      },
    ];
  });
};

const itemTables = cachedRead<ItemTable>('metadata');

/**
 * A table of the items API by name, pluralName or tableName (any case), with its relations; 404 if none.
 * Kept in memory (frozen: callers must not change it) until the data source's metadata is written.
 */
export const loadItemTable = (db: Knex, name: string): Promise<ItemTable> =>
  itemTables.get(db, name.toLowerCase(), async () => {
    const table = await getTableByName(db, name);
    return deepFreeze(toItemTable(table, await loadRelations(db, table)));
  });

/** Item tables by id, each loaded once per cache (nested writes and cascades reach the same tables). */
export const itemTableCache = (db: Knex) => {
  const loaded = new Map<number, Promise<ItemTable>>();
  return (id: number): Promise<ItemTable> => {
    let found = loaded.get(id);
    if (!found) {
      found = (async () => {
        const [table] = await listTables(db, [id]);
        if (!table) throw new ApiException('NOT_FOUND');
        return toItemTable(table, await loadRelations(db, table));
      })();
      loaded.set(id, found);
    }
    return found;
  };
};
