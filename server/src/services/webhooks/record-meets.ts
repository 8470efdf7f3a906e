/**
 * Whether a changed record meets a webhook's condition. The condition is written in the list's
 * filter language (docs/api.md §3) and is decided here in JavaScript, on the values the database
 * driver returned for the record, with the meaning the list's SQL gives it (query/apply-condition.ts).
 */
import type { Client } from '../../config';
import { dateTimeText } from '../../db/clock';
import { DEFAULT_CHAR_LENGTH } from '../../dialects/column-type';
import { nativeKindOf, type NativeKind } from '../../dialects/native-kind';
import { kindOf } from '../../query/data-type-kind';
import { parseFilterJson } from '../../query/parse-filter-json';
import type { Condition, LeafCondition, QueryColumn, QueryTable, ScalarValue } from '../../query/query-types';
import { findColumn } from '../../query/resolve-column';
import { parseDateTime } from '../../query/temporal';

/** The field a webhook's condition is saved in: a bad condition is a 400 naming it. */
export const WEBHOOK_CONDITION_FIELD = 'condition';

/**
 * A webhook's stored condition (the filter JSON of a list request) parsed and checked against the
 * table as a list's `filter` is: names through metadata, values coerced to their columns' types.
 * Null or empty text, or `null`, is no condition. A bad one throws the 400 VALIDATION_ERROR
 * ApiException naming the `condition` field.
 */
export const parseWebhookCondition = (text: string | null, table: QueryTable): Condition | null =>
  text === null ? null : parseFilterJson(text, table, WEBHOOK_CONDITION_FIELD);

/**
 * Whether `record` (a row as the driver returned it: integers as numbers, bigints or strings,
 * decimals as strings or numbers, booleans as 0/1 or true/false, dates as text or Date objects)
 * meets `condition`, as a list of `table` filtered by it would keep the row. A NULL meets only
 * ISNULL (and an empty NOTIN); a column the record does not hold (absent or undefined) meets no test
 * at all. Text compares as the database of `dialect` compares it: exactly on PostgreSQL and SQLite,
 * ignoring case and accents on MySQL; without a dialect, as PostgreSQL does.
 */
export const recordMeets = (
  condition: Condition,
  record: Readonly<Record<string, unknown>>,
  table: QueryTable,
  dialect?: Client,
): boolean => {
  if (condition.kind === 'group') {
    return condition.conditionType === 'OR'
      ? condition.conditions.some((child) => recordMeets(child, record, table, dialect))
      : condition.conditions.every((child) => recordMeets(child, record, table, dialect));
  }
  const column = findColumn(table, condition.column);
  if (!column) return false;
  const stored = Object.hasOwn(record, column.name) ? record[column.name] : undefined;
  if (stored === undefined) return false;
  return leafMeets(condition, stored, column, rulesOf(column, dialect));
};

// --- what each database does with text

interface Rules {
  /** The order of two texts as `=`, `<` and BETWEEN see them. */
  order(a: string, b: string): number;
  /** The case folding of the case-insensitive matches (LIKE, STARTSWITH, ENDSWITH, their NOT forms). */
  foldMatch(text: string): string;
  /** The case folding of a plain `LIKE` (the test of a multiple choice value). */
  foldLike(text: string): string;
  /** Trailing spaces of a CHAR value are padding, not text, when compared. */
  trimChar: boolean;
  /** What LIKE and its kin see of a CHAR value: the value padded to the column's length, or trimmed. */
  matchChar: 'pad' | 'trim' | 'keep';
  /** A parsed JSON document as the database writes it as text. */
  jsonText(document: unknown): string;
  /** JSON equality compares documents (key order aside), else their minified text. */
  jsonAsDocuments: boolean;
  /** A point as the database writes it as text. */
  pointText(x: number, y: number): string;
}

const sign = (n: number): number => (n < 0 ? -1 : n > 0 ? 1 : 0);

const isSurrogate = (unit: number): boolean => unit >= 0xd800 && unit <= 0xdfff;

/** Code point order (that of UTF-8 bytes): a character beyond U+FFFF sorts after every other. */
const codePointOrder = (a: string, b: string): number => {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    if (isSurrogate(x) !== isSurrogate(y)) return isSurrogate(x) ? 1 : -1;
    return x < y ? -1 : 1;
  }
  return sign(a.length - b.length);
};

