import type { Knex } from 'knex';
import { MYSQL_SQL_MODE } from '../../../db/create-knex';
import { openOwnConnection, ownConnectionFailed } from '../../../db/pool-host-finder';
import { errnoOf } from '../mysql-errno';
import { guardRowSize, rowTooLarge, type DataSocket } from './row-size-guard';
import { RowCollector, SqlRunError, type SqlColumnInfo, type SqlOutcome, type SqlRun } from './sql-result';

interface MysqlField {
  name: string;
  columnType: number;
  flags: number;
  characterSet: number;
}
interface MysqlHeader {
  affectedRows: number;
}
interface MysqlQuery {
  on(event: 'fields', listener: (fields: MysqlField[]) => void): MysqlQuery;
  on(event: 'result', listener: (row: unknown[] | MysqlHeader) => void): MysqlQuery;
  on(event: 'end', listener: () => void): MysqlQuery;
  on(event: 'error', listener: (error: Error) => void): MysqlQuery;
}
interface MysqlConnection {
  threadId: number | null;
  /** The driver's socket. */
  stream: DataSocket;
  query(options: { sql: string; values?: unknown[]; rowsAsArray: true }): MysqlQuery;
  query(sql: string, done: (error: Error | null, rows: unknown) => void): void;
  destroy(): void;
}

/** MariaDB ER_STATEMENT_TIMEOUT, MySQL ER_QUERY_TIMEOUT, ER_QUERY_INTERRUPTED (KILL QUERY). */
const TIMEOUT_ERRNOS = new Set([1969, 3024, 1317]);
/** ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION. */
const READ_ONLY_ERRNO = 1792;
/** The binary character set: BLOB / BINARY columns rather than text. */
const BINARY_CHARSET = 63;
const UNSIGNED_FLAG = 32;
/** How long past the statement timeout the watchdog kills the query (MySQL's own limit covers SELECT only). */
const WATCHDOG_GRACE_MS = 250;

const TYPE_NAMES: Record<number, string> = {
  0: 'DECIMAL',
  1: 'TINYINT',
  2: 'SMALLINT',
  3: 'INT',
  4: 'FLOAT',
  5: 'DOUBLE',
  6: 'NULL',
  7: 'TIMESTAMP',
  8: 'BIGINT',
  9: 'MEDIUMINT',
  10: 'DATE',
  11: 'TIME',
  12: 'DATETIME',
  13: 'YEAR',
  14: 'DATE',
  15: 'VARCHAR',
  16: 'BIT',
  245: 'JSON',
  246: 'DECIMAL',
  247: 'ENUM',
  248: 'SET',
  249: 'TINYBLOB',
  250: 'MEDIUMBLOB',
  251: 'LONGBLOB',
  252: 'BLOB',
  253: 'VARCHAR',
  254: 'CHAR',
  255: 'GEOMETRY',
};
const TEXT_OF_BINARY: Record<string, string> = {
  TINYBLOB: 'TINYTEXT',
  MEDIUMBLOB: 'MEDIUMTEXT',
  LONGBLOB: 'LONGTEXT',
  BLOB: 'TEXT',
};
const BINARY_OF_TEXT: Record<string, string> = { VARCHAR: 'VARBINARY', CHAR: 'BINARY' };
const INTEGER_TYPES = new Set(['TINYINT', 'SMALLINT', 'MEDIUMINT', 'INT', 'BIGINT']);

/** The SQL name of a result column's type from the protocol's type code, flags and character set. */
export const mysqlTypeName = (field: MysqlField): string | null => {
  const base = TYPE_NAMES[field.columnType];
  if (!base) return null;
  const binary = field.characterSet === BINARY_CHARSET;
  if (base in TEXT_OF_BINARY) return binary ? base : (TEXT_OF_BINARY[base] ?? base);
  if (base in BINARY_OF_TEXT && binary) return BINARY_OF_TEXT[base] ?? base;
  if (INTEGER_TYPES.has(base) && (field.flags & UNSIGNED_FLAG) !== 0) return `${base} UNSIGNED`;
  return base;
};

const flavours = new WeakMap<Knex, Promise<'mariadb' | 'mysql'>>();

const exec = (connection: MysqlConnection, sql: string) =>
  new Promise<unknown>((resolve, reject) => {
    connection.query(sql, (error, rows) => (error ? reject(error) : resolve(rows)));
  });

/** MariaDB or MySQL, from `VERSION()` (as the full-text search detects it); once per data source. */
const flavourOf = (knex: Knex, connection: MysqlConnection): Promise<'mariadb' | 'mysql'> => {
  let found = flavours.get(knex);
  if (!found) {
    found = exec(connection, 'SELECT VERSION() AS v').then((rows) => {
      const version = String((rows as { v?: unknown }[])[0]?.v ?? '');
      return /mariadb/i.test(version) ? 'mariadb' : 'mysql';
    });
    found.catch(() => flavours.delete(knex));
    flavours.set(knex, found);
  }
  return found;
};

