import { parseFilterJson } from '../../query/parse-filter-json';
import type { Condition, QueryTable } from '../../query/query-types';
import { BROKEN_RULE } from './row-rules';
import { isVariable, variableValues, type RuleVariables } from './row-rule-variables';

/** A condition no record meets (an empty OR group: `1 = 0`). */
export const NOTHING: Condition = { kind: 'group', conditionType: 'OR', conditions: [] };

/** Marks a leaf whose variable has no value: it matches nothing. */
const UNMET = Symbol('unmet');

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The filter with its variables replaced; UNMET where a leaf's variable has no value. */
const substitute = (node: unknown, vars: RuleVariables): unknown => {
  if (!isObject(node)) return node;
  if (Array.isArray(node.conditions)) {
    return { ...node, conditions: node.conditions.map((child: unknown) => substitute(child, vars)) };
  }
  if (!Array.isArray(node.values)) return node;
  const values: unknown[] = [];
  for (const value of node.values as unknown[]) {
    if (!isVariable(value)) {
      values.push(value);
      continue;
    }
    const found = variableValues(value, vars);
    if (found === undefined) return UNMET;
    values.push(...found);
  }
  return { ...node, values };
};

/** The filter with each UNMET leaf turned into a condition on nothing (an empty OR group). */
const withoutUnmet = (node: unknown): unknown => {
  if (node === UNMET) return { conditionType: 'OR', conditions: [] };
  if (isObject(node) && Array.isArray(node.conditions)) {
    return { ...node, conditions: node.conditions.map(withoutUnmet) };
  }
  return node;
};

/** Every column usable by a rule (a rule may test a column the list's filters may not). */
const ruleTable = (table: QueryTable): QueryTable => ({
  ...table,
  columns: table.columns.map((column) => ({ ...column, queryable: true })),
});

/**
 * The condition of a row rule (the OR of the rules of the user's roles, `rowRuleFor`) on `table`:
 * variables replaced by the user's values, parsed as the list's `filter`. A rule that no longer
 * fits the table (a column dropped since, a value of the wrong type) matches nothing: a rule never
 * fails open.
 */
export const compileRowRule = (
  rules: readonly unknown[],
  vars: RuleVariables,
  table: QueryTable,
): Condition => {
  const conditions = rules.map((rule): Condition => {
    if (rule === BROKEN_RULE) return NOTHING;
    try {
      const json = withoutUnmet(substitute(rule, vars));
      return parseFilterJson(JSON.stringify(json), ruleTable(table), 'rowRules') ?? NOTHING;
    } catch {
      return NOTHING;
    }
  });
  return conditions.length === 1 && conditions[0]
    ? conditions[0]
    : { kind: 'group', conditionType: 'OR', conditions };
};