const asciiLower = (text: string): string => text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
const unicodeLower = (text: string): string => text.toLowerCase();
const same = (text: string): string => text;
/** utf8mb4_unicode_ci compares letters without case or accents. */
const baseLetters = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase();
const trimPadding = (text: string): string => text.replace(/ +$/, '');

const MYSQL_COLLATOR = new Intl.Collator('en', { sensitivity: 'base' });

const RULES: Record<Client, Rules> = {
  // Deterministic collations: `=` is exact; ILIKE lowers every letter; LIKE minds case.
  // character(n) compares without its padding, but pattern matching sees it.
  pg: {
    order: codePointOrder,
    foldMatch: unicodeLower,
    foldLike: same,
    trimChar: true,
    matchChar: 'pad',
    jsonText: (document) => jsonText(document),
    jsonAsDocuments: true,
    pointText: (x, y) => `(${x},${y})`,
  },
  // BINARY collation; LIKE ignores the case of ASCII letters only; json() minifies the text.
  sqlite: {
    order: codePointOrder,
    foldMatch: asciiLower,
    foldLike: asciiLower,
    trimChar: false,
    matchChar: 'keep',
    jsonText: (document) => JSON.stringify(document),
    jsonAsDocuments: false,
    pointText: (x, y) => `(${x},${y})`,
  },
  // utf8mb4_unicode_ci: no case, no accents, trailing spaces ignored (PAD SPACE); CHAR stored
  // trimmed; geometries as well-known text.
  mysql: {
    order: (a, b) => MYSQL_COLLATOR.compare(trimPadding(a), trimPadding(b)),
    foldMatch: baseLetters,
    foldLike: baseLetters,
    trimChar: true,
    matchChar: 'trim',
    jsonText: (document) => jsonText(document),
    jsonAsDocuments: true,
    pointText: (x, y) => `POINT(${x} ${y})`,
  },
};

/** The rules of a column: PostgreSQL's citext (read as a text type) compares its lower case form. */
const rulesOf = (column: QueryColumn, dialect: Client | undefined): Rules => {
  const rules = RULES[dialect ?? 'pg'];
  if (column.nativeType?.trim().toLowerCase() !== 'citext') return rules;
  return {
    ...rules,
    order: (a, b) => codePointOrder(a.toLowerCase(), b.toLowerCase()),
    foldMatch: unicodeLower,
    foldLike: unicodeLower,
  };
};

/** A stored value as text: JSON for a parsed document, UTF-8 for bytes. */
const textOf = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  if (value instanceof Date) return dateTimeText(value);
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
};

// --- numbers

/** A number in exact decimal form: sign, integer digits without leading zeros, fraction without trailing ones. */
interface Exact {
  sign: -1 | 0 | 1;
  whole: string;
  fraction: string;
}

type NumberOperand = { exact: Exact; float: number } | { exact: null; float: number };

const PLAIN_DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

const exactOf = (text: string): Exact | null => {
  const match = PLAIN_DECIMAL.exec(text);
  if (!match || (match[2] ?? '') + (match[3] ?? '') === '') return null;
  const whole = (match[2] ?? '').replace(/^0+/, '');
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  return { sign: whole + fraction === '' ? 0 : match[1] === '-' ? -1 : 1, whole, fraction };
};

const compareExact = (a: Exact, b: Exact): number => {
  if (a.sign !== b.sign) return a.sign < b.sign ? -1 : 1;
  const magnitude =
    a.whole.length !== b.whole.length
      ? sign(a.whole.length - b.whole.length)
      : a.whole !== b.whole
        ? codePointOrder(a.whole, b.whole)
        : codePointOrder(a.fraction, b.fraction);
  return magnitude * a.sign;
};

/**
 * A stored or given number: exact when it is an integer or decimal text (PostgreSQL and MySQL hand
 * DECIMAL over as text), a float when the driver gave one (SQLite keeps a DECIMAL as a REAL and
 * compares the given text as a REAL too).
 */
const numberOf = (value: unknown): NumberOperand | null => {
  if (typeof value === 'bigint') {
    const exact = exactOf(value.toString());
    return exact && { exact, float: Number(value) };
  }
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return null;
    const exact = Number.isSafeInteger(value) ? exactOf(String(value)) : null;
    return exact ? { exact, float: value } : { exact: null, float: value };
  }
  if (typeof value === 'string') {
    const text = value.trim();
    const exact = exactOf(text);
    if (exact) return { exact, float: Number(text) };
    const float = Number(text);
    return text === '' || Number.isNaN(float) ? null : { exact: null, float };
  }
  return null;
};

