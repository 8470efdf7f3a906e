import { sqlDialect } from '../../dialects/sql/sql-dialects';
import type { DataType } from '../../../../contract/index';
import type { Client } from '../../config';

export interface MappedType {
  dataType: DataType;
  length: number | null;
  precision: number | null;
  scale: number | null;
  unsigned: boolean;
  /**
   * `approximate`: the nearest data type, values may not round-trip exactly (time zones, JSON,
   * binary...); `unknown`: a type crudboard does not know, read as text. Absent: exact.
   */
  fidelity?: 'approximate' | 'unknown';
  /** Values crudboard cannot write faithfully (binary, unknown types): the column is read-only. */
  readOnly?: boolean;
}

const MAX_CHAR = 255;
const MAX_VARCHAR = 16383;
const MAX_PRECISION = 65;
const MAX_SCALE = 30;

const plain = (dataType: DataType, extra: Partial<MappedType> = {}): MappedType => ({
  dataType,
  length: null,
  precision: null,
  scale: null,
  unsigned: false,
  ...extra,
});

/** `varchar(40)` → base `varchar`, args [40]; `numeric(10, 2) unsigned` → [10, 2], unsigned. */
const parse = (type: string) => {
  const text = type.trim().toLowerCase().replace(/\s+/g, ' ');
  const args = /\(([^)]*)\)/.exec(text)?.[1];
  const numbers = (args ?? '')
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((n) => Number.isInteger(n) && n >= 0 && args !== undefined && args.trim() !== '');
  const base = text
    .replace(/\([^)]*\)/g, '')
    .replace(/\b(unsigned|signed|zerofill)\b/g, '')
    .replace(/\[\]/g, '[]')
    .replace(/\s+/g, ' ')
    .trim();
  return { base, args: numbers, rawArgs: args, unsigned: /\bunsigned\b/.test(text), text };
};

const stringType = (length: number | undefined, fixed: boolean): MappedType => {
  if (length === undefined || length <= 0) return plain('TEXT');
  if (fixed && length <= MAX_CHAR) return plain('CHAR', { length });
  if (length <= MAX_VARCHAR) return plain('VARCHAR', { length });
  return plain('TEXT');
};

const decimalType = (args: number[]): MappedType => {
  const [precision, scale] = args;
  if (precision === undefined)
    return plain('DECIMAL', { precision: MAX_PRECISION, scale: MAX_SCALE, fidelity: 'approximate' });
  if (precision > MAX_PRECISION || (scale ?? 0) > MAX_SCALE)
    return plain('DECIMAL', {
      precision: MAX_PRECISION,
      scale: Math.min(scale ?? 0, MAX_SCALE),
      fidelity: 'approximate',
    });
  return plain('DECIMAL', { precision, scale: scale ?? 0 });
};

const INTEGERS: Record<string, DataType> = {
  tinyint: 'TINYINT',
  int1: 'TINYINT',
  smallint: 'SMALLINT',
  int2: 'SMALLINT',
  smallserial: 'SMALLINT',
  mediumint: 'MEDIUMINT',
  int3: 'MEDIUMINT',
  int: 'INT',
  integer: 'INT',
  int4: 'INT',
  serial: 'INT',
  bigint: 'BIGINT',
  int8: 'BIGINT',
  bigserial: 'BIGINT',
};

const BINARY = /^(blob|tinyblob|mediumblob|longblob|bytea|binary|varbinary|bit varying|varbit|image)$/;

