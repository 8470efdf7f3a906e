import { deepFreeze } from '../../db/deep-freeze';
import { parseFilterJson } from '../../query/parse-filter-json';
import type { Condition, QueryTable } from '../../query/query-types';
import { BROKEN_RULE } from './row-rules';
import { isVariable, variableValues, type RuleVariables } from './row-rule-variables';

/** A condition no record meets (an empty OR group: `1 = 0`). */
export const NOTHING: Condition = deepFreeze({ kind: 'group', conditionType: 'OR', conditions: [] });

/** Marks a leaf whose variable has no value: it matches nothing. */
const UNMET = Symbol('unmet');

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What substituting found: whether the rule names `$now` (its text then changes every request). */
interface Substituted {
  now: boolean;
}

/** The filter with its variables replaced; UNMET where a leaf's variable has no value. */
const substitute = (node: unknown, vars: RuleVariables, found: Substituted): unknown => {
  if (!isObject(node)) return node;
  if (Array.isArray(node.conditions)) {
    return {
      ...node,
      conditions: node.conditions.map((child: unknown) => substitute(child, vars, found)),
    };
  }
  if (!Array.isArray(node.values)) return node;
  const values: unknown[] = [];
  for (const value of node.values as unknown[]) {
    if (!isVariable(value)) {
      values.push(value);
      continue;
    }
    if (value === '$now') found.now = true;
    const replaced = variableValues(value, vars);
    if (replaced === undefined) return UNMET;
    values.push(...replaced);
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

/** Conditions kept per table view, by the rule's text with its variables replaced. */
interface Compiled {
  table: QueryTable;
  conditions: Map<string, Condition>;
}
/**
 * Rules compiled for each table view a rule ran on: a list asks for the same rule with the same
 * user's values on every request, and parsing it is most of what a rule costs the server. Table
 * views are kept per stored table until it changes (ruleTableOf), so a changed table compiles
 * afresh; a view no longer used goes with it.
 */
const compiledByTable = new WeakMap<QueryTable, Compiled>();
/** At most this many rule texts are kept per table (users × rules); the oldest go first. */
export const KEPT_RULES_PER_TABLE = 512;

/**
 * The condition of one rule's text (variables replaced): parsed, or the one kept for that text. A
 * rule naming `$now` (`keep` false) changes every request: its compiled form is not kept.
 */
const conditionOf = (text: string, table: QueryTable, keep: boolean): Condition => {
  let kept = compiledByTable.get(table);
  if (!kept) {
    kept = { table: ruleTable(table), conditions: new Map() };
    compiledByTable.set(table, kept);
  }
  const known = kept.conditions.get(text);
  if (known) return known;
  const condition = deepFreeze(parseFilterJson(text, kept.table, 'rowRules') ?? NOTHING);
  if (!keep) return condition;
  if (kept.conditions.size >= KEPT_RULES_PER_TABLE) {
    const oldest = kept.conditions.keys().next();
    if (!oldest.done) kept.conditions.delete(oldest.value);
  }
  kept.conditions.set(text, condition);
  return condition;
};

/** Whole compiled rules: by the rules (kept per set of roles, rowRuleFor), table view and user record. */
const compiledRules = new WeakMap<
  readonly unknown[],
  WeakMap<QueryTable, WeakMap<object, Map<string, Condition>>>
>();

/** The kept conditions of `rules` on `table` for one user record, by the user's role codes. */
const keptFor = (rules: readonly unknown[], table: QueryTable, user: object): Map<string, Condition> => {
  let byTable = compiledRules.get(rules);
  if (!byTable) {
    byTable = new WeakMap();
    compiledRules.set(rules, byTable);
  }
  let byUser = byTable.get(table);
  if (!byUser) {
    byUser = new WeakMap();
    byTable.set(table, byUser);
  }
  let byRoles = byUser.get(user);
  if (!byRoles) {
    byRoles = new Map();
    byUser.set(user, byRoles);
  }
  return byRoles;
};

/**
 * The condition of a row rule (the OR of the rules of the user's roles, `rowRuleFor`) on `table`:
 * variables replaced by the user's values, parsed as the list's `filter`. A rule that no longer
 * fits the table (a column dropped since, a value of the wrong type) matches nothing: a rule never
 * fails open.
 *
 * The result is kept while the rules, the table view and the user's record (`vars.user`, kept by
 * the caller until users change) are the same objects, unless a rule names `$now`; it is frozen.
 */
export const compileRowRule = (
  rules: readonly unknown[],
  vars: RuleVariables,
  table: QueryTable,
): Condition => {
  const kept = Object.isFrozen(rules) ? keptFor(rules, table, vars.user) : undefined;
  const roles = vars.roles.join('\n');
  const known = kept?.get(roles);
  if (known) return known;
  let keep = true;
  const conditions = rules.map((rule): Condition => {
    if (rule === BROKEN_RULE) return NOTHING;
    try {
      const found: Substituted = { now: false };
      const text = JSON.stringify(withoutUnmet(substitute(rule, vars, found)));
      if (found.now) keep = false;
      return conditionOf(text, table, !found.now);
    } catch {
      return NOTHING;
    }
  });
  const condition: Condition =
    conditions.length === 1 && conditions[0]
      ? conditions[0]
      : deepFreeze({ kind: 'group', conditionType: 'OR', conditions });
  if (kept && keep) kept.set(roles, condition);
  return condition;
};
