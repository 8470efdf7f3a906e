import { Type, type Static, type TSchema } from 'typebox';

/**
 * Request fields that may be null, as `type: [T, 'null']` rather than `anyOf`: with the server's
 * type coercion, `anyOf [integer, null]` turns a null into 0 (and `[boolean, null]` a null into
 * false) before the null branch is tried; a type list matches null as it is.
 */
export const IntegerOrNull = (options: { description?: string; minimum?: number } = {}) =>
  Type.Unsafe<number | null>({ type: ['integer', 'null'], ...options });

export const NumberOrNull = (options: { description?: string } = {}) =>
  Type.Unsafe<number | null>({ type: ['number', 'null'], ...options });

export const BooleanOrNull = () => Type.Unsafe<boolean | null>({ type: ['boolean', 'null'] });

export const StringOrNull = (options: { maxLength?: number; description?: string } = {}) =>
  Type.Unsafe<string | null>({ type: ['string', 'null'], ...options });

export const EnumOrNull = <T extends string>(values: readonly T[]) =>
  Type.Unsafe<T | null>({ type: ['string', 'null'], enum: [...values, null] });

export const ArrayOrNull = <T extends TSchema>(
  items: T,
  options: { maxItems?: number; description?: string } = {},
) => Type.Unsafe<Static<T>[] | null>({ type: ['array', 'null'], items, ...options });
