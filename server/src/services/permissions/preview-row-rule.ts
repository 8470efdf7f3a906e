import type { Knex } from 'knex';
import { businessPermission, type RowRulePreview } from '../../../../contract/index';
import { hasPermission } from '../../auth/permission';
import type { Client } from '../../config';
import { ApiException } from '../../errors/api-exception';
import { systemTableMessage } from '../../i18n/system-table-messages';
import { applyCondition } from '../../query/apply-condition';
import { invalidParam } from '../../query/query-error';
import { loadTable } from '../tables/load-table';
import { loadPrincipal } from '../user-store';
import { compileRowRule } from './compile-row-rule';
import { loadRuleUser, ruleUserColumns } from './load-row-rules';
import { parseRowRules } from './row-rules';
import { ruleTableOf } from './rule-table';
import { validateRowRules } from './validate-row-rules';

export interface PreviewInput {
  /** The table's data source: its records and its metadata handle. */
  db: Knex;
  dialect: Client;
  primary: Knex;
  tableId: number;
  /** Row rules as a table permission holds them (JSON text), saved or not. */
  rowRules: string | null;
  userId: number;
  /** The caller's permission codes: counting records needs the read permission of the table. */
  authorities: readonly string[];
  dataSource: string;
}

/**
 * How many of a table's records the `read` rule of `rowRules` lets one user see, of how many
 * there are: the rule as that user's variables fill it, alone (the user's other roles and the
 * column rules do not count). Rules are checked as a save checks them (400); an unknown or
 * disabled user is 404. The caller must be able to read the table's records (else 403): counts
 * under rules of one's choosing would tell the values of a table one may not read.
 */
export const previewRowRule = async (input: PreviewInput): Promise<RowRulePreview> => {
  const table = await loadTable(input.db, input.tableId);
  if (!hasPermission(input.authorities, businessPermission(table.name, 'read', input.dataSource)))
    throw new ApiException('FORBIDDEN');
  const { query } = ruleTableOf(table);
  validateRowRules(input.rowRules, query, await ruleUserColumns(input.primary));
  const principal = await loadPrincipal(input.primary, input.userId);
  if (!principal)
    throw new ApiException('NOT_FOUND', systemTableMessage('previewUser', { id: String(input.userId) }));
  const totalRow = (await input.db(table.tableName).count({ n: '*' }).first()) as { n: unknown } | undefined;
  const total = Number(totalRow?.n ?? 0);
  const rule = parseRowRules(input.rowRules)?.read;
  if (rule === undefined) return { matched: total, total, limited: false };
  if (typeof rule === 'symbol') throw invalidParam('rowRules', systemTableMessage('rowRulesShape'));
  const condition = compileRowRule(
    [rule],
    {
      user: {
        ...(await loadRuleUser(input.primary, principal.id)),
        id: principal.id,
        username: principal.username,
      },
      roles: principal.roles.map((role) => role.code),
      now: new Date(),
    },
    query,
  );
  const builder = input.db(table.tableName).where((inner) => {
    applyCondition(inner, query, condition, input.dialect);
  });
  const matchedRow = (await builder.count({ n: '*' }).first()) as { n: unknown } | undefined;
  return { matched: Number(matchedRow?.n ?? 0), total, limited: true };
};
