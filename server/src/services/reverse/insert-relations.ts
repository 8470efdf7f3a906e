import type { Knex } from 'knex';
import type { RelationType } from '../../../../contract/index';
import { META } from '../../db/table-names';

export interface RelationRow {
  name: string;
  caption: string;
  relationType: RelationType;
  fromTableId: number;
  fromColumnId: number;
  toTableId: number;
  toColumnId: number;
}

/** Stores relations (docs/api.md §2.3) in the caller's transaction. */
export const insertRelations = async (db: Knex, rows: readonly RelationRow[], now: number): Promise<void> => {
  for (const row of rows) {
    await db(META.relation).insert({
      ...row,
      description: null,
      createdDate: now,
      lastModifiedDate: now,
    });
  }
};
