import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { DatabaseLockTimeout } from '../../dialects/sql/database-lock';
import type { SqlDialect } from '../../dialects/sql/sql-dialect';
import { sqlDialect } from '../../dialects/sql/sql-dialects';
import { dialectOf } from '../dialect';
import type { Capabilities } from './capability-verdict';

/**
 * Takes a database lock the way crudboard takes its own (`withDatabaseLock`: an advisory lock,
 * GET_LOCK, or a Galera lease), then asks for the same lock again without waiting: the second ask
 * must be refused.
 */
const locksLock = (knex: Knex, dialect: SqlDialect): Promise<boolean> => {
  const name = `capability probe ${randomUUID()}`;
  return dialect.withDatabaseLock(
    knex,
    name,
    async () => {
      try {
        await dialect.withDatabaseLock(knex, name, () => Promise.resolve(), 0);
        return false;
      } catch (error) {
        if (error instanceof DatabaseLockTimeout) return true;
        throw error;
      }
    },
    0,
  );
};

/** Asks a database shared by servers what crudboard needs of it (judged by judgeCapabilities). */
export const probeCapabilities = async (knex: Knex): Promise<Capabilities> => {
  const dialect = sqlDialect(dialectOf(knex));
  if (!dialect.probeEngine) throw new Error(`no capability probe for ${dialect.client}`);
  return { locksLock: await locksLock(knex, dialect), ...(await dialect.probeEngine(knex)) };
};
