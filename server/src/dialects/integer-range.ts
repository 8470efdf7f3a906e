import { DATA_TYPE_TABLE, dataTypesWhere, isDataType, type DataType } from '../../../contract/index';

export type IntegerType = Extract<DataType, 'TINYINT' | 'SMALLINT' | 'MEDIUMINT' | 'INT' | 'BIGINT'>;

export const INTEGER_TYPES = dataTypesWhere((traits) => traits.integer) as readonly IntegerType[];

export const isIntegerType = (type: DataType): type is IntegerType =>
  isDataType(type) && DATA_TYPE_TABLE[type].integer;

const BITS = Object.fromEntries(
  INTEGER_TYPES.map((type) => [type, BigInt(DATA_TYPE_TABLE[type].integerBits ?? 0)]),
) as Record<IntegerType, bigint>;

export interface IntegerRange {
  readonly min: bigint;
  readonly max: bigint;
}

const rangeOf = (bits: bigint, unsigned: boolean): IntegerRange =>
  Object.freeze(
    unsigned ? { min: 0n, max: 2n ** bits - 1n } : { min: -(2n ** (bits - 1n)), max: 2n ** (bits - 1n) - 1n },
  );

/** Every range, computed once: reading a value checks its key against one on every record. */
const RANGES = Object.fromEntries(
  Object.entries(BITS).map(([type, bits]) => [type, [rangeOf(bits, false), rangeOf(bits, true)] as const]),
) as Record<IntegerType, readonly [signed: IntegerRange, unsigned: IntegerRange]>;

/**
 * The range of an integer data type as MySQL defines it, which is what crudboard promises on every
 * database (PostgreSQL and SQLite store the values in a type at least as wide).
 */
export const integerRange = (type: IntegerType, unsigned: boolean): IntegerRange =>
  RANGES[type][unsigned ? 1 : 0];

/** Whether every value of `inner` fits in `outer`. */
export const rangeContains = (outer: IntegerRange, inner: IntegerRange): boolean =>
  outer.min <= inner.min && outer.max >= inner.max;
