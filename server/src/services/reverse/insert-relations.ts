import type { RelationType } from '../../../../contract/index';
import type { MetaDb } from '../../db/metadata-home';
import { META } from '../../db/table-names';
import { inSource } from '../scoped-meta';

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
export const insertRelations = async (
  meta: MetaDb,
  rows: readonly RelationRow[],
  now: number,
): Promise<void> => {
  for (const row of rows) {
    await meta
      .db(META.relation)
      .insert(inSource(meta, { ...row, description: null, createdDate: now, lastModifiedDate: now }));
  }
};