/** Types with a well-known name, the same on every database. */
const known = (base: string, args: number[], unsigned: boolean, dialect: Client): MappedType | undefined => {
  const integer = INTEGERS[base];
  if (integer) {
    if (
      integer === 'TINYINT' &&
      sqlDialect(dialect).physicalTypes.tinyIntOneIsBool &&
      args[0] === 1 &&
      !unsigned
    )
      return plain('BOOL');
    return plain(integer, { unsigned });
  }
  switch (base) {
    case 'bool':
    case 'boolean':
      return plain('BOOL');
    case 'bit':
      return (args[0] ?? 1) === 1
        ? plain('BOOL')
        : plain('BIGINT', { fidelity: 'approximate', readOnly: true });
    case 'real':
    case 'float4':
      return plain('FLOAT');
    case 'float': {
      // MySQL FLOAT is single precision up to float(24); PostgreSQL and SQLite float mean double.
      const single = sqlDialect(dialect).physicalTypes.singleFloatUpTo;
      return plain(single !== null && (args[0] ?? 0) <= single ? 'FLOAT' : 'DOUBLE');
    }
    case 'double':
    case 'double precision':
    case 'float8':
      return plain('DOUBLE');
    case 'decimal':
    case 'numeric':
    case 'dec':
    case 'fixed':
      return decimalType(args);
    case 'money':
      return plain('DECIMAL', { precision: 19, scale: 2, fidelity: 'approximate', readOnly: true });
    case 'char':
    case 'character':
    case 'nchar':
    case 'bpchar':
    case 'national char':
    case 'native character':
      return stringType(args[0] ?? 1, true);
    case 'varchar':
    case 'character varying':
    case 'nvarchar':
    case 'varchar2':
    case 'nvarchar2':
    case 'national varchar':
    case 'varying character':
    case 'national character varying':
      return stringType(args[0], false);
    case 'text':
    case 'tinytext':
    case 'mediumtext':
    case 'citext':
      return plain('TEXT');
    case 'longtext':
    case 'clob':
      return plain('LONGTEXT');
    case 'date':
      return plain('DATE');
    case 'time':
    case 'time without time zone':
      return plain('TIME');
    case 'timetz':
    case 'time with time zone':
      return plain('TIME', { fidelity: 'approximate' });
    case 'datetime':
    case 'timestamp':
    case 'timestamp without time zone':
      return plain('DATETIME');
    case 'timestamptz':
    case 'timestamp with time zone':
      return plain('DATETIME', { fidelity: 'approximate' });
    case 'year':
      return plain('SMALLINT', { fidelity: 'approximate' });
    case 'json':
    case 'jsonb':
      // Written as JSON text, checked before it reaches the database (dialects/native-kind.ts).
      return plain('LONGTEXT', { fidelity: 'approximate' });
    case 'uuid':
      return plain('CHAR', { length: 36, fidelity: 'approximate' });
    case 'inet':
    case 'cidr':
    case 'macaddr':
    case 'macaddr8':
    case 'inet4':
    case 'inet6':
      // Addresses are written as text; the database checks their form.
      return plain('VARCHAR', { length: 64, fidelity: 'approximate' });
    case 'enum':
    case 'set':
      return plain('VARCHAR', { length: MAX_CHAR, fidelity: 'approximate' });
  }
  if (BINARY.test(base)) return plain('LONGTEXT', { fidelity: 'approximate', readOnly: true });
  return undefined;
};

/** SQLite's type affinity rules (datatype3.html §3.1) for names it does not know otherwise. */
const sqliteAffinity = (base: string, args: number[]): MappedType => {
  const upper = base.toUpperCase();
  if (upper.includes('INT')) return plain(upper.includes('BIG') ? 'BIGINT' : 'INT');
  if (/CHAR|CLOB|TEXT/.test(upper)) return stringType(args[0], false);
  if (upper === '' || upper.includes('BLOB'))
    return plain('TEXT', { fidelity: 'approximate', readOnly: upper !== '' });
  if (/REAL|FLOA|DOUB/.test(upper)) return plain('DOUBLE');
  return plain('DECIMAL', { ...decimalType(args), fidelity: 'approximate' });
};

/**
 * The nearest of crudboard's data types (docs/api.md §2.1) for a physical column type as the database
 * reports it, e.g. `INTEGER` → INT, `NVARCHAR(40)` → VARCHAR 40, `NUMERIC(10,2)` → DECIMAL 10,2,
 * `timestamp` → DATETIME, `bytea` → LONGTEXT (approximate, read-only), `tinyint(1)` on MySQL → BOOL.
 */
export const mapPhysicalType = (type: string, dialect: Client): MappedType => {
  const { base, args, unsigned } = parse(type);
  if (base.endsWith('[]')) return plain('TEXT', { fidelity: 'unknown', readOnly: true });
  const { byAffinity } = sqlDialect(dialect).physicalTypes;
  if (byAffinity && base === 'numeric' && args.length === 0)
    return plain('DECIMAL', { precision: MAX_PRECISION, scale: MAX_SCALE, fidelity: 'approximate' });
  const found = known(base, args, unsigned, dialect);
  if (found) return found;
  if (byAffinity) return sqliteAffinity(base, args);
  return plain('TEXT', { fidelity: 'unknown', readOnly: true });
};
