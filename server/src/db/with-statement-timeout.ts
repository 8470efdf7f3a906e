import type { Knex } from 'knex';
import { sqlDialect } from '../dialects/sql/sql-dialects';
import { dialectOf } from './dialect';
import { shareEvents } from './share-events';

interface TimedBuilder {
  _timeout?: number;
  timeout(ms: number, options: { cancel: boolean }): unknown;
}

interface RunningClient {
  runner(builder: TimedBuilder): unknown;
  connectionSettings: unknown;
}

/**
 * A Knex on the same pool whose statements stop after `timeoutMs` unless they set a timeout of
 * their own: Knex then cancels the statement on the server (`pg_cancel_backend`, `KILL QUERY`) and
 * throws a KnexTimeoutError, which the error handler answers as QUERY_TIMEOUT. SQLite runs a
 * statement to its end without yielding (better-sqlite3 is synchronous), so it cannot be stopped
 * this way: `db` is returned as it is, as it is for `timeoutMs` 0.
 */
export const withStatementTimeout = (db: Knex, timeoutMs: number): Knex => {
  if (timeoutMs <= 0 || sqlDialect(dialectOf(db)).synchronous) return db;
  const bounded = db.withUserParams({ statementTimeoutMs: timeoutMs });
  const client = bounded.client as RunningClient;
  // The clone loses the password Knex keeps out of sight (not enumerable); cancelling a statement
  // opens a connection of its own with these settings.
  const original = db.client as RunningClient;
  client.connectionSettings = original.connectionSettings;
  const makeRunner = client.runner.bind(client);
  client.runner = (builder) => {
    if (builder._timeout === undefined) builder.timeout(timeoutMs, { cancel: true });
    return makeRunner(builder);
  };
  return shareEvents(db, bounded);
};
