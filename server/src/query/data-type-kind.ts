import type { DataType } from '../../../contract/index';
import { isIntegerType } from '../dialects/integer-range';

export type DataTypeKind =
  'text' | 'password' | 'integer' | 'float' | 'decimal' | 'date' | 'time' | 'datetime' | 'bool';

/** How a data type behaves in filters, bodies and output. */
export const kindOf = (dataType: DataType): DataTypeKind => {
  if (isIntegerType(dataType)) return 'integer';
  switch (dataType) {
    case 'FLOAT':
    case 'DOUBLE':
      return 'float';
    case 'DECIMAL':
      return 'decimal';
    case 'DATE':
      return 'date';
    case 'TIME':
      return 'time';
    case 'DATETIME':
      return 'datetime';
    case 'BOOL':
      return 'bool';
    case 'PASSWORD':
      return 'password';
    default:
      return 'text';
  }
};

/** Text columns that LIKE and the keyword-search fallback look at (never PASSWORD). */
export const isTextType = (dataType: DataType): boolean => kindOf(dataType) === 'text';
