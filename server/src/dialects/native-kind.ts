/**
 * How a reversed column whose physical type crudboard's data type only approximates (its
 * `nativeType`) behaves in filters, keyword search and sorting. `null`: like its data type (a
 * `timestamptz` read as DATETIME, a `money` read as DECIMAL, an `enum` read as VARCHAR...).
 */
export type NativeKind = 'uuid' | 'network' | 'json' | 'array' | 'geometric' | 'opaque';

/** What a filter or an order may ask of a column of that kind. */
export interface NativeRule {
  /** EQ, NE, IN, NOTIN: on the native value (`native`), or on its text form (`text`). */
  equality: 'native' | 'text';
  /** GE, GT, LE, LT, BETWEEN: allowed (on the native value), or refused with 400. */
  range: boolean;
  /** ORDER BY: allowed (on the native value), or refused with 400. */
  order: boolean;
  /** The value of an equality test (and of a write) must be of this form, checked before SQL. */
  valueForm: 'uuid' | 'json' | null;
}

/**
 * One rule per kind. LIKE and the keyword search always look at the column's text form (a uuid, an
 * address, a JSON document, an array or a point as the database writes it), so they work on every
 * kind. Geometric values have no order and no equality of their own; opaque ones (types crudboard
 * does not know: tsvector, xml, bit strings, binary...) are compared as text and never ordered.
 */
export const NATIVE_RULES: Readonly<Record<NativeKind, NativeRule>> = {
  uuid: { equality: 'native', range: true, order: true, valueForm: 'uuid' },
  network: { equality: 'native', range: true, order: true, valueForm: null },
  json: { equality: 'native', range: false, order: true, valueForm: 'json' },
  array: { equality: 'native', range: true, order: true, valueForm: null },
  geometric: { equality: 'text', range: false, order: false, valueForm: null },
  opaque: { equality: 'text', range: false, order: false, valueForm: null },
};

const NETWORK = new Set(['inet', 'cidr', 'macaddr', 'macaddr8', 'inet4', 'inet6']);
const JSON_TYPES = new Set(['json', 'jsonb']);
const GEOMETRIC = new Set([
  'point',
  'line',
  'lseg',
  'box',
  'path',
  'polygon',
  'circle',
  'geometry',
  'linestring',
  'multipoint',
  'multilinestring',
  'multipolygon',
  'geometrycollection',
  'geomcollection',
]);
/**
 * Physical types whose values compare, sort and match like the data type they are read as:
 * text, numbers, dates and times with or without a time zone, booleans, MySQL's enum, set and year.
 */
const LIKE_ITS_DATA_TYPE =
  /^(character varying|character|varchar|char|bpchar|nchar|nvarchar|varchar2|nvarchar2|national .*|native character|varying character|text|tinytext|mediumtext|longtext|citext|clob|tinyint|smallint|mediumint|int|integer|bigint|int[1-8]|smallserial|serial|bigserial|real|float|float4|float8|double|double precision|decimal|numeric|dec|fixed|money|date|time|timetz|time with(out)? time zone|timestamp|timestamptz|timestamp with(out)? time zone|datetime|year|bool|boolean|enum|set)$/;

/** `varchar(40)` → `varchar`, `numeric(10, 2) unsigned` → `numeric`, `integer[]` stays. */
const baseName = (nativeType: string): string =>
  nativeType
    .trim()
    .toLowerCase()
    .replace(/\([^)]*\)/g, '')
    .replace(/\b(unsigned|signed|zerofill)\b/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** The kind of a column's native type, or null when it behaves like its data type (or has none). */
export const nativeKindOf = (nativeType: string | null | undefined): NativeKind | null => {
  if (nativeType === null || nativeType === undefined || nativeType.trim() === '') return null;
  const base = baseName(nativeType);
  if (base.endsWith('[]') || /\barray\b/.test(base)) return 'array';
  if (base === 'uuid') return 'uuid';
  if (NETWORK.has(base)) return 'network';
  if (JSON_TYPES.has(base)) return 'json';
  if (GEOMETRIC.has(base)) return 'geometric';
  if (LIKE_ITS_DATA_TYPE.test(base)) return null;
  return 'opaque';
};

/** The rule of a column's native type, or null when its data type's rules apply. */
export const nativeRuleOf = (nativeType: string | null | undefined): NativeRule | null => {
  const kind = nativeKindOf(nativeType);
  return kind === null ? null : NATIVE_RULES[kind];
};
