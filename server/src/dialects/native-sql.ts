import type { Client } from '../config';
import { nativeKindOf, NATIVE_RULES } from './native-kind';

/** SQL templates for one column in a condition: `??` takes the column, `?` a value. */
export interface NativeSql {
  column: string;
  value: string;
}

const PLAIN: NativeSql = { column: '??', value: '?' };

/** The column's text form, as the database writes its values. */
const TEXT: Record<Client, NativeSql> = {
  pg: { column: 'CAST(?? AS text)', value: '?' },
  mysql: { column: 'CAST(?? AS CHAR)', value: '?' },
  sqlite: { column: 'CAST(?? AS TEXT)', value: '?' },
};

/**
 * A geometry's text form: MySQL and MariaDB keep geometries as binary (WKB) that CAST cannot turn
 * into text (MariaDB refuses it, MySQL gives bytes); their well-known text (`POINT(1 2)`) is what
 * a user types. PostgreSQL's geometric types cast to their text form.
 */
const GEOMETRIC_TEXT: Record<Client, NativeSql> = {
  ...TEXT,
  mysql: { column: 'ST_AsText(??)', value: '?' },
};

const textForm = (dialect: Client, nativeType: string | null | undefined): NativeSql =>
  nativeKindOf(nativeType) === 'geometric' ? GEOMETRIC_TEXT[dialect] : TEXT[dialect];

/** JSON documents compared as documents (key order and spacing aside); PostgreSQL's json has no `=`. */
const JSON_VALUE: Record<Client, NativeSql> = {
  pg: { column: 'CAST(?? AS jsonb)', value: 'CAST(? AS jsonb)' },
  mysql: { column: '??', value: 'CAST(? AS JSON)' },
  sqlite: { column: 'json(??)', value: 'json(?)' },
};

/** How LIKE and the keyword search read a column: its text form when it has a native type. */
export const nativeMatchSql = (dialect: Client, nativeType: string | null | undefined): NativeSql =>
  nativeKindOf(nativeType) === null ? PLAIN : textForm(dialect, nativeType);

/** How EQ, NE, IN and NOTIN compare a column (range tests always compare natively). */
export const nativeEqualitySql = (dialect: Client, nativeType: string | null | undefined): NativeSql => {
  const kind = nativeKindOf(nativeType);
  if (kind === null) return PLAIN;
  if (kind === 'json') return JSON_VALUE[dialect];
  return NATIVE_RULES[kind].equality === 'text' ? textForm(dialect, nativeType) : PLAIN;
};

/** How ORDER BY reads a column (only for kinds that may be ordered). */
export const nativeOrderSql = (dialect: Client, nativeType: string | null | undefined): string =>
  nativeKindOf(nativeType) === 'json' ? JSON_VALUE[dialect].column : PLAIN.column;
