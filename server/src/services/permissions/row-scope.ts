import type { BusinessAction } from '../../../../contract/index';
import type { Condition, QueryTable } from '../../query/query-types';
import { compileRowRule, NOTHING } from './compile-row-rule';
import { rowRuleFor, type RoleRowRules, type RowRuleKey } from './row-rules';
import type { RuleVariables } from './row-rule-variables';

/** A table as a row rule sees it: all its columns, whatever the user may read. */
export interface RuleTable {
  id: number;
  name: string;
  query: QueryTable;
}

/**
 * The row rules of one user on one data source (none for the super admin: no scope at all), and
 * the tables they were opened with (every column: a rule may test one the user may not read).
 */
export interface RowScope {
  dataSource: string;
  roles: readonly RoleRowRules[];
  vars: RuleVariables;
  /** The action of the request (export and import count the roles granting them). */
  action: BusinessAction;
  /** Full tables by id; a table the scope does not know is reached by no record. */
  tables: Map<number, RuleTable>;
}

/** The conditions compiled for each scope (one request's), by table, rule and granting action. */
interface CompiledCondition {
  query: QueryTable;
  condition: Condition | null;
}
const compiled = new WeakMap<RowScope, Map<string, CompiledCondition>>();

/** The action whose roles' rules count for `key` in a request doing `action`. */
export const grantingAction = (key: RowRuleKey, action: BusinessAction): BusinessAction => {
  if (key === 'read') return action === 'export' ? 'export' : 'read';
  return action === 'import' ? 'import' : key;
};

/**
 * The condition records of `table` must meet for `key` (read, update, delete, create) under the
 * roles granting `granting` on it; null when nothing restricts them. `full` is the table with every
 * column when the caller holds it (else the scope's own copy; unknown: nothing is reached).
 */
export const rowConditionOf = (
  scope: RowScope | undefined,
  table: { id: number; name: string },
  key: RowRuleKey,
  full?: QueryTable,
): Condition | null => {
  if (!scope) return null;
  const granting = grantingAction(key, scope.action);
  // A list asks twice (its page and its total): the scope's own tables compile once per request.
  const query = full ?? scope.tables.get(table.id)?.query;
  const memo = full ? undefined : `${table.id}:${key}:${granting}`;
  const known = memo === undefined ? undefined : compiled.get(scope)?.get(memo);
  if (known && known.query === query) return known.condition;
  const rules = rowRuleFor(scope.roles, table, key, granting, scope.dataSource);
  const condition = rules === null ? null : query ? compileRowRule(rules, scope.vars, query) : NOTHING;
  if (memo !== undefined && query) {
    const conditions = compiled.get(scope) ?? new Map<string, CompiledCondition>();
    conditions.set(memo, { query, condition });
    compiled.set(scope, conditions);
  }
  return condition;
};