const compareNumbers = (stored: unknown, given: unknown, asFloats: boolean): number | null => {
  const a = numberOf(stored);
  const b = numberOf(given);
  if (!a || !b) return null;
  if (!asFloats && a.exact && b.exact) return compareExact(a.exact, b.exact);
  return a.float < b.float ? -1 : a.float > b.float ? 1 : a.float === b.float ? 0 : null;
};

/** A BOOL as the number it is stored as (true 1, false 0); PostgreSQL's `t` / `f` too. */
const boolNumber = (value: unknown): number | null => {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'number') return Number.isNaN(value) ? null : value;
  if (typeof value !== 'string') return null;
  const text = value.trim().toLowerCase();
  if (text === 't' || text === 'true') return 1;
  if (text === 'f' || text === 'false') return 0;
  const number = Number(text);
  return text === '' || Number.isNaN(number) ? null : number;
};

// --- dates and times, compared as their fixed-width text (chronological order)

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** `.5` for half a second; nothing for a whole one. */
const fractionText = (digits: string): string => {
  const kept = digits.replace(/0+$/, '');
  return kept === '' ? '' : `.${kept}`;
};

const dateText = (value: unknown): string => {
  if (value instanceof Date) return dateTimeText(value).slice(0, 10);
  if (typeof value === 'number') return dateTimeText(new Date(value)).slice(0, 10);
  const text = textOf(value);
  return /^\d{4}-\d{2}-\d{2}[ T]/.test(text) ? text.slice(0, 10) : text;
};

const TIME_TEXT = /^(\d{2}:\d{2})(:\d{2})?(?:\.(\d+))?/;

const timeText = (value: unknown): string => {
  if (value instanceof Date) {
    return `${dateTimeText(value).slice(11)}${fractionText(pad(value.getMilliseconds(), 3))}`;
  }
  const text = textOf(value);
  const match = TIME_TEXT.exec(text);
  return match ? `${match[1]}${match[2] ?? ':00'}${fractionText(match[3] ?? '')}` : text;
};

const DATE_TIME_TEXT =
  /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)(?:\.(\d+))?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/;

/**
 * `YYYY-MM-DD HH:mm:ss` in the server's time zone, as DATETIME values are written and given; a
 * fraction of a second stays (a later instant), a time zone (a reversed timestamptz) is converted.
 */
const dateTimeTextOf = (value: unknown): string => {
  const date = value instanceof Date ? value : typeof value === 'number' ? new Date(value) : null;
  if (date) return `${dateTimeText(date)}${fractionText(pad(date.getMilliseconds(), 3))}`;
  const text = textOf(value).trim();
  const match = DATE_TIME_TEXT.exec(text);
  if (!match) return text;
  const time = (match[2] ?? '').length === 5 ? `${match[2]}:00` : (match[2] ?? '');
  const zone = match[4];
  const local = zone
    ? parseDateTime(`${match[1]}T${time}${zone.length === 3 ? `${zone}:00` : zone}`)
    : `${match[1]} ${time}`;
  return local === null ? text : `${local}${fractionText(match[3] ?? '')}`;
};

// --- columns with a native type (reversed tables: uuid, network addresses, JSON, arrays, geometry)

type ArrayItem = string | null | ArrayItem[];

