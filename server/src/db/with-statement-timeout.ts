import type { Knex } from 'knex';
import { sqlDialect } from '../dialects/sql/sql-dialects';
import { dialectOf } from './dialect';
import { cancellableRunner } from './read-abort';
import { shareEvents } from './share-events';

interface TimedBuilder {
  _timeout?: number;
  timeout(ms: number, options: { cancel: boolean }): unknown;
}

interface Runner {
  query(obj: unknown): Promise<unknown>;
}

interface RunningClient {
  runner(builder: TimedBuilder): Runner;
  cancelQuery(connection: unknown): Promise<unknown>;
  connectionSettings: unknown;
}

/**
 * A Knex on the same pool whose statements stop after `timeoutMs` (0: no limit) unless they set a
 * timeout of their own: Knex then cancels the statement on the server (`pg_cancel_backend`,
 * `KILL QUERY`) and throws a KnexTimeoutError, which the error handler answers as QUERY_TIMEOUT.
 * Its statements also stop when the client they run for goes away (`withAbortSignal`,
 * read-abort.ts). SQLite runs a statement to its end without yielding (better-sqlite3 is
 * synchronous), so it cannot be stopped this way: `db` is returned as it is.
 */
export const withStatementTimeout = (db: Knex, timeoutMs: number): Knex => {
  if (sqlDialect(dialectOf(db)).synchronous) return db;
  const bounded = db.withUserParams({ statementTimeoutMs: timeoutMs });
  const client = bounded.client as RunningClient;
  // The clone loses the password Knex keeps out of sight (not enumerable); cancelling a statement
  // opens a connection of its own with these settings, read through so that it follows a
  // PostgreSQL failover (the pool's settings then change, pg-failover.ts).
  const original = db.client as RunningClient;
  Object.defineProperty(client, 'connectionSettings', {
    get: () => original.connectionSettings,
    set: (value: unknown) => {
      original.connectionSettings = value;
    },
    configurable: true,
    enumerable: false,
  });
  const makeRunner = client.runner.bind(client);
  client.runner = (builder) => {
    if (timeoutMs > 0 && builder._timeout === undefined) builder.timeout(timeoutMs, { cancel: true });
    return cancellableRunner(makeRunner(builder), client);
  };
  return shareEvents(db, bounded);
};
