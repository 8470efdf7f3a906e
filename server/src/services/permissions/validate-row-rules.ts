import { invalidParam } from '../../query/query-error';
import { parseFilterJson } from '../../query/parse-filter-json';
import type { QueryTable } from '../../query/query-types';
import { systemTableMessage } from '../../i18n/system-table-messages';
import { ROW_RULE_KEYS } from './row-rules';
import { isVariable, userVariableName } from './row-rule-variables';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const BUILT_IN = new Set(['id', 'username', 'roles']);

/** Each variable checked (400 naming it); the tree with every leaf holding one left as an empty AND. */
const checkVariables = (node: unknown, userColumns: ReadonlySet<string>, param: string): unknown => {
  if (!isObject(node)) return node;
  if (Array.isArray(node.conditions)) {
    return {
      ...node,
      conditions: node.conditions.map((child: unknown) => checkVariables(child, userColumns, param)),
    };
  }
  if (!Array.isArray(node.values)) return node;
  const variables = (node.values as unknown[]).filter(isVariable);
  if (variables.length === 0) return node;
  for (const variable of variables) {
    const name = userVariableName(variable);
    const known = variable === '$now' || (name !== null && (BUILT_IN.has(name) || userColumns.has(name)));
    if (!known)
      throw invalidParam(param, systemTableMessage('rowRulesVariable', { name: variable.slice(0, 64) }));
    const operator = typeof node.operatorType === 'string' ? node.operatorType.toUpperCase() : '';
    if (name === 'roles' && operator !== 'IN' && operator !== 'NOTIN') {
      throw invalidParam(param, systemTableMessage('rowRulesRoles'));
    }
  }
  // The leaf's column and operator are checked as a filter's, on its literal values only.
  const literal = (node.values as unknown[]).filter((value) => !isVariable(value));
  const operator = typeof node.operatorType === 'string' ? node.operatorType.toUpperCase() : '';
  const listed = operator === 'IN' || operator === 'NOTIN';
  return listed ? { ...node, values: literal } : { ...node, operatorType: 'ISNOTNULL', values: [] };
};

/**
 * 400 unless `text` is row rules crudboard can apply to `table` (docs/api.md §3): null or empty,
 * or a JSON object whose keys are read / update / delete / create, each a list `filter` tree over
 * the table's columns, with values or variables ($user.id, $user.username, $user.roles for IN,
 * $user.<a column of the user table>, $now). `param` names the field in the answer.
 */
export const validateRowRules = (
  text: unknown,
  table: QueryTable,
  userColumns: ReadonlySet<string>,
  param = 'rowRules',
): void => {
  if (text === null || text === undefined) return;
  if (typeof text !== 'string') throw invalidParam(param, systemTableMessage('rowRulesShape'));
  if (text.trim() === '' || text.trim() === 'null') return;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw invalidParam(param, systemTableMessage('jsonText'));
  }
  if (data === null) return;
  if (!isObject(data)) throw invalidParam(param, systemTableMessage('rowRulesShape'));
  const queryable: QueryTable = {
    ...table,
    columns: table.columns.map((column) => ({ ...column, queryable: true })),
  };
  for (const [key, rule] of Object.entries(data)) {
    if (!(ROW_RULE_KEYS as readonly string[]).includes(key)) {
      throw invalidParam(param, systemTableMessage('rowRulesKey', { name: key.slice(0, 64) }));
    }
    if (rule === null) continue;
    if (!isObject(rule)) throw invalidParam(param, systemTableMessage('rowRulesShape'));
    const checked = checkVariables(rule, userColumns, param);
    parseFilterJson(JSON.stringify(checked), queryable, param);
  }
};
