import { PRIMARY } from '../../config';
import type { MetaDb } from '../../db/metadata-home';
import { toNumber } from '../../db/values';
import { systemTableMessage } from '../../i18n/system-table-messages';
import { invalidParam } from '../../query/query-error';
import { listMetaTables } from '../metadata-store';
import { ruleUserColumns } from '../permissions/load-row-rules';
import { ruleTableOf } from '../permissions/rule-table';
import { validateRowRules } from '../permissions/validate-row-rules';
import type { WriteContext } from '../items/write-context';

type Values = Record<string, unknown>;

/**
 * 400 unless the row rules a table permission will hold fit its table (docs/api.md §3): checked
 * when a create or update sets `rowRules`, or moves rules to another table or data source.
 */
export const checkRowRules = async (
  write: WriteContext,
  values: Values,
  path: string,
  current: Values = {},
): Promise<void> => {
  const moves = ['rowRules', 'tableId', 'dataSource'].some((field) => Object.hasOwn(values, field));
  if (!moves) return;
  const text = Object.hasOwn(values, 'rowRules') ? values.rowRules : current.rowRules;
  if (text === null || text === undefined || (typeof text === 'string' && text.trim() === '')) return;
  const param = `${path}rowRules`;
  const dataSource = String(values.dataSource ?? current.dataSource ?? PRIMARY);
  const tableId = toNumber(values.tableId ?? current.tableId);
  const meta = (source: string): MetaDb => ({ db: write.db, dataSource: source, sameHandle: true });
  const [table] = Number.isSafeInteger(tableId) ? await listMetaTables(meta(dataSource), [tableId]) : [];
  if (!table)
    throw invalidParam(
      param,
      systemTableMessage('rowRulesTable', { id: String(values.tableId ?? current.tableId) }),
    );
  validateRowRules(text, ruleTableOf(table).query, await ruleUserColumns(write.db), param);
};
