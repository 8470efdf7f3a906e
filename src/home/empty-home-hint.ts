import { PRIMARY_DATA_SOURCE } from '../common/lib/data-source';
import { metadataToolPaths } from '../common/lib/metadata-tool-paths';

/** What an empty home page (no tables yet) says, and where its first step is, if the user may take it. */
export interface EmptyHomeHint {
  /** The translation key of the hint. */
  hint: 'home.noTablesHint' | 'home.noTablesReverseHint' | 'home.noGrantedTablesHint';
  /** The screen of the first step (数据库逆向 for an existing database). */
  action?: { to: string; label: 'screens.tableReverse' };
}

/**
 * The first step on a data source without tables: crudboard's own database gets tables defined in
 * 元数据 / 表; another data source is an existing database, whose tables are reversed first (and
 * only who may change metadata is offered the screen). Who may not change metadata cannot take
 * either step: for them the list is empty because their roles grant no table, and an
 * administrator is who can change that.
 */
export const emptyHomeHint = (dataSource: string, mayChangeMetadata: boolean): EmptyHomeHint => {
  if (!mayChangeMetadata) return { hint: 'home.noGrantedTablesHint' };
  if (dataSource === PRIMARY_DATA_SOURCE) return { hint: 'home.noTablesHint' };
  return {
    hint: 'home.noTablesReverseHint',
    action: { to: metadataToolPaths(dataSource).reverse, label: 'screens.tableReverse' },
  };
};
