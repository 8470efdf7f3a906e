import { DATA_TYPE_TABLE, type LengthRule } from '../../../contract/index';
import type { Client } from '../config';
import type { ColumnDef } from '../model/table-def';

export type Dialect = Client;

type TypedColumn = Pick<ColumnDef, 'dataType' | 'length' | 'precision' | 'scale' | 'unsigned'>;

const fixed = (rule: LengthRule | null): number => (rule && 'fixed' in rule ? rule.fixed : 0);
const fallback = (rule: LengthRule | null): number => (rule && 'fallback' in rule ? rule.fallback : 0);
const DECIMAL = DATA_TYPE_TABLE.DECIMAL.decimal;

/** Fixed lengths of the text-backed types (an ATTACHMENT holds a URL, a PASSWORD a hash). */
export const ATTACHMENT_LENGTH = fixed(DATA_TYPE_TABLE.ATTACHMENT.length);
export const PASSWORD_LENGTH = fixed(DATA_TYPE_TABLE.PASSWORD.length);
/** What a column that gives no length, precision or scale gets. */
export const DEFAULT_VARCHAR_LENGTH = fallback(DATA_TYPE_TABLE.VARCHAR.length);
export const DEFAULT_CHAR_LENGTH = fallback(DATA_TYPE_TABLE.CHAR.length);
export const DEFAULT_DECIMAL_PRECISION = DECIMAL?.precision.fallback ?? 10;
export const DEFAULT_DECIMAL_SCALE = DECIMAL?.scale.fallback ?? 0;

const PG_INTEGER = {
  TINYINT: ['smallint', 'smallint'],
  SMALLINT: ['smallint', 'integer'],
  MEDIUMINT: ['integer', 'integer'],
  INT: ['integer', 'bigint'],
  BIGINT: ['bigint', 'bigint'],
} as const;

const SQLITE_INTEGER = {
  TINYINT: 'tinyint',
  SMALLINT: 'smallint',
  MEDIUMINT: 'mediumint',
  INT: 'integer',
  BIGINT: 'bigint',
} as const;

const MYSQL_INTEGER = {
  TINYINT: 'tinyint',
  SMALLINT: 'smallint',
  MEDIUMINT: 'mediumint',
  INT: 'int',
  BIGINT: 'bigint',
} as const;

const positive = (value: number | null, fallback: number): number =>
  value !== null && Number.isInteger(value) && value > 0 ? value : fallback;

/**
 * The physical column type of a data type on a dialect, as SQL type text built only from constants
 * and validated integers (never from request text). MySQL adds `unsigned` as a modifier; PostgreSQL
 * stores an unsigned integer in the next wider type so that the MySQL range fits (BIGINT excepted),
 * and both PostgreSQL and SQLite get a CHECK (col >= 0) for it.
 */
export const physicalType = (dialect: Dialect, column: TypedColumn): string => {
  const { dataType } = column;
  switch (dataType) {
    case 'CHAR':
      return `char(${positive(column.length, DEFAULT_CHAR_LENGTH)})`;
    case 'VARCHAR':
      return `varchar(${positive(column.length, DEFAULT_VARCHAR_LENGTH)})`;
    case 'ATTACHMENT':
      return `varchar(${ATTACHMENT_LENGTH})`;
    case 'PASSWORD':
      return `varchar(${PASSWORD_LENGTH})`;
    case 'TEXT':
      return 'text';
    case 'LONGTEXT':
      return dialect === 'mysql' ? 'longtext' : 'text';
    case 'TINYINT':
    case 'SMALLINT':
    case 'MEDIUMINT':
    case 'INT':
    case 'BIGINT':
      if (dialect === 'pg') return PG_INTEGER[dataType][column.unsigned ? 1 : 0];
      return dialect === 'mysql' ? MYSQL_INTEGER[dataType] : SQLITE_INTEGER[dataType];
    case 'FLOAT':
      return dialect === 'mysql' ? 'float' : 'real';
    case 'DOUBLE':
      return dialect === 'pg' ? 'double precision' : 'double';
    case 'DECIMAL': {
      const precision = positive(column.precision, DEFAULT_DECIMAL_PRECISION);
      const scale =
        column.scale !== null && Number.isInteger(column.scale) && column.scale >= 0 ? column.scale : 0;
      return `decimal(${precision},${Math.min(scale, precision)})`;
    }
    case 'DATE':
      return 'date';
    case 'TIME':
      return dialect === 'pg' ? 'time(0)' : 'time';
    case 'DATETIME':
      return dialect === 'pg' ? 'timestamp(0)' : 'datetime';
    case 'BOOL':
      return dialect === 'mysql' ? 'tinyint(1)' : 'boolean';
  }
};

/** Whether the dialect enforces `unsigned` with a CHECK constraint (MySQL has the native modifier). */
export const unsignedNeedsCheck = (
  dialect: Dialect,
  column: Pick<ColumnDef, 'unsigned' | 'dataType'>,
): boolean => dialect !== 'mysql' && column.unsigned;
