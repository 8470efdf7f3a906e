import Database from 'better-sqlite3';
import type { Knex } from 'knex';
import mysql from 'mysql2/promise';
import type { DataSourceConfig } from '../server/src/config';
import { createKnex } from '../server/src/db/create-knex';

/** One statement as the server sent it to the driver: placeholders positioned, bindings prepared. */
export interface CapturedSql {
  sql: string;
  bindings: unknown[];
}

/**
 * Runs `work` while recording every statement the data source's Knex sends to its driver, in
 * order (the server runs them; nothing else uses this Knex meanwhile).
 */
export const captureSql = async (knex: Knex, work: () => Promise<unknown>): Promise<CapturedSql[]> => {
  const captured: CapturedSql[] = [];
  const listener = (query: { sql: string; bindings?: unknown[] }) => {
    captured.push({ sql: query.sql, bindings: query.bindings ?? [] });
  };
  knex.on('query', listener);
  try {
    await work();
  } finally {
    knex.removeListener('query', listener);
  }
  return captured;
};

/** A direct driver connection that runs captured statements, bypassing Knex and the server. */
export interface SqlReplayer {
  /** Runs the statements one after the other, reading every row. */
  run(statements: readonly CapturedSql[]): Promise<void>;
  /** The plan of a statement as the database explains it (one line per step). */
  explain(statement: CapturedSql): Promise<string[]>;
  close(): Promise<void>;
}

/** What Knex's better-sqlite3 client does to bindings just before running a statement. */
const sqliteBindings = (bindings: readonly unknown[]): unknown[] =>
  bindings.map((value) => {
    if (typeof value === 'boolean') return Number(value);
    if (value instanceof Date) return value.valueOf();
    return value;
  });

const sqliteReplayer = (file: string): SqlReplayer => {
  const db = new Database(file, { readonly: true });
  db.pragma('busy_timeout = 5000');
  const prepared = new Map<string, Database.Statement>();
  const statementOf = (sql: string) => {
    let statement = prepared.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      if (statement.reader) statement.safeIntegers(true);
      prepared.set(sql, statement);
    }
    return statement;
  };
  return {
    run: async (statements) => {
      for (const { sql, bindings } of statements) {
        const statement = statementOf(sql);
        if (statement.reader) statement.all(...sqliteBindings(bindings));
        else statement.run(...sqliteBindings(bindings));
      }
    },
    explain: async ({ sql, bindings }) =>
      (
        db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...sqliteBindings(bindings)) as {
          id: number;
          parent: number;
          detail: string;
        }[]
      ).map((row) => `${row.parent === 0 ? '' : '  '}${row.detail}`),
    close: async () => {
      db.close();
    },
  };
};

/** The part of a `pg` client connection used here. */
interface PgConnection {
  query(text: string, values: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** PostgreSQL: one raw `pg` connection taken from a Knex pool configured as the server's. */
const pgReplayer = async (source: DataSourceConfig): Promise<SqlReplayer> => {
  const db = createKnex(source);
  const connection = (await db.client.acquireConnection()) as PgConnection;
  return {
    run: async (statements) => {
      for (const { sql, bindings } of statements) await connection.query(sql, bindings);
    },
    explain: async ({ sql, bindings }) => {
      const result = await connection.query(`EXPLAIN ANALYZE ${sql}`, bindings);
      return result.rows.map((row) => String(row['QUERY PLAN']));
    },
    close: async () => {
      await db.client.releaseConnection(connection);
      await db.destroy();
    },
  };
};

const mysqlReplayer = async (url: string): Promise<SqlReplayer> => {
  const connection = await mysql.createConnection({ uri: url, dateStrings: true, supportBigNumbers: true });
  return {
    run: async (statements) => {
      for (const { sql, bindings } of statements) await connection.query(sql, bindings);
    },
    explain: async ({ sql, bindings }) => {
      const [rows] = await connection.query(`EXPLAIN ${sql}`, bindings);
      return (rows as Record<string, unknown>[]).map((row) => JSON.stringify(row));
    },
    close: () => connection.end(),
  };
};

/** A driver connection to the data source the server uses. */
export const openReplayer = (source: DataSourceConfig): Promise<SqlReplayer> => {
  switch (source.client) {
    case 'sqlite':
      return Promise.resolve(sqliteReplayer(source.connection));
    case 'pg':
      return pgReplayer(source);
    case 'mysql':
      return mysqlReplayer(source.connection);
  }
};
