import type { Knex } from 'knex';
import { metaOf, type MetaDb } from '../../db/metadata-home';
import { SYSTEM } from '../../db/table-names';
import { toNumber, toStringOrNull } from '../../db/values';
import { ApiException } from '../../errors/api-exception';
import { listTables } from '../metadata-store';
import type { StoredTable } from '../metadata-rows';
import { relationsFrom, type StoredRelation } from '../relations/relation-store';
import { toSequence, type StoredSequence } from '../sequences/sequence-store';
import { sequencesOf } from '../scoped-meta';
import { exportTablePermissions, type ExportedTablePermission } from './table-permission-transfer';

/** The content of a metadata file (docs/api.md §2.1). */
export interface ExportedMetadata {
  sequences: StoredSequence[];
  tables: StoredTable[];
  tableRelations: StoredRelation[];
  tableFormBuilders: ExportedLayout[];
  /** Present when the exporter may read table permissions. */
  tablePermissions?: ExportedTablePermission[];
}

/** A form layout (`tableFormBuilder` record) of an exported table. */
export interface ExportedLayout {
  id: number;
  tableId: number;
  name: string | null;
  device: string;
  type: string;
  body: string | null;
}

const layoutsOf = async (meta: MetaDb, tableIds: readonly number[]): Promise<ExportedLayout[]> => {
  const rows: Record<string, unknown>[] = await meta
    .db(SYSTEM.tableFormBuilder)
    .select('id', 'tableId', 'name', 'device', 'type', 'body')
    .where('dataSource', meta.dataSource)
    .whereIn('tableId', tableIds)
    .orderBy('id');
  return rows.map((row) => ({
    id: toNumber(row.id),
    tableId: toNumber(row.tableId),
    name: toStringOrNull(row.name),
    device: String(row.device),
    type: String(row.type),
    body: toStringOrNull(row.body),
  }));
};

/**
 * What `POST /api/metadata/tables/export` writes: the tables (404 if an id is unknown), the
 * sequences their columns use, the relations between two of them, all as the API returns them, and
 * their form layouts (kept in primary under the data source's name), and with `permissions` the
 * roles' table permissions on them.
 */
export const exportMetadata = async (
  knex: Knex,
  ids: readonly number[],
  options: { permissions?: boolean } = {},
): Promise<ExportedMetadata> => {
  const meta = metaOf(knex);
  const unique = [...new Set(ids)];
  const tables = await listTables(knex, unique);
  if (tables.length !== unique.length) throw new ApiException('NOT_FOUND');
  const sequenceIds = [
    ...new Set(tables.flatMap((table) => table.columns.flatMap((column) => column.seqId ?? []))),
  ];
  const sequenceRows: Record<string, unknown>[] =
    sequenceIds.length === 0
      ? []
      : await sequencesOf(meta).select('*').whereIn('id', sequenceIds).orderBy('id');
  const selected = new Set(unique);
  const relations = (await relationsFrom(knex, unique)).filter((relation) =>
    selected.has(relation.toTable.id),
  );
  return {
    sequences: sequenceRows.map(toSequence),
    tables,
    tableRelations: relations,
    tableFormBuilders: await layoutsOf(meta, unique),
    ...(options.permissions
      ? { tablePermissions: await exportTablePermissions(meta.db, meta.dataSource, unique) }
      : {}),
  };
};
