import { sqlDialect } from '../../dialects/sql/sql-dialects';
import { dataTypeTraits, type DataType, type DataTypeKind } from '../../../../contract/index';
import { ATTACHMENT_LENGTH, PASSWORD_LENGTH, type Dialect } from '../../dialects/column-type';
import { zeroValue } from '../../dialects/default-value';
import { integerRange, isIntegerType, rangeContains, type IntegerRange } from '../../dialects/integer-range';
import type { ColumnDef } from '../../model/table-def';
import type { LossCondition, Repair } from '../../model/schema-op';

export type Family = 'string' | 'integer' | 'float' | 'decimal' | 'date' | 'time' | 'datetime' | 'bool';

/** The family of each kind of type: text and passwords are both stored as strings. */
const FAMILIES: Record<DataTypeKind, Family> = {
  text: 'string',
  password: 'string',
  integer: 'integer',
  float: 'float',
  decimal: 'decimal',
  date: 'date',
  time: 'time',
  datetime: 'datetime',
  bool: 'bool',
};

/** How a type converts; an unknown type is an error. */
export const familyOf = (type: DataType): Family => FAMILIES[dataTypeTraits(type).kind];

const NUMERIC: readonly Family[] = ['integer', 'float', 'decimal'];

/**
 * Whether the database can convert a column's values in place: text to and from anything, numbers
 * among themselves, DATE and DATETIME. Other changes (a DATE becoming an INT) replace the column.
 */
export const convertibleInPlace = (from: DataType, to: DataType): boolean => {
  const [a, b] = [familyOf(from), familyOf(to)];
  if (a === b || a === 'string' || b === 'string') return true;
  if (NUMERIC.includes(a) && NUMERIC.includes(b)) return true;
  return (a === 'date' && b === 'datetime') || (a === 'datetime' && b === 'date');
};

type Typed = Pick<ColumnDef, 'dataType' | 'length' | 'precision' | 'scale' | 'unsigned'>;

/** The most characters a column holds, or undefined when it is unbounded for this purpose. */
export const maxChars = (column: Typed, dialect: Dialect): number | undefined => {
  switch (column.dataType) {
    case 'CHAR':
    case 'VARCHAR':
      return column.length ?? undefined;
    case 'ATTACHMENT':
      return ATTACHMENT_LENGTH;
    case 'PASSWORD':
      return PASSWORD_LENGTH;
    case 'TEXT':
      return sqlDialect(dialect).textMaxChars;
    default:
      return undefined;
  }
};

/** The longest text form a non-text value takes (sign, digits, point, exponent). */
const longestText = (column: Typed): number => {
  if (isIntegerType(column.dataType)) {
    const range = integerRange(column.dataType, column.unsigned);
    return Math.max(range.min.toString().length, range.max.toString().length);
  }
  switch (familyOf(column.dataType)) {
    case 'decimal':
      return (column.precision ?? 10) + 2;
    case 'float':
      return 24;
    case 'date':
      return 10;
    case 'time':
      return 8;
    case 'datetime':
      return 19;
    case 'bool':
      return 5;
    default:
      return Number.POSITIVE_INFINITY;
  }
};

const decimalRange = (precision: number, scale: number): { min: string; max: string } => {
  const integer = precision - scale;
  const whole = integer > 0 ? '9'.repeat(integer) : '0';
  const max = scale > 0 ? `${whole}.${'9'.repeat(scale)}` : whole;
  return { min: `-${max}`, max };
};

const decimalIntegerRange = (precision: number, scale: number): IntegerRange => {
  const limit = 10n ** BigInt(precision - scale) - 1n;
  return { min: -limit, max: limit };
};

/** Patterns (POSIX ERE, also valid JavaScript) that text must match to convert; spaces are trimmed. */
export const TEXT_PATTERNS = {
  integer: '^ *[-+]?[0-9]+ *$',
  float: '^ *[-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)? *$',
  bool: '^ *[01] *$',
  date: '^ *[0-9]{4}-[0-9]{2}-[0-9]{2} *$',
  time: '^ *[0-9]{2}:[0-9]{2}:[0-9]{2} *$',
  datetime: '^ *[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2} *$',
} as const;

/** Text that fits DECIMAL(precision, scale): at most precision - scale integer and scale fraction digits. */
export const decimalPattern = (precision: number, scale: number): string => {
  const integer = precision - scale;
  const fraction = scale > 0 ? `([.][0-9]{0,${scale}}0*)?` : '([.]0*)?';
  const leading = scale > 0 ? `|[.][0-9]{1,${scale}}0*` : '';
  const whole = integer > 0 ? `(0*[1-9][0-9]{0,${integer - 1}}|0+)` : '0+';
  return `^ *[-+]?(${whole}${fraction}${leading}) *$`;
};

export const typeLabel = (column: Typed): string => {
  switch (column.dataType) {
    case 'CHAR':
    case 'VARCHAR':
      return `${column.dataType}(${column.length})`;
    case 'DECIMAL':
      return `DECIMAL(${column.precision},${column.scale})`;
    default:
      return column.unsigned ? `${column.dataType} UNSIGNED` : column.dataType;
  }
};

const textOf = (value: string | number | boolean): string =>
  typeof value === 'boolean' ? (value ? '1' : '0') : String(value);

