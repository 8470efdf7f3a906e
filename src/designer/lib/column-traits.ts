import { DATA_TYPE_TABLE, type Column, type DataType, type IndexType } from '../../../contract';

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

/** Length bounds of a type the designer sizes (CHAR, VARCHAR), from the shared table. */
const sized = (type: 'CHAR' | 'VARCHAR') => {
  const rule = DATA_TYPE_TABLE[type].length;
  return rule && 'initial' in rule ? { initial: rule.initial, max: rule.max } : undefined;
};

const string = (type: 'CHAR' | 'VARCHAR'): DataTypeTraits => ({
  ...(sized(type) ? { length: sized(type) } : {}),
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

const DECIMAL_RULE = DATA_TYPE_TABLE.DECIMAL.decimal;
const DECIMAL_SIZES = DECIMAL_RULE
  ? {
      precision: { initial: DECIMAL_RULE.precision.initial, max: DECIMAL_RULE.precision.max },
      scale: { initial: DECIMAL_RULE.scale.initial, max: DECIMAL_RULE.scale.max },
    }
  : {};

/**
 * The designer's traits of each data type (sizes from the shared table), as the server treats them: ATTACHMENT (a URL) and
 * PASSWORD (a hash) have fixed lengths, FLOAT and DOUBLE no precision, only INT and BIGINT can
 * auto-increment, only integers are unsigned, TEXT and LONGTEXT take only a full-text index.
 */
export const DATA_TYPE_TRAITS: Record<DataType, DataTypeTraits> = {
  CHAR: string('CHAR'),
  VARCHAR: string('VARCHAR'),
  TEXT: { ...longText(), multipleValue: true },
  LONGTEXT: longText(),
  TINYINT: integer(),
  SMALLINT: integer(),
  MEDIUMINT: integer(),
  INT: integer(true),
  BIGINT: integer(true),
  FLOAT: { ...plain(), numeric: true },
  DOUBLE: { ...plain(), numeric: true },
  DECIMAL: { ...plain(), numeric: true, ...DECIMAL_SIZES },
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
