import type { FullTextTable } from '../../dialects/full-text/full-text';
import { deletedFlagOf } from '../tables/index-deleted-flag';
import type { ItemTable } from './item-table';

/**
 * A table's keyword-search index as its metadata describes it (the indexed column, the single key
 * that names a row in the index, the soft-delete flag), or null for a table without one.
 */
export const fullTextTableOf = (item: ItemTable): FullTextTable | null =>
  item.fullText
    ? {
        tableName: item.table.tableName,
        column: item.fullText,
        key: item.keys.length === 1 ? (item.keys[0] ?? null) : null,
        flag: deletedFlagOf(item.table.columns),
      }
    : null;
