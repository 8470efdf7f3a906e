import type { DataType, IndexType } from '../../../contract/index';

/** What the query layer needs to know of a column (metadata `StoredColumn` fits). */
export interface QueryColumn {
  name: string;
  dataType: DataType;
  length: number | null;
  precision: number | null;
  scale: number | null;
  unsigned: boolean;
  indexType: IndexType | null;
  queryable: boolean;
  /** Reversed tables: the physical type the data type approximates (dialects/native-kind.ts). */
  nativeType?: string | null;
  /** A multiple choice column (options and multipleValue): EQ / IN match any chosen value. */
  multipleValue?: boolean;
  options?: readonly unknown[] | null;
}

/** What the query layer needs to know of a table. */
export interface QueryTable {
  tableName: string;
  columns: readonly QueryColumn[];
  primaryNames: readonly string[];
  /** Names of the table's relations (they may appear in `select` and `expand`). */
  relationNames: readonly string[];
}

/**
 * Text matches (LIKE and its kin): text columns only, the value taken as text. LIKE matches
 * anywhere, STARTSWITH / ENDSWITH at an end, all ignoring case; LIKECS anywhere, minding case.
 * The NOT forms keep the rows that do not match (a null never matches either way).
 */
const TEXT_MATCHES = [
  'LIKE',
  'NOTLIKE',
  'STARTSWITH',
  'NOTSTARTSWITH',
  'ENDSWITH',
  'NOTENDSWITH',
  'LIKECS',
  'NOTLIKECS',
] as const;

export const OPERATORS = [
  'EQ',
  'NE',
  'IN',
  'NOTIN',
  'GE',
  'GT',
  'LE',
  'LT',
  'BETWEEN',
  'NOTBETWEEN',
  'ISNULL',
  'ISNOTNULL',
  ...TEXT_MATCHES,
] as const;
export type Operator = (typeof OPERATORS)[number];

/** The text matches (TEXT_MATCHES above). */
export const TEXT_MATCH_OPERATORS: ReadonlySet<Operator> = new Set(TEXT_MATCHES);

/** A value coerced to its column's type: integers beyond 2^53 and decimals stay strings. */
export type ScalarValue = string | number | boolean;

/** One test on one column. BETWEEN always has two values (open sides become GE / LE). */
export interface LeafCondition {
  kind: 'leaf';
  column: string;
  operator: Operator;
  values: ScalarValue[];
}

export interface GroupCondition {
  kind: 'group';
  conditionType: 'AND' | 'OR';
  conditions: Condition[];
}

export type Condition = LeafCondition | GroupCondition;

export interface OrderItem {
  column: string;
  direction: 'asc' | 'desc';
}

/** A parsed list request: every name resolved through metadata, every value coerced. */
export interface ListQuery {
  offset: number;
  limit: number;
  search: string | null;
  /** Columns and relations to return; null means all columns and the default relations. */
  select: { columns: string[]; relations: string[] } | null;
  orderBy: OrderItem[];
  /** Relations whose rows are loaded in full (OneToMany / MainToSub children on lists). */
  expand: string[];
  /** The conjunction of the column filters and `filter`; null when there is none. */
  where: Condition | null;
  /** `collation=pinyin`: text columns are ordered in pinyin order; null: as the database stores them. */
  collation: ListCollation | null;
}

/** The orders a list may ask of its text columns besides the database's own (`collation=`). */
export const LIST_COLLATIONS = ['pinyin'] as const;
export type ListCollation = (typeof LIST_COLLATIONS)[number];
