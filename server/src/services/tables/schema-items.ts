import type { MetaDb } from '../../db/metadata-home';
import { listMetaTables } from '../metadata-store';
import { relationSchemaItems } from '../relations/relation-store';
import { sequenceSchemaItems } from '../sequences/sequence-store';
import type { SchemaItem } from '../webhooks/append-schema-events';

/** What a schema change may reach: tables by id, the relations from or to them, sequences by name. */
export interface SchemaScope {
  tables?: readonly number[];
  sequenceNames?: readonly string[];
}

/**
 * The tables of `scope.tables` (with their columns and indexes), the relations from or to them and
 * the sequences named, as schema events carry them (webhooks).
 */
export const readSchemaItems = async (meta: MetaDb, scope: SchemaScope): Promise<SchemaItem[]> => {
  const ids = scope.tables ?? [];
  const tables =
    ids.length === 0
      ? []
      : (await listMetaTables(meta, ids)).map((table): SchemaItem => ({
          object: 'table',
          id: table.id,
          name: table.name,
          table: table.name,
          names: [table.name],
          value: table,
        }));
  return [
    ...tables,
    ...(await relationSchemaItems(meta, [], ids)),
    ...(await sequenceSchemaItems(meta, [], scope.sequenceNames ?? [])),
  ];
};
