import type { Knex } from 'knex';
import { isAuditAction } from '../../../../contract/audit';
import type { Client } from '../../config';
import { SHARED_STATE } from '../../db/table-names';
import { auditMessage } from '../../i18n/audit-messages';
import { applyCondition } from '../../query/apply-condition';
import { conditionCount } from '../../query/condition-count';
import { parseColumnFilter } from '../../query/parse-column-filter';
import { parseFilterJson } from '../../query/parse-filter-json';
import { invalidParam } from '../../query/query-error';
import {
  TEXT_MATCH_OPERATORS,
  type Condition,
  type QueryColumn,
  type QueryTable,
} from '../../query/query-types';
import { queryableColumn } from '../../query/resolve-column';
import { itemsMessage } from '../../i18n/items-messages';
import { MAX_FILTER_CONDITIONS, MAX_LIKE_CONDITIONS } from '../../../../contract/query-limits';

const column = (name: string, dataType: QueryColumn['dataType'], length: number | null): QueryColumn => ({
  name,
  dataType,
  length,
  precision: null,
  scale: null,
  unsigned: false,
  indexType: null,
  queryable: true,
});

/**
 * `cb_audit` as the `filter` parser sees it: the columns an audit read may filter on
 * (contract/audit.ts AUDIT_FILTER_COLUMNS), `at` in epoch milliseconds.
 */
export const AUDIT_QUERY_TABLE: QueryTable = {
  tableName: SHARED_STATE.audit,
  columns: [
    column('at', 'BIGINT', null),
    column('userId', 'BIGINT', null),
    column('userName', 'VARCHAR', 200),
    column('action', 'VARCHAR', 32),
    column('dataSource', 'VARCHAR', 64),
    column('tableName', 'VARCHAR', 128),
  ],
  primaryNames: [],
  relationNames: [],
};

/** 400 for a condition on `action` naming no action of AUDIT_ACTIONS (a text match may name part of one). */
const assertActions = (condition: Condition, param: string): void => {
  if (condition.kind === 'group') {
    for (const child of condition.conditions) assertActions(child, param);
    return;
  }
  if (condition.column !== 'action' || TEXT_MATCH_OPERATORS.has(condition.operator)) return;
  const unknown = condition.values.find((value) => !isAuditAction(value));
  if (unknown !== undefined)
    throw invalidParam(param, auditMessage('unknownAction', { name: String(unknown).slice(0, 32) }));
};

/** Query parameters of an audit read that are no column filter. */
const NOT_FILTERS = new Set(['offset', 'limit', 'filter']);

/**
 * The conditions of an audit read (docs/api.md §8): column filters (`action=signIn`,
 * `at=BETWEEN a,b`, as on business lists) and the `filter` JSON, over the columns of
 * AUDIT_QUERY_TABLE, AND-ed; within the ceilings of a business list. A wrong shape, column,
 * operator, value or action is a 400 naming the parameter.
 */
export const parseAuditQuery = (query: Record<string, unknown>): Condition | null => {
  const conditions: Condition[] = [];
  for (const [param, raw] of Object.entries(query)) {
    if (NOT_FILTERS.has(param) || typeof raw !== 'string') continue;
    const condition = parseColumnFilter(queryableColumn(AUDIT_QUERY_TABLE, param, param), raw, param);
    assertActions(condition, param);
    conditions.push(condition);
  }
  if (typeof query.filter === 'string') {
    const condition = parseFilterJson(query.filter, AUDIT_QUERY_TABLE, 'filter');
    if (condition) {
      assertActions(condition, 'filter');
      conditions.push(condition);
    }
  }
  if (conditions.length === 0) return null;
  const where: Condition =
    conditions.length === 1 && conditions[0]
      ? conditions[0]
      : { kind: 'group', conditionType: 'AND', conditions };
  const count = conditionCount(where);
  const last =
    Object.keys(query)
      .filter((key) => key !== 'offset' && key !== 'limit')
      .at(-1) ?? 'filter';
  if (count.conditions > MAX_FILTER_CONDITIONS)
    throw invalidParam(last, itemsMessage('filterSize', { max: MAX_FILTER_CONDITIONS }));
  if (count.likes > MAX_LIKE_CONDITIONS)
    throw invalidParam(last, itemsMessage('tooManyLikes', { max: MAX_LIKE_CONDITIONS }));
  return where;
};

/** The entries of the audit log a condition keeps. */
export const auditQuery = (
  primary: Knex,
  dialect: Client,
  condition: Condition | null,
): Knex.QueryBuilder => {
  const query = primary(SHARED_STATE.audit);
  return condition ? applyCondition(query, AUDIT_QUERY_TABLE, condition, dialect) : query;
};
