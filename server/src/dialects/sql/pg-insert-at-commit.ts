import type { Knex } from 'knex';
import { pgInsertPrepared } from './pg-insert-prepared';
import { quotePgIdentifier } from './quote-pg-identifier';
import { insertText, transactionConnection } from './transaction-connection';

/** What of a transaction's Knex client this needs: the one method its statements, COMMIT too, go through. */
interface TransactionClient {
  query(connection: unknown, statement: unknown): Promise<unknown>;
}

interface PgConnection {
  escapeLiteral(text: string): string;
  query(text: string): Promise<unknown>;
}

/** The text a top-level Knex transaction commits with (knex 3: `Transaction.commit`). */
const COMMIT = 'COMMIT;';

const literal = (connection: PgConnection, value: unknown): string => {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string') return connection.escapeLiteral(value);
  throw new TypeError(`insertAtCommit: a ${typeof value} cannot be sent as a literal`);
};

/** The statements each transaction's client still has to send with its COMMIT. */
const pending = new WeakMap<TransactionClient, string[]>();

/**
 * SqlDialect.insertAtCommit on PostgreSQL: the INSERT rides in the same message as the
 * transaction's COMMIT (`insert …; COMMIT;`, the simple query protocol), so it costs no round
 * trip of its own. It runs inside the transaction, before the COMMIT: if it fails, nothing
 * commits, the transaction is rolled back and the commit rejects with its error. Only a top-level
 * transaction commits with COMMIT; in a nested one (a savepoint) the row is inserted now.
 */
export const pgInsertAtCommit = async (
  trx: Knex.Transaction,
  name: string,
  table: string,
  columns: readonly string[],
  values: readonly unknown[],
): Promise<void> => {
  if ((trx as { parentTransaction?: unknown }).parentTransaction !== undefined) {
    await pgInsertPrepared(trx, name, table, columns, values);
    return;
  }
  const connection = (await transactionConnection(trx)) as PgConnection;
  const statement = insertText(table, columns, quotePgIdentifier, (index) =>
    literal(connection, values[index]),
  );
  const client = trx.client as TransactionClient;
  const queued = pending.get(client);
  if (queued) {
    queued.push(statement);
    return;
  }
  pending.set(client, [statement]);
  const send = client.query;
  client.query = async function (this: unknown, conn: unknown, sent: unknown): Promise<unknown> {
    if (sent !== COMMIT) return send.call(this, conn, sent);
    const statements = pending.get(client) ?? [];
    pending.delete(client);
    client.query = send;
    try {
      return await send.call(this, conn, `${statements.join(';\n')};\n${COMMIT}`);
    } catch (error) {
      // A failed INSERT leaves the transaction aborted and the COMMIT unsent: end it here, on the
      // driver's connection (Knex takes no statement of a transaction it has seen commit), so the
      // connection goes back to the pool clean.
      await (conn as PgConnection).query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  };
};
