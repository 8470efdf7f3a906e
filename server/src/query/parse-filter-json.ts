import { itemsMessage } from '../i18n/items-messages';
import { betweenCondition, checkOperator, coerceOrThrow, MAX_LIST_VALUES } from './parse-column-filter';
import { invalidParam } from './query-error';
import { OPERATORS, type Condition, type Operator, type QueryTable } from './query-types';
import { queryableColumn } from './resolve-column';

export const MAX_FILTER_DEPTH = 10;
export const MAX_FILTER_NODES = 1000;

const GROUP_KEYS = new Set(['name', 'conditionType', 'conditions']);
const LEAF_KEYS = new Set(['name', 'columnName', 'operatorType', 'values']);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const decodeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    // The crudapi web app URL-encodes the JSON itself before the request layer encodes it again.
  }
  try {
    return JSON.parse(decodeURIComponent(text));
  } catch {
    return undefined;
  }
};

interface Walk {
  table: QueryTable;
  param: string;
  nodes: number;
}

const valueCount = (operator: Operator): number | null => {
  switch (operator) {
    case 'IN':
    case 'NOTIN':
      return null;
    case 'BETWEEN':
    case 'NOTBETWEEN':
      return 2;
    case 'ISNULL':
    case 'ISNOTNULL':
      return 0;
    default:
      return 1;
  }
};

const shapeError = (walk: Walk) => invalidParam(walk.param, itemsMessage('filterShape'));

const leafOf = (node: Record<string, unknown>, walk: Walk): Condition => {
  if (Object.keys(node).some((key) => !LEAF_KEYS.has(key))) throw shapeError(walk);
  const { columnName, operatorType } = node;
  if (typeof columnName !== 'string' || typeof operatorType !== 'string') throw shapeError(walk);
  const column = queryableColumn(walk.table, columnName, walk.param);
  const operator = operatorType.toUpperCase() as Operator;
  if (!OPERATORS.includes(operator)) {
    throw invalidParam(walk.param, itemsMessage('unknownOperator', { name: operatorType.slice(0, 32) }));
  }
  checkOperator(column, operator, walk.param);
  const values = node.values ?? [];
  if (!Array.isArray(values)) throw shapeError(walk);
  const expected = valueCount(operator);
  if (expected === null && values.length > MAX_LIST_VALUES) {
    throw invalidParam(walk.param, itemsMessage('tooManyValues', { max: MAX_LIST_VALUES }));
  }
  if (expected !== null && values.length !== expected) {
    throw invalidParam(walk.param, itemsMessage('operatorValues', { operator, count: expected }));
  }
  if (operator === 'BETWEEN' || operator === 'NOTBETWEEN')
    return betweenCondition(column, values[0], values[1], walk.param, operator);
  return {
    kind: 'leaf',
    column: column.name,
    operator,
    values: values.map((value: unknown) => coerceOrThrow(column, value, walk.param, operator)),
  };
};

const conditionOf = (node: unknown, depth: number, walk: Walk): Condition => {
  if (depth > MAX_FILTER_DEPTH) {
    throw invalidParam(walk.param, itemsMessage('filterDepth', { max: MAX_FILTER_DEPTH }));
  }
  if (++walk.nodes > MAX_FILTER_NODES) {
    throw invalidParam(walk.param, itemsMessage('filterSize', { max: MAX_FILTER_NODES }));
  }
  if (!isPlainObject(node)) throw shapeError(walk);
  if (!('conditionType' in node) && !('conditions' in node)) return leafOf(node, walk);
  if (Object.keys(node).some((key) => !GROUP_KEYS.has(key))) throw shapeError(walk);
  const type = typeof node.conditionType === 'string' ? node.conditionType.toUpperCase() : 'AND';
  if ((type !== 'AND' && type !== 'OR') || !Array.isArray(node.conditions)) throw shapeError(walk);
  return {
    kind: 'group',
    conditionType: type,
    conditions: node.conditions.map((child: unknown) => conditionOf(child, depth + 1, walk)),
  };
};

/**
 * The `filter` parameter (docs/api.md §3): JSON `{conditionType: AND|OR, conditions:[..]}` or a leaf
 * `{columnName, operatorType, values}` (URL-encoded once more is accepted too). Column names go
 * through metadata, values are coerced to the column's type; at most MAX_FILTER_DEPTH levels and
 * MAX_FILTER_NODES conditions. Empty text or `null` means no filter.
 */
export const parseFilterJson = (text: string, table: QueryTable, param = 'filter'): Condition | null => {
  if (text.trim() === '' || text.trim() === 'null') return null;
  const json = decodeJson(text);
  if (json === undefined) throw invalidParam(param, itemsMessage('filterJson'));
  if (json === null) return null;
  return conditionOf(json, 1, { table, param, nodes: 0 });
};
