import { isSearchBody, type RelationType } from '../../../../contract/index';
import type { QueryTable } from '../../query/query-types';
import type { StoredColumn, StoredTable } from '../metadata-rows';

/** A relation of a table (docs/api.md §2.3), its columns and target resolved. */
export interface ItemRelation {
  id: number;
  name: string;
  relationType: RelationType;
  /** Column of this table: the foreign key (ManyToOne, SubToMain) or the referenced key (OneToMany, MainToSub). */
  fromColumn: StoredColumn;
  toTable: StoredTable;
  /** Column of the target: its key (ManyToOne, SubToMain) or the children's foreign key (OneToMany, MainToSub). */
  toColumn: StoredColumn;
}

/** Everything the items service needs to know of one table. */
export interface ItemTable {
  table: StoredTable;
  keys: StoredColumn[];
  relations: ItemRelation[];
  /** The FULLTEXT column that `search` uses through its index, if any. */
  fullText: StoredColumn | null;
  /**
   * Whether `fullText` is the search body every write fills from the other columns (a table
   * crudboard made); false on a reversed table, whose indexed column is its own data.
   */
  fullTextDerived: boolean;
  query: QueryTable;
}

/** Relations that point at a parent record (its value embedded as `{key + displayable columns}`). */
export const isToOne = (relation: Pick<ItemRelation, 'relationType'>): boolean =>
  relation.relationType === 'ManyToOne' || relation.relationType === 'OneToOneSubToMain';

/** Relations that own child records (written nested, deleted in cascade). */
export const isToChildren = (relation: Pick<ItemRelation, 'relationType'>): boolean => !isToOne(relation);

/**
 * A reversed table's search-indexed column as records see it: an ordinary indexed column (the
 * checks that keep the search body out of records, writes and filters look for FULLTEXT).
 */
const asRecordTable = (stored: StoredTable): StoredTable =>
  stored.columns.some((column) => column.indexType === 'FULLTEXT' && !isSearchBody(stored, column))
    ? {
        ...stored,
        columns: stored.columns.map((column) =>
          column.indexType === 'FULLTEXT' && !isSearchBody(stored, column)
            ? { ...column, indexType: 'INDEX' }
            : column,
        ),
      }
    : stored;

export const toItemTable = (stored: StoredTable, relations: ItemRelation[]): ItemTable => {
  const fullText = stored.columns.find((column) => column.indexType === 'FULLTEXT') ?? null;
  const table = asRecordTable(stored);
  const byName = new Map(table.columns.map((column) => [column.name, column]));
  return {
    table,
    keys: table.primaryNames.flatMap((name) => byName.get(name) ?? []),
    relations,
    fullText,
    fullTextDerived: fullText !== null && isSearchBody(stored, fullText),
    query: {
      tableName: table.tableName,
      columns: table.columns,
      primaryNames: table.primaryNames,
      relationNames: relations.map((relation) => relation.name),
    },
  };
};
