import { ROW_RULE_KEYS, type Column, type RowRuleKey, type Table } from '../../../contract';
import type { FilterCondition, FilterLeaf, OperatorType } from '../../common/lib/query-params';

export { ROW_RULE_KEYS, type RowRuleKey };

/** The operators the rule editor offers, in its menu's order. */
export const RULE_OPERATORS: readonly OperatorType[] = [
  'EQ',
  'NE',
  'IN',
  'NOTIN',
  'LIKE',
  'GE',
  'GT',
  'LE',
  'LT',
  'ISNULL',
  'ISNOTNULL',
];

/** Variables offered by the value picker; `$user.<column>` of the user table may be typed too. */
export const BUILT_IN_VARIABLES = ['$user.id', '$user.username', '$user.roles', '$now'] as const;

/** One condition of the editor: a column, an operator and its values (literals or variables). */
export interface RuleConditionDraft {
  columnName: string;
  operatorType: OperatorType;
  values: string[];
}

/**
 * A rule as the editor shows it: conditions of which all (AND) or any (OR) must hold. A stored
 * rule with nested groups does not fit; it is kept as its JSON text, shown and edited as such.
 */
export type RowRuleDraft =
  | { kind: 'conditions'; match: 'AND' | 'OR'; conditions: RuleConditionDraft[] }
  | { kind: 'json'; text: string };

/** Every action's rule; null: no rule (the role reaches every record its actions allow). */
export type RowRulesDraft = Record<RowRuleKey, RowRuleDraft | null>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isLeaf = (node: unknown): node is FilterLeaf =>
  isObject(node) &&
  typeof node.columnName === 'string' &&
  typeof node.operatorType === 'string' &&
  (node.values === undefined || Array.isArray(node.values)) &&
  !('conditions' in node);

const leafDraft = (leaf: FilterLeaf): RuleConditionDraft => ({
  columnName: leaf.columnName,
  operatorType: leaf.operatorType.toUpperCase() as OperatorType,
  values: (leaf.values ?? []).map((value) => String(value)),
});

/** The editor's form of one stored rule: flat conditions when it is one leaf or one group of leaves. */
export const toRuleDraft = (rule: unknown): RowRuleDraft => {
  if (isLeaf(rule)) return { kind: 'conditions', match: 'AND', conditions: [leafDraft(rule)] };
  if (isObject(rule) && Array.isArray(rule.conditions) && rule.conditions.every(isLeaf)) {
    const type = typeof rule.conditionType === 'string' ? rule.conditionType.toUpperCase() : 'AND';
    if (type === 'AND' || type === 'OR')
      return { kind: 'conditions', match: type, conditions: rule.conditions.map(leafDraft) };
  }
  return { kind: 'json', text: JSON.stringify(rule, null, 2) };
};

/** No rule for any action. */
export const noRowRules = (): RowRulesDraft =>
  Object.fromEntries(ROW_RULE_KEYS.map((key) => [key, null])) as RowRulesDraft;

/**
 * The drafts of a stored `rowRules` (JSON text or an object). Text that cannot be read becomes a
 * JSON draft of every action holding that text, so that nothing stored is lost or silently widened.
 */
export const toRowRulesDraft = (stored: unknown): RowRulesDraft => {
  const drafts = noRowRules();
  if (stored === null || stored === undefined) return drafts;
  let data: unknown = stored;
  if (typeof stored === 'string') {
    if (stored.trim() === '' || stored.trim() === 'null') return drafts;
    try {
      data = JSON.parse(stored);
    } catch {
      for (const key of ROW_RULE_KEYS) drafts[key] = { kind: 'json', text: stored };
      return drafts;
    }
  }
  if (!isObject(data)) return drafts;
  for (const key of ROW_RULE_KEYS) {
    const rule = data[key];
    if (rule !== null && rule !== undefined) drafts[key] = toRuleDraft(rule);
  }
  return drafts;
};

const LIST_OPERATORS: ReadonlySet<OperatorType> = new Set(['IN', 'NOTIN']);
const NO_VALUE_OPERATORS: ReadonlySet<OperatorType> = new Set(['ISNULL', 'ISNOTNULL']);

/** How many values an operator takes: none, one, or a list. */
export const valueArity = (operator: OperatorType): 'none' | 'one' | 'list' =>
  NO_VALUE_OPERATORS.has(operator) ? 'none' : LIST_OPERATORS.has(operator) ? 'list' : 'one';

