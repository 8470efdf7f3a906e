import type { Knex } from 'knex';
import { dialectOf } from '../../db/dialect';
import { sqlDialect } from '../../dialects/sql/sql-dialects';
import { ApiException } from '../../errors/api-exception';
import { metadataMessage } from '../../i18n/metadata-messages';
import { withCertificationRetry } from '../../db/certification-retry';
import { recoverSchemaChanges, SchemaRepairError, type RecoveredChange } from './recover-schema-changes';
import { changeLeftNothing } from './run-schema-change';
import { journalEntries } from './schema-journal';

/** The database lock schema changes of one data source take, on every server sharing it. */
export const SCHEMA_LOCK = 'schema changes';

/**
 * How long a schema change waits for another server's (a long table rebuild, say) before it is
 * answered 503 DATABASE_BUSY, changing nothing.
 */
export const SCHEMA_LOCK_WAIT_MS = 60_000;

const queues = new WeakMap<Knex, Promise<unknown>>();

/** Runs `work` after the data source's queued schema work, holding its database schema lock. */
const queued = <T>(knex: Knex, work: () => Promise<T>): Promise<T> => {
  const locked = () =>
    sqlDialect(dialectOf(knex)).withDatabaseLock(knex, SCHEMA_LOCK, work, SCHEMA_LOCK_WAIT_MS);
  const previous = queues.get(knex) ?? Promise.resolve();
  const run = previous.then(locked, locked);
  queues.set(
    knex,
    run.catch(() => undefined),
  );
  return run;
};

/** Recovery, with a failure said as a refusal (409) naming the table. */
const recoverOrRefuse = async (knex: Knex): Promise<void> => {
  try {
    await recoverSchemaChanges(knex);
  } catch (error) {
    if (!(error instanceof SchemaRepairError)) throw error;
    const message = metadataMessage('schemaRepairFailed', {
      name: error.tables.join(', '),
      reason: String((error.cause as Error)?.message ?? error.cause),
    });
    throw new ApiException('CONFLICT', message);
  }
};

/**
 * Runs schema changes of one data source one at a time, so that two edits never plan against the
 * same stored state or interleave their DDL: first in this process (a queue per Knex instance),
 * then across every server on the same PostgreSQL or MySQL database (`withDatabaseLock`, held
 * while `work` reads the stored state, plans, and applies DDL and metadata). SQLite: the queue.
 * First, under the lock, a change a dead server left half-applied is finished or taken back
 * (MySQL; see recover-schema-changes), so that `work` plans against tables that are what their
 * metadata says; one that cannot be is answered 409 and nothing else is done.
 */
export const withSchemaLock = <T>(knex: Knex, work: () => Promise<T>): Promise<T> =>
  queued(knex, async () => {
    await recoverOrRefuse(knex);
    return work();
  });

/**
 * `withSchemaLock` for a schema change whose only writes are `runSchemaChange`'s (or one
 * transaction): when it loses to a concurrent transaction (a Galera node's certification, a
 * deadlock: error 1213) before anything of it was committed, it is run again as a whole, still
 * holding the lock: read, checked and planned afresh, up to CERTIFICATION_TRIES with jittered
 * pauses. One that had committed part of itself (repaired values, statements applied and taken
 * back) is not, and answers 503 DATABASE_BUSY as before.
 */
export const withSchemaChange = <T>(knex: Knex, work: () => Promise<T>): Promise<T> =>
  withSchemaLock(knex, () => withCertificationRetry(work, changeLeftNothing));

/**
 * Under the schema lock, finishes or takes back the changes dead servers left half-applied on this
 * data source (start-up, the designer's repair, a read that found a table out of step). Throws
 * SchemaRepairError when one cannot be repaired yet. Takes no lock where there can be none (a
 * database with transactional DDL, an empty journal): a server starting while another runs a long
 * change does not wait for it.
 */
export const repairSchemaChanges = async (knex: Knex): Promise<RecoveredChange[]> => {
  if (sqlDialect(dialectOf(knex)).schemaChanges !== 'stepwise') return [];
  if ((await journalEntries(knex)).length === 0) return [];
  return queued(knex, () => recoverSchemaChanges(knex));
};
