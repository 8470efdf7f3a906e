import type { Knex } from 'knex';
import type { RelationType } from '../../../contract/index';
import { META } from '../../src/db/table-names';
import { createTableViaApi, type ApiClient } from './metadata-api';

interface StoredColumnRef {
  id: number;
  name: string;
}
export interface CreatedTable {
  id: number;
  name: string;
  tableName: string;
  columns: StoredColumnRef[];
}

/** Creates a table through the designer API and returns its metadata. */
export const createTable = async (api: ApiClient, body: Record<string, unknown>): Promise<CreatedTable> =>
  (await createTableViaApi(api, body)) as CreatedTable;

const columnId = (table: CreatedTable, name: string): number => {
  const column = table.columns.find((candidate) => candidate.name === name);
  if (!column) throw new Error(`${table.name} has no column ${name}`);
  return column.id;
};

/** Inserts a relation row straight into the metadata (the relations API is not there yet). */
export const createRelation = async (
  knex: Knex,
  relation: {
    name: string;
    relationType: RelationType;
    from: CreatedTable;
    fromColumn: string;
    to: CreatedTable;
    toColumn: string;
  },
): Promise<void> => {
  const now = Date.now();
  await knex(META.relation).insert({
    name: relation.name,
    caption: relation.name,
    relationType: relation.relationType,
    fromTableId: relation.from.id,
    toTableId: relation.to.id,
    fromColumnId: columnId(relation.from, relation.fromColumn),
    toColumnId: columnId(relation.to, relation.toColumn),
    createdDate: now,
    lastModifiedDate: now,
  });
};
