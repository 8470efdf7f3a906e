import { randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import { fullTextFor } from '../../dialects/full-text/full-text-for';
import { dialectOf } from '../dialect';
import type { Capabilities } from './capability-verdict';

interface PoolClient {
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<unknown>;
}

const rowsOf = (result: unknown): Record<string, unknown>[] => {
  if (Array.isArray(result))
    return (Array.isArray(result[0]) ? result[0] : result) as Record<string, unknown>[];
  return ((result as { rows?: unknown[] }).rows ?? []) as Record<string, unknown>[];
};

const truthy = (value: unknown): boolean => value === true || value === 1 || value === '1' || value === 't';

/** Takes a lock on one pooled connection, then asks for it on another: the second must be refused. */
const locksLock = async (knex: Knex): Promise<boolean> => {
  const client = knex.client as PoolClient;
  const first = await client.acquireConnection();
  try {
    const second = await client.acquireConnection();
    try {
      const pg = dialectOf(knex) === 'pg';
      const key = randomInt(1, 2 ** 31 - 1);
      const name = `crudboard:probe:${key}`;
      const take = (connection: unknown) =>
        (pg
          ? knex.raw('SELECT pg_catalog.pg_try_advisory_lock(?::int4, ?::int4) AS got', [-1, key])
          : knex.raw('SELECT GET_LOCK(?, 0) AS got', [name])
        ).connection(connection);
      const give = (connection: unknown) =>
        (pg
          ? knex.raw('SELECT pg_catalog.pg_advisory_unlock(?::int4, ?::int4)', [-1, key])
          : knex.raw('SELECT RELEASE_LOCK(?)', [name])
        ).connection(connection);
      if (!truthy(rowsOf(await take(first))[0]?.got)) return false;
      try {
        const again = truthy(rowsOf(await take(second))[0]?.got);
        if (again) await give(second);
        return !again;
      } finally {
        await give(first);
      }
    } finally {
      await client.releaseConnection(second);
    }
  } finally {
    await client.releaseConnection(first);
  }
};

/** Runs `work` in a transaction that is always rolled back; true when every statement of it ran. */
const runsRolledBack = async (
  knex: Knex,
  work: (trx: Knex.Transaction) => Promise<void>,
): Promise<boolean> => {
  const ROLLED_BACK = new Error('probe done');
  try {
    await knex.transaction(async (trx) => {
      await work(trx);
      throw ROLLED_BACK;
    });
  } catch (error) {
    return error === ROLLED_BACK;
  }
  return false;
};

const probePg = async (knex: Knex): Promise<Capabilities> => {
  const temp = truthy(
    rowsOf(await knex.raw("SELECT pg_catalog.has_database_privilege(current_database(), 'TEMP') AS t"))[0]?.t,
  );
  const ddl = temp
    ? await runsRolledBack(knex, async (trx) => {
        await trx.raw('CREATE TEMP TABLE cb_probe (i int)');
        await trx.raw('INSERT INTO cb_probe VALUES (1)');
        await trx.raw('CREATE INDEX ON cb_probe (i)');
      })
    : undefined;
  const deferrable = temp
    ? await runsRolledBack(knex, async (trx) => {
        await trx.raw('CREATE TEMP TABLE cb_probe (i int)');
        await trx.raw(
          'CREATE FUNCTION pg_temp.cb_probe() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$',
        );
        await trx.raw(
          'CREATE CONSTRAINT TRIGGER cb_probe AFTER INSERT ON cb_probe DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pg_temp.cb_probe()',
        );
      })
    : undefined;
  const trigrams = rowsOf(
    await knex.raw("SELECT 1 AS found FROM pg_catalog.pg_available_extensions WHERE name = 'pg_trgm'"),
  );
  return {
    locksLock: await locksLock(knex),
    transactionalDdl: ddl,
    triggers: deferrable,
    deferrableTriggers: deferrable,
    fullText: trigrams.length > 0 ? 'pg_trgm' : null,
  };
};

const probeMysql = async (knex: Knex): Promise<Capabilities> => {
  const grants = rowsOf(await knex.raw('SHOW GRANTS FOR CURRENT_USER()')).flatMap((row) =>
    Object.values(row).map(String),
  );
  const triggers = grants.some((grant) => /\b(ALL PRIVILEGES|TRIGGER)\b/i.test(grant));
  const fullText = await fullTextFor(knex);
  return {
    locksLock: await locksLock(knex),
    transactionalDdl: false,
    triggers,
    deferrableTriggers: undefined,
    fullText: fullText.method === 'like' ? null : fullText.method,
  };
};

/** Asks a PostgreSQL or MySQL/MariaDB database what crudboard needs of it (judged by judgeCapabilities). */
export const probeCapabilities = (knex: Knex): Promise<Capabilities> => {
  switch (dialectOf(knex)) {
    case 'pg':
      return probePg(knex);
    case 'mysql':
      return probeMysql(knex);
    case 'sqlite':
      return Promise.resolve({
        locksLock: true,
        transactionalDdl: true,
        triggers: true,
        deferrableTriggers: undefined,
        fullText: 'fts5',
      });
  }
};
