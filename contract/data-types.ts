/** Column data types (docs/contract.md: one row of traits per type in DATA_TYPE_TABLE). */
export const DATA_TYPES = [
  'CHAR',
  'VARCHAR',
  'TEXT',
  'LONGTEXT',
  'TINYINT',
  'SMALLINT',
  'MEDIUMINT',
  'INT',
  'BIGINT',
  'FLOAT',
  'DOUBLE',
  'DECIMAL',
  'DATE',
  'TIME',
  'DATETIME',
  'BOOL',
  'ATTACHMENT',
  'PASSWORD',
] as const;
export type DataType = (typeof DATA_TYPES)[number];

/** How values of a type behave everywhere: filters, bodies, output, conversions. */
export type DataTypeKind =
  'text' | 'password' | 'integer' | 'float' | 'decimal' | 'date' | 'time' | 'datetime' | 'bool';

/** The length a text type takes: chosen per column (with bounds) or fixed. */
export type LengthRule =
  | {
      /** What a new column of this type starts with in the designer. */
      initial: number;
      /** The largest length the designer offers. */
      max: number;
      /** What the server uses when a column gives none. */
      fallback: number;
    }
  | { fixed: number };

/** Precision and scale of a DECIMAL: designer start values and bounds, server fallbacks. */
export interface DecimalRule {
  precision: { initial: number; max: number; fallback: number };
  scale: { initial: number; max: number; fallback: number };
}

/** Every trait of one data type; each half keys its own behaviour (inputs, SQL types) by DataType. */
export interface DataTypeTraits {
  kind: DataTypeKind;
  numeric: boolean;
  integer: boolean;
  /** DATE, TIME, DATETIME. */
  temporal: boolean;
  /** Free text (the LIKE search and the keyword fallback look at it); never PASSWORD. */
  text: boolean;
  boolean: boolean;
  /** Can be one end of a relation (integers, CHAR, VARCHAR). */
  keyLike: boolean;
  /** Feeds the full-text body (not BOOL, PASSWORD or ATTACHMENT). */
  searchable: boolean;
  length: LengthRule | null;
  decimal: DecimalRule | null;
  /** Bits of an integer type; its range is MySQL's for those bits, signed or unsigned. */
  integerBits: number | null;
  /** Default width of a list cell, in pixels. */
  cellWidth: number;
}

const CELL_WIDTH = 160;

const base = (kind: DataTypeKind): DataTypeTraits => ({
  kind,
  numeric: false,
  integer: false,
  temporal: false,
  text: false,
  boolean: false,
  keyLike: false,
  searchable: true,
  length: null,
  decimal: null,
  integerBits: null,
  cellWidth: CELL_WIDTH,
});

const text = (length: LengthRule | null, keyLike = false): DataTypeTraits => ({
  ...base('text'),
  text: true,
  keyLike,
  length,
});

const integer = (bits: number): DataTypeTraits => ({
  ...base('integer'),
  numeric: true,
  integer: true,
  keyLike: true,
  integerBits: bits,
});

const temporal = (kind: 'date' | 'time' | 'datetime'): DataTypeTraits => ({ ...base(kind), temporal: true });

/** The one table of data-type traits. */
export const DATA_TYPE_TABLE: Readonly<Record<DataType, DataTypeTraits>> = {
  CHAR: text({ initial: 50, max: 255, fallback: 1 }, true),
  VARCHAR: text({ initial: 200, max: 16383, fallback: 255 }, true),
  TEXT: text(null),
  LONGTEXT: text(null),
  TINYINT: integer(8),
  SMALLINT: integer(16),
  MEDIUMINT: integer(24),
  INT: integer(32),
  BIGINT: integer(64),
  FLOAT: { ...base('float'), numeric: true },
  DOUBLE: { ...base('float'), numeric: true },
  DECIMAL: {
    ...base('decimal'),
    numeric: true,
    decimal: {
      precision: { initial: 10, max: 65, fallback: 10 },
      scale: { initial: 2, max: 30, fallback: 0 },
    },
  },
  DATE: temporal('date'),
  TIME: temporal('time'),
  DATETIME: temporal('datetime'),
  BOOL: { ...base('bool'), boolean: true, searchable: false },
  // An attachment holds a URL, a password a hash: both are text of a fixed length.
  ATTACHMENT: { ...text({ fixed: 1000 }), searchable: false },
  PASSWORD: { ...base('password'), searchable: false, length: { fixed: 200 } },
};

export const isDataType = (value: unknown): value is DataType =>
  typeof value === 'string' && Object.hasOwn(DATA_TYPE_TABLE, value);

/** A data type that is none of DATA_TYPES (from stored metadata or the wire). */
export class UnknownDataTypeError extends Error {
  constructor(readonly dataType: unknown) {
    super(`Unknown data type: ${String(dataType).slice(0, 50)}`);
    this.name = 'UnknownDataTypeError';
  }
}

/** The traits of a data type; an unknown type is an error, never treated as text. */
export const dataTypeTraits = (dataType: DataType | string): DataTypeTraits => {
  if (!isDataType(dataType)) throw new UnknownDataTypeError(dataType);
  return DATA_TYPE_TABLE[dataType];
};

/** The data types having a trait, in DATA_TYPES order. */
export const dataTypesWhere = (test: (traits: DataTypeTraits) => boolean): DataType[] =>
  DATA_TYPES.filter((type) => test(DATA_TYPE_TABLE[type]));

export const INDEX_TYPES = ['NONE', 'PRIMARY', 'UNIQUE', 'INDEX', 'FULLTEXT'] as const;
export type IndexType = (typeof INDEX_TYPES)[number];

export const INDEX_STORAGES = ['NONE', 'BTREE', 'HASH'] as const;
export type IndexStorage = (typeof INDEX_STORAGES)[number];

export const RELATION_TYPES = ['OneToMany', 'ManyToOne', 'OneToOneMainToSub', 'OneToOneSubToMain'] as const;
export type RelationType = (typeof RELATION_TYPES)[number];

export const SEQUENCE_TYPES = ['STRING', 'LONG', 'GUID'] as const;
export type SequenceType = (typeof SEQUENCE_TYPES)[number];