/** MariaDB's limit (seconds) covers every statement; MySQL's (milliseconds) covers SELECT only. */
const timeoutStatement = (flavour: 'mariadb' | 'mysql', timeoutMs: number): string =>
  flavour === 'mariadb'
    ? `SET SESSION max_statement_time = ${(Math.max(1, timeoutMs) / 1000).toFixed(3)}`
    : `SET SESSION max_execution_time = ${Math.max(1, Math.floor(timeoutMs))}`;

interface Streamed {
  collector: RowCollector;
  fields: MysqlField[] | undefined;
  affected: number;
  /** Read-only mode stopped reading past the cap; the query is still running. */
  early: boolean;
}

/** Rows past the cap are counted, not kept; in read-only mode reading stops at the first of them. */
const stream = (connection: MysqlConnection, run: SqlRun, drop: () => void) =>
  new Promise<Streamed>((resolve, reject) => {
    const collector = new RowCollector(run);
    let fields: MysqlField[] | undefined;
    let affected = 0;
    let done = false;
    const guard = guardRowSize(connection.stream, run.maxRowBytes, () => {
      fail(rowTooLarge(run.maxRowBytes));
      drop();
    });
    const finish = (early: boolean) => {
      if (done) return;
      done = true;
      guard.stop();
      resolve({ collector, fields, affected, early });
    };
    const fail = (error: unknown) => {
      if (done) return;
      done = true;
      guard.stop();
      reject(error);
    };
    const query = connection.query({
      sql: run.sql,
      ...(run.params.length > 0 ? { values: run.params } : {}),
      rowsAsArray: true,
    });
    query.on('fields', (received) => {
      fields = received;
    });
    query.on('result', (row) => {
      if (done) return;
      guard.row();
      if (!Array.isArray(row)) {
        affected += row.affectedRows;
        return;
      }
      collector.add(row);
      if (run.readOnly && collector.full) finish(true);
    });
    query.on('error', fail);
    query.on('end', () => finish(false));
  });

const toRunError = (error: unknown, watchdogFired: boolean): unknown => {
  const errno = errnoOf(error);
  const message = (error as { sqlMessage?: unknown }).sqlMessage ?? (error as Error).message;
  if (watchdogFired || (errno !== undefined && TIMEOUT_ERRNOS.has(errno)))
    return new SqlRunError('timeout', String(message));
  if (errno === READ_ONLY_ERRNO) return new SqlRunError('readOnly', String(message));
  if (errno !== undefined && (error as { sqlState?: unknown }).sqlState !== undefined)
    return new SqlRunError('error', String(message), errno);
  return error;
};

/**
 * MySQL / MariaDB: a connection of its own (closed afterwards), `START TRANSACTION READ ONLY` +
 * ROLLBACK or `START TRANSACTION` + COMMIT. Timeout: MariaDB `max_statement_time`, MySQL
 * `max_execution_time`, and for what those do not cover a watchdog that runs `KILL QUERY`.
 * Statements that commit implicitly are refused in read-only mode before this runs.
 */
export const runMysql = async (knex: Knex, run: SqlRun): Promise<SqlOutcome> => {
  // On a URL of several servers, to the one the pool's host finder chose (pool-host-finder.ts).
  const connection = (await openOwnConnection(knex)) as MysqlConnection;
  let watchdog: NodeJS.Timeout | undefined;
  let watchdogFired = false;
  let early = false;
  try {
    const flavour = await flavourOf(knex, connection);
    await exec(connection, MYSQL_SQL_MODE);
    await exec(connection, timeoutStatement(flavour, run.timeoutMs));
    await exec(connection, run.readOnly ? 'START TRANSACTION READ ONLY' : 'START TRANSACTION');
    watchdog = setTimeout(() => {
      watchdogFired = true;
      if (connection.threadId !== null)
        void knex.raw('KILL QUERY ?', [connection.threadId]).catch(() => undefined);
    }, run.timeoutMs + WATCHDOG_GRACE_MS);
    let streamed: Streamed;
    try {
      streamed = await stream(connection, run, () => {
        early = true;
        connection.destroy();
      });
      clearTimeout(watchdog);
      early = streamed.early;
      // A killed SLEEP() returns 1 instead of failing: the watchdog decides.
      if (watchdogFired) throw new SqlRunError('timeout', 'Query execution was interrupted');
      // Stopped early: closing the connection ends the query and its read-only transaction.
      if (!early) await exec(connection, run.readOnly ? 'ROLLBACK' : 'COMMIT');
    } catch (error) {
      // Its server went away mid-statement: the next statement looks for a server again.
      ownConnectionFailed(knex, error);
      throw toRunError(error, watchdogFired);
    }
    const { collector, fields, affected } = streamed;
    const columns: SqlColumnInfo[] = (fields ?? []).map((field) => ({
      name: field.name,
      type: mysqlTypeName(field),
    }));
    return {
      columns,
      rows: collector.rows,
      rowCount: fields ? (early ? collector.rows.length : collector.seen) : affected,
      truncated: collector.truncated,
      truncation: collector.truncation,
    };
  } finally {
    clearTimeout(watchdog);
    // end() would wait for the rest of an unfinished result; destroy() drops it.
    if (early) connection.destroy();
    else await knex.client.destroyRawConnection(connection).catch(() => undefined);
  }
};
