import type { DataSourceRegistry } from '../../plugins/db';
import { metaOf } from '../../db/metadata-home';
import { tablesOf } from '../scoped-meta';
import { loadColumnRules } from '../permissions/load-column-rules';
import type { HiddenColumnTables } from './redact-audit';

/**
 * The tables of each data source in which the column rules of `roleIds` hide a column (the rules
 * live in primary, the tables' names in each data source's metadata). A data source whose
 * metadata cannot be read counts as hiding a column in every table.
 */
export const loadHiddenColumnTables = async (
  sources: DataSourceRegistry,
  roleIds: readonly number[],
): Promise<HiddenColumnTables> => {
  const hidden = new Map<string, ReadonlySet<string> | null>();
  for (const source of sources.list()) {
    const rules = await loadColumnRules(sources.primary.knex, roleIds, source.name);
    const ids = [...rules].filter(([, rule]) => rule.hidden.size > 0).map(([id]) => id);
    if (ids.length === 0) continue;
    try {
      const rows: { name: string }[] = await tablesOf(metaOf(source.knex)).whereIn('id', ids).select('name');
      hidden.set(source.name, new Set(rows.map((row) => row.name)));
    } catch {
      hidden.set(source.name, null);
    }
  }
  return hidden;
};