/** A PostgreSQL array literal (`{1,"a b",NULL,{2,3}}`) as its items, or null when it is not one. */
const parseArrayLiteral = (text: string): ArrayItem[] | null => {
  let at = 0;
  const skipSpace = () => {
    while (/\s/.test(text.charAt(at))) at++;
  };
  const quoted = (): string | null => {
    let out = '';
    for (at++; at < text.length;) {
      const char = text.charAt(at++);
      if (char === '"') return out;
      out += char === '\\' ? text.charAt(at++) : char;
    }
    return null;
  };
  const bare = (): string | null => {
    let out = '';
    while (at < text.length && !/[,{}"]/.test(text.charAt(at))) {
      const char = text.charAt(at++);
      out += char === '\\' ? text.charAt(at++) : char;
    }
    const item = out.trim();
    return item === '' ? null : item;
  };
  const list = (): ArrayItem[] | null => {
    const items: ArrayItem[] = [];
    at++;
    skipSpace();
    if (text.charAt(at) === '}') {
      at++;
      return items;
    }
    for (;;) {
      skipSpace();
      const start = text.charAt(at);
      if (start === '{') {
        const inner = list();
        if (inner === null) return null;
        items.push(inner);
      } else if (start === '"') {
        const item = quoted();
        if (item === null) return null;
        items.push(item);
      } else {
        const item = bare();
        if (item === null) return null;
        items.push(item.toUpperCase() === 'NULL' ? null : item);
      }
      skipSpace();
      const next = text.charAt(at++);
      if (next === '}') return items;
      if (next !== ',') return null;
    }
  };
  skipSpace();
  if (text.charAt(at) !== '{') return null;
  const items = list();
  skipSpace();
  return items !== null && at === text.length ? items : null;
};

/** A driver's array (or its text) as literal items: numbers and booleans as PostgreSQL writes them. */
const arrayItems = (value: unknown): ArrayItem[] | null => {
  if (!Array.isArray(value)) return typeof value === 'string' ? parseArrayLiteral(value) : null;
  return value.map((item: unknown): ArrayItem => {
    if (item === null || item === undefined) return null;
    if (Array.isArray(item)) return arrayItems(item);
    if (typeof item === 'boolean') return item ? 't' : 'f';
    return textOf(item);
  });
};

/** Array order: item by item, a NULL after every value and equal to another NULL, a prefix first. */
const compareArrayItems = (a: readonly ArrayItem[], b: readonly ArrayItem[]): number | null => {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i] ?? null;
    const y = b[i] ?? null;
    let order: number | null;
    if (x === null || y === null) order = x === y ? 0 : x === null ? 1 : -1;
    else if (Array.isArray(x) || Array.isArray(y))
      order = Array.isArray(x) && Array.isArray(y) ? compareArrayItems(x, y) : null;
    else {
      const left = exactOf(x.trim());
      const right = exactOf(y.trim());
      order = left && right ? compareExact(left, right) : codePointOrder(x, y);
    }
    if (order !== 0) return order;
  }
  return sign(a.length - b.length);
};

/** A uuid in any accepted form (braces, no hyphens, upper case) as 32 lower-case hex digits. */
const uuidForm = (text: string): string => text.replace(/[{}-]/g, '').toLowerCase();

/** An address as PostgreSQL writes it: a host without its full mask, a MAC address as bare hex. */
const networkForm = (text: string): string => {
  const lower = text.trim().toLowerCase();
  if (/^[0-9a-f]{2}([-:]?[0-9a-f]{2}){5,7}$/.test(lower) || /^([0-9a-f]{4}\.){2,3}[0-9a-f]{4}$/.test(lower))
    return lower.replace(/[-:.]/g, '');
  return lower.includes(':') ? lower.replace(/\/128$/, '') : lower.replace(/\/32$/, '');
};

/** A JSON document as PostgreSQL's jsonb and MySQL write one: keys shortest first, `": "` and `", "`. */
const jsonText = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(jsonText).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).sort(([a], [b]) => a.length - b.length || codePointOrder(a, b));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}: ${jsonText(item)}`).join(', ')}}`;
  }
  return JSON.stringify(value) ?? 'null';
};

const parseJson = (value: unknown): { document: unknown } | null => {
  if (typeof value !== 'string' && !Buffer.isBuffer(value)) return { document: value };
  try {
    return { document: JSON.parse(textOf(value)) as unknown };
  } catch {
    return null;
  }
};

/** JSON documents equal as documents: the order of keys aside, numbers as numbers. */
const sameDocument = (a: unknown, b: unknown): boolean => {
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((x, i) => sameDocument(x, b[i]))
    );
  }
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length &&
      keys.every(
        (key) =>
          Object.hasOwn(b, key) &&
          sameDocument((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
      )
    );
  }
  return a === b;
};

const isPoint = (value: unknown): value is { x: number; y: number } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { x?: unknown }).x === 'number' &&
  typeof (value as { y?: unknown }).y === 'number';

