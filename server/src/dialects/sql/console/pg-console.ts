import type { Knex } from 'knex';
import pg from 'pg';
import { openOwnConnection, ownConnectionFailed } from '../../../db/pool-host-finder';
import { quotePgIdentifier } from '../quote-pg-identifier';
import { guardRowSize, rowTooLarge, type DataSocket } from './row-size-guard';
import { RowCollector, SqlRunError, type SqlOutcome, type SqlRun } from './sql-result';

interface PgField {
  name: string;
  dataTypeID: number;
  dataTypeModifier: number;
}
interface PgResult {
  fields: PgField[];
  rowCount: number | null;
  command: string | null;
}
interface PgQuery {
  on(event: 'row', listener: (row: unknown[], result: PgResult) => void): PgQuery;
  on(event: 'end', listener: (result: PgResult) => void): PgQuery;
  on(event: 'error', listener: (error: Error) => void): PgQuery;
}
interface PgClient {
  query(query: PgQuery): unknown;
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** The driver's wire connection; its socket is dropped to abandon an unfinished result. */
  connection: { stream: DataSocket & { destroy(): void } };
}
type PgQueryClass = new (config: {
  text: string;
  values: unknown[];
  rowMode: 'array';
  queryMode: 'extended';
}) => PgQuery;

const { Query } = pg as unknown as { Query: PgQueryClass };

/** SQLSTATEs: query_canceled (statement_timeout), read_only_sql_transaction. */
const CANCELED = '57014';
const READ_ONLY = '25006';
/** How long past the statement timeout the connection itself is cut, should the server not stop. */
const WATCHDOG_GRACE_MS = 5000;

const sqlState = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
};

interface Streamed {
  collector: RowCollector;
  result: PgResult;
  /** Read-only mode stopped reading past the cap; the query is still running. */
  early: boolean;
}

/**
 * One statement, streamed: rows past the cap are counted, not kept; in read-only mode reading
 * stops at the first row past the cap. Extended protocol: one statement only.
 */
const stream = (connection: PgClient, run: SqlRun, drop: () => void) =>
  new Promise<Streamed>((resolve, reject) => {
    const collector = new RowCollector(run);
    let done = false;
    const guard = guardRowSize(connection.connection.stream, run.maxRowBytes, () => {
      fail(rowTooLarge(run.maxRowBytes));
      drop();
    });
    const finish = (result: PgResult, early: boolean) => {
      if (done) return;
      done = true;
      guard.stop();
      resolve({ collector, result, early });
    };
    const fail = (error: unknown) => {
      if (done) return;
      done = true;
      guard.stop();
      reject(error);
    };
    const query = new Query({ text: run.sql, values: run.params, rowMode: 'array', queryMode: 'extended' });
    query.on('row', (row, result) => {
      if (done) return;
      guard.row();
      collector.add(row);
      if (run.readOnly && collector.full) finish(result, true);
    });
    query.on('end', (result) => finish(result, false));
    query.on('error', fail);
    connection.query(query);
  });

/** The database's names of the result's column types, e.g. `integer`, `character varying(20)`. */
const typeNames = async (knex: Knex, fields: readonly PgField[]): Promise<(string | null)[]> => {
  if (fields.length === 0) return [];
  const list = (numbers: number[]) => `{${numbers.map((n) => Math.trunc(n)).join(',')}}`;
  try {
    const { rows } = (await knex.raw(
      'SELECT format_type(t.o, NULLIF(t.m, -1)) AS name FROM unnest(?::oid[], ?::int[]) WITH ORDINALITY AS t(o, m, n) ORDER BY t.n',
      [list(fields.map((field) => field.dataTypeID)), list(fields.map((field) => field.dataTypeModifier))],
    )) as { rows: { name: unknown }[] };
    return rows.map((row) => (typeof row.name === 'string' ? row.name : null));
  } catch {
    return fields.map(() => null);
  }
};

const toRunError = (error: unknown, watchdogFired: boolean): unknown => {
  const state = sqlState(error);
  if (watchdogFired || state === CANCELED) return new SqlRunError('timeout', (error as Error).message);
  if (state === READ_ONLY) return new SqlRunError('readOnly', (error as Error).message);
  if (state) return new SqlRunError('error', (error as Error).message);
  return error;
};

/**
 * PostgreSQL: a connection of its own (closed afterwards, so nothing the statement sets on the
 * session outlives it), `BEGIN READ ONLY` + ROLLBACK or `BEGIN` + COMMIT, and
 * `SET LOCAL statement_timeout`, and `SET LOCAL ROLE` when a console role is given. Should the
 * server not stop in time, the connection is cut. On a URL of several servers the connection goes
 * to the one the pool's host finder chose, looked for again after a failover
 * (pool-host-finder.ts). Column type names are looked up through the pool (`format_type`).
 */
export const runPg = async (knex: Knex, run: SqlRun): Promise<SqlOutcome> => {
  const connection = (await openOwnConnection(knex)) as PgClient;
  // Dropping the socket (rather than a polite end(), which waits for the rest of a result) ends
  // the session: the server aborts the statement and its transaction.
  const drop = () => connection.connection.stream.destroy();
  let watchdogFired = false;
  let early = false;
  let dropped = false;
  const watchdog = setTimeout(() => {
    watchdogFired = true;
    drop();
  }, run.timeoutMs + WATCHDOG_GRACE_MS);
  try {
    await connection.query(run.readOnly ? 'BEGIN READ ONLY' : 'BEGIN');
    await connection.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.floor(run.timeoutMs))}`);
    // The console role's rights, not the connecting role's, for this transaction only.
    if (run.role !== undefined) await connection.query(`SET LOCAL ROLE ${quotePgIdentifier(run.role)}`);
    let streamed: Streamed;
    try {
      streamed = await stream(connection, run, () => {
        dropped = true;
        drop();
      });
      early = streamed.early;
      // Stopped early: dropping the connection ends the query and its read-only transaction.
      if (!early) await connection.query(run.readOnly ? 'ROLLBACK' : 'COMMIT');
    } catch (error) {
      // Its server went away mid-statement, or refused a write as a standby: the next statement
      // looks for the writable server again. Not when this cut the connection itself, nor for a
      // write refused by a read-only transaction.
      if (!dropped && !watchdogFired && !(run.readOnly && sqlState(error) === READ_ONLY))
        ownConnectionFailed(knex, error);
      throw toRunError(error, watchdogFired);
    }
    clearTimeout(watchdog);
    const { collector, result } = streamed;
    const types = await typeNames(knex, result.fields);
    const isQuery = result.fields.length > 0;
    return {
      columns: result.fields.map((field, i) => ({ name: field.name, type: types[i] ?? null })),
      rows: collector.rows,
      rowCount: isQuery ? (early ? collector.rows.length : collector.seen) : (result.rowCount ?? 0),
      truncated: collector.truncated,
      truncation: collector.truncation,
    };
  } finally {
    clearTimeout(watchdog);
    if (early || watchdogFired || dropped) drop();
    else await knex.client.destroyRawConnection(connection).catch(() => undefined);
  }
};
