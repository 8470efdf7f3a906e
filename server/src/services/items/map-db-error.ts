import { indexPhysicalName, unsignedCheckName } from '../../dialects/derived-name';
import { isNarrowCharsetError, isValueNotListed } from '../../dialects/sql/mysql-errno';
import { ApiException } from '../../errors/api-exception';
import type { Localized } from '../../i18n/messages';
import { itemsMessage } from '../../i18n/items-messages';
import type { StoredTable } from '../metadata-rows';

type Violation =
  | 'unique'
  | 'notNull'
  | 'foreignKey'
  | 'tooLong'
  | 'range'
  | 'check'
  | 'badValue'
  | 'narrowCharset'
  | 'notListed';

interface DriverError {
  code?: unknown;
  errno?: unknown;
  message?: unknown;
  sqlMessage?: unknown;
  detail?: unknown;
  column?: unknown;
  constraint?: unknown;
}

const PG: Record<string, Violation> = {
  '23505': 'unique',
  '23502': 'notNull',
  '23503': 'foreignKey',
  '23514': 'check',
  '22001': 'tooLong',
  '22003': 'range',
  '22P02': 'badValue',
  '22007': 'badValue',
  '22008': 'badValue',
};

const MYSQL: Record<number, Violation> = {
  1062: 'unique',
  1048: 'notNull',
  1364: 'notNull',
  1451: 'foreignKey',
  1452: 'foreignKey',
  1216: 'foreignKey',
  1217: 'foreignKey',
  1406: 'tooLong',
  1264: 'range',
  1690: 'range',
  3819: 'check',
  4025: 'check',
  1292: 'badValue',
  1366: 'badValue',
  3140: 'badValue',
};

const SQLITE: Record<string, Violation> = {
  SQLITE_CONSTRAINT_UNIQUE: 'unique',
  SQLITE_CONSTRAINT_PRIMARYKEY: 'unique',
  SQLITE_CONSTRAINT_NOTNULL: 'notNull',
  SQLITE_CONSTRAINT_FOREIGNKEY: 'foreignKey',
  SQLITE_CONSTRAINT_CHECK: 'check',
};

const violationOf = (error: DriverError): Violation | undefined => {
  if (typeof error.code === 'string' && error.code in SQLITE) return SQLITE[error.code];
  if (typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && error.code in PG)
    return PG[error.code];
  if (isNarrowCharsetError(error)) return 'narrowCharset';
  if (isValueNotListed(error)) return 'notListed';
  if (typeof error.errno === 'number' && error.errno in MYSQL) return MYSQL[error.errno];
  return undefined;
};

/** Constraint and index names of the tables → the columns they cover. */
const constraintColumns = (tables: readonly StoredTable[]): Map<string, string[]> => {
  const names = new Map<string, string[]>();
  for (const table of tables) {
    names.set(`${table.tableName}_pkey`.toLowerCase(), table.primaryNames);
    for (const column of table.columns) {
      if (column.indexType === 'UNIQUE' || column.indexType === 'INDEX') {
        names.set(indexPhysicalName(table.tableName, column.indexName ?? column.name), [column.name]);
      }
      names.set(unsignedCheckName(table.tableName, column.name), [column.name]);
    }
    for (const index of table.indexs) {
      names.set(
        indexPhysicalName(table.tableName, index.name),
        index.indexLines.map((line) => line.column.name),
      );
    }
  }
  return names;
};

const quoted = (text: string, pattern: RegExp): string | undefined => pattern.exec(text)?.[1];