/** A condition with its values fitted to a newly chosen operator (none dropped, one kept, a list kept whole). */
export const withOperator = (
  condition: RuleConditionDraft,
  operatorType: OperatorType,
): RuleConditionDraft => {
  const arity = valueArity(operatorType);
  const values = condition.values.filter((value) => value.trim() !== '');
  return {
    ...condition,
    operatorType,
    values: arity === 'none' ? [] : arity === 'one' ? values.slice(0, 1) : values,
  };
};

/** Whether a condition is complete: a column, and the values its operator needs. */
export const conditionComplete = (condition: RuleConditionDraft): boolean => {
  if (condition.columnName === '') return false;
  const filled = condition.values.filter((value) => value.trim() !== '').length;
  const arity = valueArity(condition.operatorType);
  return arity === 'none' ? true : arity === 'one' ? filled === 1 : filled > 0;
};

const leafOf = (condition: RuleConditionDraft): FilterLeaf => ({
  columnName: condition.columnName,
  operatorType: condition.operatorType,
  values: valueArity(condition.operatorType) === 'none' ? [] : condition.values.map((value) => value.trim()),
});

/**
 * The stored form of one draft: a leaf for one condition, a group for several, undefined for none.
 * A JSON draft is parsed (a syntax error throws, with the text's own message).
 */
export const ruleOf = (draft: RowRuleDraft): FilterCondition | undefined => {
  if (draft.kind === 'json') {
    const text = draft.text.trim();
    return text === '' ? undefined : (JSON.parse(text) as FilterCondition);
  }
  if (draft.conditions.length === 0) return undefined;
  if (draft.conditions.length === 1) return leafOf(draft.conditions[0] as RuleConditionDraft);
  return { conditionType: draft.match, conditions: draft.conditions.map(leafOf) };
};

/** `tablePermission.rowRules` of the drafts: JSON text, or null when no action has a rule. Throws like `ruleOf`. */
export const rowRulesText = (drafts: RowRulesDraft): string | null => {
  const rules: Partial<Record<RowRuleKey, FilterCondition>> = {};
  for (const key of ROW_RULE_KEYS) {
    const draft = drafts[key];
    const rule = draft ? ruleOf(draft) : undefined;
    if (rule !== undefined) rules[key] = rule;
  }
  return Object.keys(rules).length > 0 ? JSON.stringify(rules) : null;
};

/** `rowRulesText`, or undefined when a JSON draft cannot be read (the save is then refused). */
export const tryRowRulesText = (drafts: RowRulesDraft): string | null | undefined => {
  try {
    return rowRulesText(drafts);
  } catch {
    return undefined;
  }
};

/** The actions whose draft is unfinished: a condition without its column or values, or JSON that is not JSON. */
export const unfinishedRules = (drafts: RowRulesDraft): RowRuleKey[] =>
  ROW_RULE_KEYS.filter((key) => {
    const draft = drafts[key];
    if (!draft) return false;
    if (draft.kind === 'conditions')
      return draft.conditions.some((condition) => !conditionComplete(condition));
    try {
      ruleOf(draft);
      return false;
    } catch {
      return true;
    }
  });

const leafColumns = (node: unknown, into: Set<string>): Set<string> => {
  if (isLeaf(node)) into.add(node.columnName);
  else if (isObject(node) && Array.isArray(node.conditions))
    for (const child of node.conditions) leafColumns(child, into);
  return into;
};

const INDEXED_TYPES = new Set(['PRIMARY', 'UNIQUE', 'INDEX']);

/**
 * The columns the rules compare that no index leads with (nor the key): on a large table such a
 * rule makes every list scan the whole table. Columns of unreadable JSON drafts are not known.
 */
export const unindexedRuleColumns = (
  drafts: RowRulesDraft,
  table: Pick<Table, 'columns' | 'indexs' | 'primaryNames'>,
): string[] => {
  const used = new Set<string>();
  for (const key of ROW_RULE_KEYS) {
    const draft = drafts[key];
    if (!draft) continue;
    try {
      leafColumns(ruleOf(draft), used);
    } catch {
      // unreadable JSON: nothing known about its columns
    }
  }
  const indexed = new Set<string>(table.primaryNames ?? []);
  for (const column of table.columns as readonly Column[]) {
    if (column.indexType && INDEXED_TYPES.has(column.indexType)) indexed.add(column.name);
  }
  for (const index of table.indexs ?? []) {
    const first = index.indexLines[0]?.column.name;
    if (first) indexed.add(first);
  }
  const known = new Set(table.columns.map((column) => column.name));
  return [...used].filter((name) => known.has(name) && !indexed.has(name));
};
