import { kindOf } from './data-type-kind';
import type { Condition, LeafCondition, QueryColumn, QueryTable } from './query-types';
import { findColumn } from './resolve-column';

/**
 * Whether a record that is not in its table (a hard-deleted record, known by the values its last
 * revision kept) meets a condition, judged in memory as the databases judge it in a query
 * (query/apply-condition.ts). Where the databases differ, the answer is the stricter one: text
 * equality is exact for EQ / IN, and case-insensitive for NE / NOT IN, so a record shown here is
 * one every database would let through. A NULL value meets only IS NULL; a value the record does
 * not hold (a column added since, a password, whose values are never kept) meets no test at all.
 */
export const conditionHolds = (
  condition: Condition,
  values: Readonly<Record<string, unknown>>,
  table: QueryTable,
): boolean => {
  if (condition.kind === 'leaf') {
    const column = findColumn(table, condition.column);
    if (!Object.hasOwn(values, condition.column) || !column || kindOf(column.dataType) === 'password')
      return false;
    return leafHolds(condition, values[condition.column], column);
  }
  if (condition.conditionType === 'OR')
    return condition.conditions.some((child) => conditionHolds(child, values, table));
  return condition.conditions.every((child) => conditionHolds(child, values, table));
};

type Kind = ReturnType<typeof kindOf> | 'unknown';

const INTEGER = /^-?\d+$/;

const isNumeric = (kind: Kind) => kind === 'integer' || kind === 'float' || kind === 'decimal';

/** -1, 0, 1, or null when the two cannot be compared (then no comparison holds). */
const compare = (stored: unknown, given: unknown, kind: Kind): number | null => {
  if (kind === 'bool') {
    const a = toBool(stored);
    const b = toBool(given);
    return a === null || b === null ? null : Number(a) - Number(b);
  }
  if (isNumeric(kind)) {
    const a = String(stored);
    const b = String(given);
    if (INTEGER.test(a) && INTEGER.test(b)) {
      const x = BigInt(a);
      const y = BigInt(b);
      return x < y ? -1 : x > y ? 1 : 0;
    }
    const x = Number(a);
    const y = Number(b);
    if (!Number.isFinite(x) || !Number.isFinite(y)) return null;
    return Math.sign(x - y);
  }
  // Text, and dates and times in their fixed-width forms (YYYY-MM-DD HH:mm:ss): code point order.
  if (typeof stored === 'object' || typeof given === 'object') return null;
  const a = String(stored);
  const b = String(given);
  return a < b ? -1 : a > b ? 1 : 0;
};

const toBool = (value: unknown): boolean | null => {
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false') return false;
  return null;
};

/** Equal as EQ / IN see it: exact text. */
const same = (stored: unknown, given: unknown, kind: Kind): boolean => compare(stored, given, kind) === 0;

/** Different as NE / NOT IN see it: different even ignoring case, for text. */
const differs = (stored: unknown, given: unknown, kind: Kind): boolean => {
  const order = compare(stored, given, kind);
  if (order === null) return false;
  if (isNumeric(kind) || kind === 'bool') return order !== 0;
  return String(stored).toLowerCase() !== String(given).toLowerCase();
};

/** The choices of a multiple choice value (stored as a comma list). */
const choices = (stored: unknown): string[] => String(stored).split(',');

const leafHolds = (leaf: LeafCondition, stored: unknown, column: QueryColumn): boolean => {
  const missing = stored === null || stored === undefined;
  if (leaf.operator === 'ISNULL') return missing;
  if (leaf.operator === 'ISNOTNULL') return !missing;
  if (missing) return false;
  const kind: Kind = column.nativeType ? 'unknown' : kindOf(column.dataType);
  const [first, second] = leaf.values;
  const multiple = Boolean(
    column.multipleValue && Array.isArray(column.options) && column.options.length > 0,
  );
  const order = () => compare(stored, first, kind);
  switch (leaf.operator) {
    case 'EQ':
    case 'IN': {
      const wanted = leaf.operator === 'EQ' ? [first] : leaf.values;
      const have = multiple ? choices(stored) : [stored];
      return wanted.some((value) => have.some((item) => same(item, value, multiple ? 'text' : kind)));
    }
    case 'NE':
      return differs(stored, first, kind);
    case 'NOTIN':
      return leaf.values.every((value) => differs(stored, value, kind));
    case 'LIKE':
      return String(stored).toLowerCase().includes(String(first).toLowerCase());
    case 'NOTLIKE':
      return !String(stored).toLowerCase().includes(String(first).toLowerCase());
    case 'STARTSWITH':
      return String(stored).toLowerCase().startsWith(String(first).toLowerCase());
    case 'NOTSTARTSWITH':
      return !String(stored).toLowerCase().startsWith(String(first).toLowerCase());
    case 'ENDSWITH':
      return String(stored).toLowerCase().endsWith(String(first).toLowerCase());
    case 'NOTENDSWITH':
      return !String(stored).toLowerCase().endsWith(String(first).toLowerCase());
    case 'LIKECS':
      return String(stored).includes(String(first));
    case 'NOTLIKECS':
      return !String(stored).includes(String(first));
    case 'GE':
      return (order() ?? -1) >= 0;
    case 'GT':
      return (order() ?? -1) > 0;
    case 'LE':
      return (order() ?? 1) <= 0;
    case 'LT':
      return (order() ?? 1) < 0;
    case 'BETWEEN': {
      const low = compare(stored, first, kind);
      const high = compare(stored, second, kind);
      return low !== null && high !== null && low >= 0 && high <= 0;
    }
    case 'NOTBETWEEN': {
      const low = compare(stored, first, kind);
      const high = compare(stored, second, kind);
      return low !== null && high !== null && (low < 0 || high > 0);
    }
  }
};
