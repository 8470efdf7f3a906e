import type { Knex } from 'knex';
import type { RelationType } from '../../../../contract/index';
import { metaOf, type MetaDb } from '../../db/metadata-home';
import { cachedRead } from '../../db/write-versions';
import { deepFreeze } from '../../db/deep-freeze';
import { toNumber } from '../../db/values';
import { ApiException } from '../../errors/api-exception';
import { listMetaTables } from '../metadata-store';
import { relationsOf } from '../scoped-meta';
import type { StoredTable } from '../metadata-rows';
import { getMetaTableByName } from '../tables/table-queries';
import { toItemTable, type ItemRelation, type ItemTable } from './item-table';

/** The relations of a table (cb_meta_relation rows with fromTable = it), columns and targets resolved. */
export const loadRelations = (db: Knex, table: StoredTable): Promise<ItemRelation[]> =>
  loadMetaRelations(metaOf(db), table);

const loadMetaRelations = async (meta: MetaDb, table: StoredTable): Promise<ItemRelation[]> => {
  const rows: Record<string, unknown>[] = await relationsOf(meta)
    .where('fromTableId', table.id)
    .orderBy('id');
  if (rows.length === 0) return [];
  const targetIds = [...new Set(rows.map((row) => toNumber(row.toTableId)))];
  const targets = new Map((await listMetaTables(meta, targetIds)).map((target) => [target.id, target]));
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
 * Kept in memory (frozen: callers must not change it) until metadata is written (in `primary`,
 * where every data source's metadata lives).
 */
export const loadItemTable = (db: Knex, name: string): Promise<ItemTable> => {
  const meta = metaOf(db);
  return itemTables.get(meta.db, `${meta.dataSource}\n${name.toLowerCase()}`, async () => {
    const table = await getMetaTableByName(meta, name);
    return deepFreeze(toItemTable(table, await loadMetaRelations(meta, table)));
  });
};

/** Item tables by id, each loaded once per cache (nested writes and cascades reach the same tables). */
export const itemTableCache = (db: Knex) => {
  const loaded = new Map<number, Promise<ItemTable>>();
  return (id: number): Promise<ItemTable> => {
    let found = loaded.get(id);
    if (!found) {
      found = (async () => {
        const meta = metaOf(db);
        const [table] = await listMetaTables(meta, [id]);
        if (!table) throw new ApiException('NOT_FOUND');
        return toItemTable(table, await loadMetaRelations(meta, table));
      })();
      loaded.set(id, found);
    }
    return found;
  };
};
