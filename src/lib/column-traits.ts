import type { Column, DataType, IndexType } from '../../contract';

/** What a data type allows in the column grid; every other cell of the row is disabled. */
export interface DataTypeTraits {
  /** Length applies, with the value a new column of this type starts with. */
  length?: { initial: number; max: number };
  /** Precision and scale apply (DECIMAL), with their initial values. */
  precision?: { initial: number | null; max: number };
  scale?: { initial: number | null; max: number };
  numeric: boolean;
  integer: boolean;
  /** Can be the auto-increment primary key (INT, BIGINT). */
  autoIncrement: boolean;
  /** Takes a default value (TEXT, LONGTEXT and PASSWORD do not). */
  defaultValue: boolean;
  /** Kinds of sequence a column of this type can take its value from. */
  sequences: readonly ('LONG' | 'STRING' | 'GUID')[];
  /** Index types the type can carry on its own. */
  indexTypes: readonly IndexType[];
  /** A comma-joined list of ids (relation foreign key holding several values). */
  multipleValue: boolean;
}

const KEYED: readonly IndexType[] = ['NONE', 'PRIMARY', 'UNIQUE', 'INDEX'];
const TEXT_INDEXES: readonly IndexType[] = ['NONE', 'PRIMARY', 'UNIQUE', 'INDEX', 'FULLTEXT'];
const NO_INDEX: readonly IndexType[] = ['NONE'];

const integer = (autoIncrement = false): DataTypeTraits => ({
  numeric: true,
  integer: true,
  autoIncrement,
  defaultValue: true,
  sequences: ['LONG'],
  indexTypes: KEYED,
  multipleValue: false,
});

const plain = (indexTypes: readonly IndexType[] = KEYED): DataTypeTraits => ({
  numeric: false,
  integer: false,
  autoIncrement: false,
  defaultValue: true,
  sequences: [],
  indexTypes,
  multipleValue: false,
});

/** Any sequence can fill a text column (a LONG one as its digits). */
const ALL_SEQUENCES = ['LONG', 'STRING', 'GUID'] as const;

const string = (length: number, max: number): DataTypeTraits => ({
  length: { initial: length, max },
  numeric: false,
  integer: false,
  autoIncrement: false,
  defaultValue: true,
  sequences: ALL_SEQUENCES,
  indexTypes: TEXT_INDEXES,
  multipleValue: true,
});

const longText = (): DataTypeTraits => ({
  ...plain(['NONE', 'FULLTEXT']),
  defaultValue: false,
  sequences: ALL_SEQUENCES,
});

/**
 * Traits of the 18 data types of API.md §2.1, as the server treats them: ATTACHMENT (a URL) and
 * PASSWORD (a hash) have fixed lengths, FLOAT and DOUBLE no precision, only INT and BIGINT can
 * auto-increment, only integers are unsigned, TEXT and LONGTEXT take only a full-text index.
 */
export const DATA_TYPE_TRAITS: Record<DataType, DataTypeTraits> = {
  CHAR: string(50, 255),
  VARCHAR: string(200, 16383),
  TEXT: { ...longText(), multipleValue: true },
  LONGTEXT: longText(),
  TINYINT: integer(),
  SMALLINT: integer(),
  MEDIUMINT: integer(),
  INT: integer(true),
  BIGINT: integer(true),
  FLOAT: { ...plain(), numeric: true },
  DOUBLE: { ...plain(), numeric: true },
  DECIMAL: { ...plain(), numeric: true, precision: { initial: 10, max: 65 }, scale: { initial: 2, max: 30 } },
  DATE: plain(),
  TIME: plain(),
  DATETIME: plain(),
  BOOL: plain(),
  ATTACHMENT: plain(NO_INDEX),
  PASSWORD: { ...plain(NO_INDEX), defaultValue: false },
};

/** Grid cells whose availability depends on the rest of the row. */
export type ConditionalField =
  | 'length'
  | 'precision'
  | 'scale'
  | 'unsigned'
  | 'autoIncrement'
  | 'seqId'
  | 'multipleValue'
  | 'indexStorage'
  | 'indexName'
  | 'defaultValue';

const KEY_INDEXES: readonly (IndexType | null | undefined)[] = ['PRIMARY', 'UNIQUE', 'INDEX'];

/** Whether a cell of the column grid is meaningful (enabled) for this row. */
export const isColumnFieldEnabled = (
  column: Pick<Column, 'dataType' | 'indexType' | 'autoIncrement'>,
  field: ConditionalField,
): boolean => {
  const traits = DATA_TYPE_TRAITS[column.dataType];
  switch (field) {
    case 'length':
      return Boolean(traits.length);
    case 'precision':
      return Boolean(traits.precision);
    case 'scale':
      return Boolean(traits.scale);
    case 'unsigned':
      return traits.integer;
    case 'autoIncrement':
      return traits.autoIncrement;
    case 'seqId':
      return traits.sequences.length > 0 && !column.autoIncrement;
    case 'multipleValue':
      return traits.multipleValue;
    case 'indexStorage':
      return KEY_INDEXES.includes(column.indexType);
    case 'indexName':
      return Boolean(column.indexType) && column.indexType !== 'NONE';
    case 'defaultValue':
      return traits.defaultValue && !column.autoIncrement;
  }
};
