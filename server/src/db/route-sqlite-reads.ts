import type { Knex } from 'knex';
import { isSqliteRead, type StatementSource } from './sqlite-read-statement';

interface Builder extends StatementSource {
  _connection?: unknown;
}

type Step = (runner: Runner, params?: unknown) => Promise<unknown>;

interface Runner {
  builder: Builder;
  connection?: unknown;
  ensureConnection(step: Step, params?: unknown): Promise<unknown>;
}

interface PooledClient {
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<unknown>;
  runner(builder: Builder): Runner;
  destroy(callback?: unknown): Promise<unknown>;
}

/**
 * Runs the reads of a SQLite data source that are not part of a transaction on `reader`'s
 * connection, everything else (writes, transactions, schema changes) on `writer`'s single
 * connection. better-sqlite3 is synchronous and SQLite has one writer at a time, so the writer
 * pool holds one connection and writes queue for it without blocking the event loop; in WAL mode
 * the reader sees the last committed state meanwhile, so a long write transaction that yields
 * between its statements (an all-or-nothing import) holds up no read, and no read ever sees part
 * of it. The queries still run through the writer's client: its events (`observeWrites`, logs)
 * see them all. Destroying `writer` destroys `reader` too.
 */
export const routeSqliteReads = (writer: Knex, reader: Knex): Knex => {
  const client = writer.client as PooledClient;
  const readClient = reader.client as PooledClient;
  // Transactions run on clients of their own, made from the class: this routes plain queries only.
  const makeRunner = client.runner.bind(client);
  client.runner = (builder: Builder): Runner => {
    const runner = makeRunner(builder);
    if (builder._connection !== undefined || !isSqliteRead(builder)) return runner;
    runner.ensureConnection = async (step: Step, params?: unknown) => {
      const connection = await readClient.acquireConnection();
      try {
        runner.connection = connection;
        return await step(runner, params);
      } finally {
        await readClient.releaseConnection(connection);
      }
    };
    return runner;
  };
  const destroy = client.destroy.bind(client);
  client.destroy = async (callback?: unknown) => {
    await reader.destroy();
    return destroy(callback);
  };
  return writer;
};
