import { nativeRuleOf } from '../dialects/native-kind';
import { itemsMessage } from '../i18n/items-messages';
import { coerceValue } from './coerce-value';
import { isTextType, kindOf } from './data-type-kind';
import { invalidParam } from './query-error';
import {
  TEXT_MATCH_OPERATORS,
  type LeafCondition,
  type Operator,
  type QueryColumn,
  type ScalarValue,
} from './query-types';
import { splitList } from './split-list';

/** Most values one IN / NOTIN list may hold. */
export const MAX_LIST_VALUES = 1000;

const SYMBOLS: Record<string, Operator> = { '>=': 'GE', '<=': 'LE', '>': 'GT', '<': 'LT' };
const SYMBOL_FORM = /^(>=|<=|>|<)\s*([\s\S]*)$/;
const WORD_FORM =
  /^(EQ|NE|LIKE|NOTLIKE|STARTSWITH|NOTSTARTSWITH|ENDSWITH|NOTENDSWITH|LIKECS|NOTLIKECS|IN|NOTIN|GE|GT|LE|LT|BETWEEN|NOTBETWEEN) ([\s\S]*)$/;

/** A value coerced to the column's type (a LIKE text: to text only), or 400 naming the parameter. */
export const coerceOrThrow = (
  column: QueryColumn,
  input: unknown,
  param: string,
  operator: Operator = 'EQ',
): ScalarValue => {
  const coerced = coerceValue(column, input, { pattern: TEXT_MATCH_OPERATORS.has(operator) });
  if (!coerced.ok) throw invalidParam(param, coerced.message);
  return coerced.value;
};

const leaf = (column: QueryColumn, operator: Operator, values: ScalarValue[]): LeafCondition => ({
  kind: 'leaf',
  column: column.name,
  operator,
  values,
});

/**
 * BETWEEN with either side open: `a,` is GE a, `,b` is LE b; both open is refused. NOTBETWEEN
 * likewise: `a,` is LT a, `,b` is GT b.
 */
export const betweenCondition = (
  column: QueryColumn,
  low: unknown,
  high: unknown,
  param: string,
  operator: 'BETWEEN' | 'NOTBETWEEN' = 'BETWEEN',
): LeafCondition => {
  const open = (value: unknown) => value === null || value === undefined || value === '';
  const not = operator === 'NOTBETWEEN';
  if (open(low) && open(high)) throw invalidParam(param, itemsMessage('betweenBounds'));
  if (open(high)) return leaf(column, not ? 'LT' : 'GE', [coerceOrThrow(column, low, param)]);
  if (open(low)) return leaf(column, not ? 'GT' : 'LE', [coerceOrThrow(column, high, param)]);
  return leaf(column, operator, [coerceOrThrow(column, low, param), coerceOrThrow(column, high, param)]);
};

const RANGE: readonly Operator[] = ['GE', 'GT', 'LE', 'LT', 'BETWEEN', 'NOTBETWEEN'];

/**
 * The operators a column accepts: PASSWORD only null tests, LIKE only on text columns, range tests
 * not on a native type that has no order (JSON, geometric and unknown types: dialects/native-kind.ts).
 */
export const checkOperator = (column: QueryColumn, operator: Operator, param: string): void => {
  if (kindOf(column.dataType) === 'password' && operator !== 'ISNULL' && operator !== 'ISNOTNULL') {
    throw invalidParam(param, itemsMessage('passwordFilter', { name: column.name }));
  }
  if (TEXT_MATCH_OPERATORS.has(operator) && !isTextType(column.dataType))
    throw invalidParam(param, itemsMessage('likeNotText', { operator }));
  const native = nativeRuleOf(column.nativeType);
  if (native && !native.range && RANGE.includes(operator)) {
    throw invalidParam(
      param,
      itemsMessage('nativeNoRange', { name: column.name, type: column.nativeType ?? '', operator }),
    );
  }
};

const listCondition = (column: QueryColumn, operator: 'IN' | 'NOTIN', text: string, param: string) => {
  const items = splitList(text);
  if (items.length > MAX_LIST_VALUES) {
    throw invalidParam(param, itemsMessage('tooManyValues', { max: MAX_LIST_VALUES }));
  }
  return leaf(
    column,
    operator,
    items.map((item) => coerceOrThrow(column, item, param)),
  );
};

/**
 * One column filter `col=value` (docs/api.md §3): `v` EQ · `a,b` IN · `LIKE x` · `GE|GT|LE|LT x` and
 * `>= > <= <` · `BETWEEN a,b` (either side empty) · `ISNULL` · `ISNOTNULL` · `NE x` · `NOTIN a,b`;
 * also `EQ x` (a single value that may hold commas) and `IN a,b`. Operator words are upper case
 * and followed by one space; list items are trimmed and blanks dropped (an empty IN matches nothing).
 */
export const parseColumnFilter = (column: QueryColumn, raw: string, param: string): LeafCondition => {
  if (raw === 'ISNULL' || raw === 'ISNOTNULL') {
    checkOperator(column, raw, param);
    return leaf(column, raw, []);
  }
  const symbol = SYMBOL_FORM.exec(raw);
  const word = symbol ? null : WORD_FORM.exec(raw);
  if (!symbol && !word) {
    const operator: Operator = raw.includes(',') ? 'IN' : 'EQ';
    checkOperator(column, operator, param);
    return operator === 'IN'
      ? listCondition(column, 'IN', raw, param)
      : leaf(column, 'EQ', [coerceOrThrow(column, raw, param)]);
  }
  const operator = symbol ? (SYMBOLS[symbol[1] ?? ''] as Operator) : (word?.[1] as Operator);
  const rest = ((symbol ?? word)?.[2] ?? '').trim();
  checkOperator(column, operator, param);
  switch (operator) {
    case 'IN':
    case 'NOTIN':
      return listCondition(column, operator, rest, param);
    case 'BETWEEN':
    case 'NOTBETWEEN': {
      const parts = rest.split(',').map((part) => part.trim());
      if (parts.length !== 2) throw invalidParam(param, itemsMessage('betweenBounds'));
      return betweenCondition(column, parts[0], parts[1], param, operator);
    }
    default:
      return leaf(column, operator, [coerceOrThrow(column, rest, param, operator)]);
  }
};