/** The columns a driver's message names, kept only when they are columns of the tables. */
const columnsNamed = (error: DriverError, tables: readonly StoredTable[]): string[] => {
  const known = new Set(tables.flatMap((table) => table.columns.map((column) => column.name)));
  const byConstraint = constraintColumns(tables);
  const text = String(error.sqlMessage ?? error.message ?? '');
  const candidates: string[] = [];
  if (typeof error.column === 'string') candidates.push(error.column);
  const detail = typeof error.detail === 'string' ? quoted(error.detail, /^Key \(([^)]*)\)=/) : undefined;
  if (detail) candidates.push(...detail.split(',').map((name) => name.trim().replace(/^"|"$/g, '')));
  if (typeof error.constraint === 'string')
    candidates.push(...(byConstraint.get(error.constraint.toLowerCase()) ?? []));
  // SQLite: "UNIQUE constraint failed: t.a, t.b" / "NOT NULL constraint failed: t.a" / "CHECK constraint failed: name".
  const sqlite = quoted(text, /constraint failed: (.+)$/m);
  if (sqlite) {
    for (const part of sqlite.split(',')) {
      const name = part.trim();
      candidates.push(name.includes('.') ? (name.split('.').pop() ?? '') : name);
      candidates.push(...(byConstraint.get(name.toLowerCase()) ?? []));
    }
  }
  // MySQL / MariaDB: "Column 'a' cannot be null", "Field 'a' doesn't have a default value", "for column 'a'",
  // "for key 't.idx'", "CONSTRAINT `ck` failed".
  // MariaDB names a column it cannot store a text in fully: "for column `db`.`t`.`a`".
  const named =
    quoted(text, /for column `[^`]*`\.`[^`]*`\.`([^`]+)`/) ??
    quoted(text, /(?:Column|Field|for column) [`']([^`']+)[`']/);
  if (named) candidates.push(named);
  const key = quoted(text, /for key '([^']+)'/);
  if (key) {
    const dot = key.lastIndexOf('.');
    const index = key.slice(dot + 1);
    const owner = tables.find((table) => table.tableName === key.slice(0, dot)) ?? tables[0];
    candidates.push(
      ...(index === 'PRIMARY' ? (owner?.primaryNames ?? []) : (byConstraint.get(index.toLowerCase()) ?? [])),
    );
  }
  const check =
    quoted(text, /CONSTRAINT [`']([^`']+)[`'] failed/) ??
    quoted(text, /Check constraint '([^']+)' is violated/);
  if (check) candidates.push(...(byConstraint.get(check.toLowerCase()) ?? []));
  return [...new Set(candidates.filter((name) => known.has(name)))];
};

const MESSAGES: Record<Violation, Localized> = {
  unique: itemsMessage('duplicate'),
  notNull: itemsMessage('required'),
  foreignKey: itemsMessage('referenceMissing'),
  tooLong: itemsMessage('valueTooLong'),
  range: itemsMessage('outOfRange'),
  check: itemsMessage('outOfRange'),
  badValue: itemsMessage('badValue'),
  narrowCharset: itemsMessage('narrowCharset'),
  notListed: itemsMessage('valueNotListed'),
};

/**
 * A constraint violation reported by any of the three drivers as the API error it stands for:
 * a duplicate key or a foreign key → 409, a missing or bad value → 400, each naming the columns
 * when the driver says which (and they are columns of `tables`). Never any SQL or driver text.
 * Undefined for anything else (a real failure).
 */
export const mapDbError = (error: unknown, tables: readonly StoredTable[]): ApiException | undefined => {
  if (typeof error !== 'object' || error === null) return undefined;
  const driverError = error as DriverError;
  const violation = violationOf(driverError);
  if (!violation) return undefined;
  const columns = columnsNamed(driverError, tables);
  if (violation === 'unique' || violation === 'foreignKey') {
    const detail =
      violation === 'unique'
        ? columns.length > 0
          ? itemsMessage('duplicateRecord', { columns: columns.join(', ') })
          : itemsMessage('duplicate')
        : itemsMessage('referenceMissing');
    const errors =
      columns.length > 0 ? Object.fromEntries(columns.map((name) => [name, MESSAGES[violation]])) : undefined;
    return new ApiException('CONFLICT', detail, errors);
  }
  const message = MESSAGES[violation];
  return new ApiException(
    'VALIDATION_ERROR',
    undefined,
    columns.length > 0 ? Object.fromEntries(columns.map((name) => [name, message])) : { body: message },
  );
};
