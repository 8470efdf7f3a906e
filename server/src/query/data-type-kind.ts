import { dataTypeTraits, type DataType, type DataTypeKind } from '../../../contract/index';

export type { DataTypeKind };

/** How a data type behaves in filters, bodies and output; an unknown type is an error. */
export const kindOf = (dataType: DataType): DataTypeKind => dataTypeTraits(dataType).kind;

/** Text columns that LIKE and the keyword-search fallback look at (never PASSWORD). */
export const isTextType = (dataType: DataType): boolean => dataTypeTraits(dataType).text;