/** What replaces a value that does not fit, when the caller confirmed the loss. */
export const replacement = (from: ColumnDef, to: ColumnDef): Repair => {
  if (from.nullable) return { kind: 'set', value: null };
  const zero = zeroValue(to);
  return {
    kind: 'set',
    value: familyOf(from.dataType) === 'string' ? textOf(zero) : typeof zero === 'number' ? zero : 0,
  };
};

export interface ConversionCheck {
  condition: LossCondition;
  repair?: Repair;
}

const integerTarget = (to: ColumnDef): IntegerRange | undefined =>
  isIntegerType(to.dataType) ? integerRange(to.dataType, to.unsigned) : undefined;

const numericChecks = (from: ColumnDef, to: ColumnDef): ConversionCheck[] => {
  const set = replacement(from, to);
  const fromFamily = familyOf(from.dataType);
  const checks: ConversionCheck[] = [];
  const target = integerTarget(to);
  if (target) {
    if (fromFamily !== 'integer')
      checks.push({ condition: { kind: 'fraction', scale: 0 }, repair: { kind: 'round', scale: 0 } });
    const source = isIntegerType(from.dataType) ? integerRange(from.dataType, from.unsigned) : undefined;
    if (!source || !rangeContains(target, source)) {
      checks.push({
        condition: { kind: 'outOfRange', min: target.min.toString(), max: target.max.toString() },
        repair: set,
      });
    }
    return checks;
  }
  if (to.dataType !== 'DECIMAL') return checks;
  const precision = to.precision ?? 10;
  const scale = to.scale ?? 0;
  if (fromFamily === 'integer') {
    const source = integerRange(from.dataType as Parameters<typeof integerRange>[0], from.unsigned);
    if (!rangeContains(decimalIntegerRange(precision, scale), source)) {
      checks.push({ condition: { kind: 'outOfRange', ...decimalRange(precision, scale) }, repair: set });
    }
    return checks;
  }
  const fromScale = fromFamily === 'decimal' ? (from.scale ?? 0) : Number.POSITIVE_INFINITY;
  const fromInteger =
    fromFamily === 'decimal' ? (from.precision ?? 10) - (from.scale ?? 0) : Number.POSITIVE_INFINITY;
  if (scale < fromScale)
    checks.push({ condition: { kind: 'fraction', scale }, repair: { kind: 'round', scale } });
  if (precision - scale < fromInteger) {
    checks.push({ condition: { kind: 'outOfRange', ...decimalRange(precision, scale) }, repair: set });
  }
  return checks;
};

const textChecks = (from: ColumnDef, to: ColumnDef): ConversionCheck[] => {
  const set = replacement(from, to);
  const type = typeLabel(to);
  switch (familyOf(to.dataType)) {
    case 'integer': {
      const range = integerTarget(to) as IntegerRange;
      const pattern = TEXT_PATTERNS.integer;
      return [
        {
          condition: { kind: 'text', pattern, min: range.min.toString(), max: range.max.toString(), type },
          repair: set,
        },
      ];
    }
    case 'float':
      return [{ condition: { kind: 'text', pattern: TEXT_PATTERNS.float, type }, repair: set }];
    case 'decimal':
      return [
        {
          condition: { kind: 'text', pattern: decimalPattern(to.precision ?? 10, to.scale ?? 0), type },
          repair: set,
        },
      ];
    case 'bool':
      return [{ condition: { kind: 'text', pattern: TEXT_PATTERNS.bool, type }, repair: set }];
    case 'date':
      return [{ condition: { kind: 'text', pattern: TEXT_PATTERNS.date, type }, repair: set }];
    case 'time':
      return [{ condition: { kind: 'text', pattern: TEXT_PATTERNS.time, type }, repair: set }];
    case 'datetime':
      return [{ condition: { kind: 'text', pattern: TEXT_PATTERNS.datetime, type }, repair: set }];
    default:
      return [];
  }
};

/**
 * The rows that would lose data when `from` becomes `to` in place (both convertible), and how a
 * confirmed change makes them fit first: text is cut to the new length, fractions rounded, values
 * out of range or not convertible replaced by NULL (or the type's zero when the column is NOT NULL).
 */
export const conversionChecks = (from: ColumnDef, to: ColumnDef, dialect: Dialect): ConversionCheck[] => {
  const [a, b] = [familyOf(from.dataType), familyOf(to.dataType)];
  if (b === 'string') {
    const limit = maxChars(to, dialect);
    if (limit === undefined) return [];
    if (a === 'string') {
      const fromLimit = maxChars(from, dialect);
      return fromLimit !== undefined && fromLimit <= limit
        ? []
        : [{ condition: { kind: 'tooLong', limit }, repair: { kind: 'truncate', limit } }];
    }
    return longestText(from) > limit
      ? [{ condition: { kind: 'tooLong', limit }, repair: replacement(from, to) }]
      : [];
  }
  if (a === 'string') return textChecks(from, to);
  if (NUMERIC.includes(a) && NUMERIC.includes(b)) return numericChecks(from, to);
  if (a === 'datetime' && b === 'date') return [{ condition: { kind: 'timePart' } }];
  return [];
};