/** A native value's text form, as the database casts it to text for LIKE and text equality. */
const nativeText = (value: unknown, kind: NativeKind, rules: Rules): string => {
  if (typeof value === 'string' || Buffer.isBuffer(value)) return textOf(value);
  if (kind === 'geometric' && isPoint(value)) return rules.pointText(value.x, value.y);
  if (kind === 'json') return rules.jsonText(value);
  if (Array.isArray(value)) {
    const render = (items: readonly ArrayItem[]): string =>
      `{${items
        .map((item) =>
          item === null
            ? 'NULL'
            : Array.isArray(item)
              ? render(item)
              : item === '' || /[{}",\\\s]/.test(item) || item.toUpperCase() === 'NULL'
                ? `"${item.replace(/["\\]/g, '\\$&')}"`
                : item,
        )
        .join(',')}}`;
    return render(arrayItems(value) ?? []);
  }
  return textOf(value);
};

// --- one test

/** How one stored value compares with the values of a condition. */
interface Comparison {
  /** -1, 0 or 1 against a given value; null when they cannot be ordered (then no range test holds). */
  order(given: ScalarValue): number | null;
  /** Whether it equals a given value as EQ / IN see it; null when that is unknown. */
  equals(given: ScalarValue): boolean | null;
}

const byOrder = (order: (given: ScalarValue) => number | null): Comparison => ({
  order,
  equals: (given) => {
    const result = order(given);
    return result === null ? null : result === 0;
  },
});

const NOTHING: Comparison = { order: () => null, equals: () => null };

const nativeComparison = (stored: unknown, kind: NativeKind, rules: Rules): Comparison => {
  switch (kind) {
    case 'uuid': {
      const form = uuidForm(textOf(stored));
      return byOrder((given) => codePointOrder(form, uuidForm(String(given))));
    }
    case 'network': {
      const form = networkForm(textOf(stored));
      return byOrder((given) => codePointOrder(form, networkForm(String(given))));
    }
    case 'array': {
      const items = arrayItems(stored);
      return byOrder((given) => {
        const other = parseArrayLiteral(String(given));
        return items && other ? compareArrayItems(items, other) : null;
      });
    }
    case 'json': {
      const parsed = parseJson(stored);
      return {
        order: () => null,
        equals: (given) => {
          const other = parseJson(String(given));
          if (!parsed || !other) return null;
          // SQLite compares the documents' minified text; PostgreSQL and MySQL the documents.
          return rules.jsonAsDocuments
            ? sameDocument(parsed.document, other.document)
            : JSON.stringify(parsed.document) === JSON.stringify(other.document);
        },
      };
    }
    case 'geometric':
    case 'opaque': {
      const text = nativeText(stored, kind, rules);
      return byOrder((given) => rules.order(text, String(given)));
    }
  }
};

const comparisonOf = (stored: unknown, column: QueryColumn, rules: Rules): Comparison => {
  const native = nativeKindOf(column.nativeType);
  if (native !== null) return nativeComparison(stored, native, rules);
  switch (kindOf(column.dataType)) {
    case 'integer':
    case 'decimal':
      return byOrder((given) => compareNumbers(stored, given, false));
    case 'float':
      return byOrder((given) => compareNumbers(stored, given, true));
    case 'bool': {
      const number = boolNumber(stored);
      return byOrder((given) => {
        const other = boolNumber(given);
        return number === null || other === null ? null : sign(number - other);
      });
    }
    case 'date': {
      const text = dateText(stored);
      return byOrder((given) => codePointOrder(text, String(given)));
    }
    case 'time': {
      const text = timeText(stored);
      return byOrder((given) => codePointOrder(text, String(given)));
    }
    case 'datetime': {
      const text = dateTimeTextOf(stored);
      return byOrder((given) => codePointOrder(text, String(given)));
    }
    case 'text': {
      const trim = column.dataType === 'CHAR' && rules.trimChar ? trimPadding : same;
      const text = trim(textOf(stored));
      return byOrder((given) => rules.order(text, trim(String(given))));
    }
    case 'password':
      return NOTHING;
  }
};

/** The text LIKE and its kin look at: a native value's text form, a CHAR as the database matches it. */
const matchTextOf = (stored: unknown, column: QueryColumn, rules: Rules): string => {
  const native = nativeKindOf(column.nativeType);
  if (native !== null) return nativeText(stored, native, rules);
  const text = textOf(stored);
  if (column.dataType !== 'CHAR' || rules.matchChar === 'keep') return text;
  if (rules.matchChar === 'trim') return trimPadding(text);
  const length = column.length && column.length > 0 ? column.length : DEFAULT_CHAR_LENGTH;
  return text + ' '.repeat(Math.max(0, length - [...text].length));
};

const isMultipleChoice = (column: QueryColumn): boolean =>
  Boolean(column.multipleValue && Array.isArray(column.options) && column.options.length > 0);

/**
 * EQ / IN on a multiple choice column (a comma list `a,b`): the whole value equals the given one,
 * or LIKE finds it first (`v,%`), last (`%,v`) or between two others (`%,v,%`).
 */
const choseAny = (
  stored: unknown,
  values: readonly ScalarValue[],
  column: QueryColumn,
  rules: Rules,
): boolean => {
  const text = textOf(stored);
  const whole = comparisonOf(stored, { ...column, nativeType: null }, rules);
  const folded = rules.foldLike(text);
  return values.some((value) => {
    if (whole.equals(value) === true) return true;
    const item = rules.foldLike(String(value));
    return folded.startsWith(`${item},`) || folded.endsWith(`,${item}`) || folded.includes(`,${item},`);
  });
};

/** The test of a text match (LIKE and its kin): where the given text must stand, and its case. */
const textMatch = (leaf: LeafCondition, text: string, rules: Rules): boolean => {
  const given = String(leaf.values[0] ?? '');
  const caseSensitive = leaf.operator === 'LIKECS' || leaf.operator === 'NOTLIKECS';
  const haystack = caseSensitive ? text : rules.foldMatch(text);
  const needle = caseSensitive ? given : rules.foldMatch(given);
  switch (leaf.operator) {
    case 'STARTSWITH':
    case 'NOTSTARTSWITH':
      return haystack.startsWith(needle);
    case 'ENDSWITH':
    case 'NOTENDSWITH':
      return haystack.endsWith(needle);
    default:
      return haystack.includes(needle);
  }
};

const leafMeets = (leaf: LeafCondition, stored: unknown, column: QueryColumn, rules: Rules): boolean => {
  const { operator, values } = leaf;
  // NULL: only IS NULL holds, and an empty NOT IN, which adds no test at all.
  if (stored === null) return operator === 'ISNULL' || (operator === 'NOTIN' && values.length === 0);
  switch (operator) {
    case 'ISNULL':
      return false;
    case 'ISNOTNULL':
      return true;
    case 'LIKE':
    case 'STARTSWITH':
    case 'ENDSWITH':
    case 'LIKECS':
      return textMatch(leaf, matchTextOf(stored, column, rules), rules);
    case 'NOTLIKE':
    case 'NOTSTARTSWITH':
    case 'NOTENDSWITH':
    case 'NOTLIKECS':
      return !textMatch(leaf, matchTextOf(stored, column, rules), rules);
    default:
      break;
  }
  if ((operator === 'EQ' || operator === 'IN') && isMultipleChoice(column))
    return choseAny(stored, operator === 'EQ' ? values.slice(0, 1) : values, column, rules);
  const comparison = comparisonOf(stored, column, rules);
  const [first, second] = values;
  const order = (given: ScalarValue | undefined): number | null =>
    given === undefined ? null : comparison.order(given);
  const holds = (result: number | null, test: (order: number) => boolean): boolean =>
    result !== null && test(result);
  switch (operator) {
    case 'EQ':
      return first !== undefined && comparison.equals(first) === true;
    case 'IN':
      return values.some((value) => comparison.equals(value) === true);
    case 'NE':
      return first !== undefined && comparison.equals(first) === false;
    case 'NOTIN':
      return values.every((value) => comparison.equals(value) === false);
    case 'GT':
      return holds(order(first), (result) => result > 0);
    case 'GE':
      return holds(order(first), (result) => result >= 0);
    case 'LT':
      return holds(order(first), (result) => result < 0);
    case 'LE':
      return holds(order(first), (result) => result <= 0);
    case 'BETWEEN':
    case 'NOTBETWEEN': {
      const low = order(first);
      const high = order(second);
      if (low === null || high === null) return false;
      const between = low >= 0 && high <= 0;
      return operator === 'BETWEEN' ? between : !between;
    }
    default:
      return false;
  }
};
