import type { Knex } from 'knex';
import { dialectOf } from '../../db/dialect';
import { fullTextFor } from '../../dialects/full-text/full-text-for';
import { waitForTableDdl } from '../../dialects/sql/mysql-shape';
import { sqlDialect } from '../../dialects/sql/sql-dialects';
import { finalTableOf, mysqlSteps } from './mysql-steps';
import { closeJournal, journalEntries } from './schema-journal';

/**
 * How long recovery waits for an ALTER a dead server left running in the database to end before
 * it gives up for now (the entry stays; the next start-up or schema change tries again).
 */
export const ORPHAN_DDL_WAIT_MS = 120_000;

/** What recovery did to one change a server left half-applied. */
export interface RecoveredChange {
  tables: string[];
  /** `finished`: its metadata was committed, the staged drops are done; `undone`: taken back. */
  outcome: 'finished' | 'undone';
}

/** A half-applied change that could be neither finished nor taken back (yet). */
export class SchemaRepairError extends Error {
  constructor(
    readonly tables: readonly string[],
    cause: unknown,
  ) {
    super(
      `the unfinished schema change of ${tables.join(', ')} could not be repaired: ${String((cause as Error)?.message ?? cause)}`,
      {
        cause,
      },
    );
    this.name = 'SchemaRepairError';
  }
}

/**
 * Finishes or takes back the schema changes of `knex`'s data source that a server left
 * half-applied (it died between two DDL statements, or in one), so that every table is again what
 * its metadata says: a change whose metadata was committed has its staged drops done; any other
 * has its applied steps, and the one under way, undone in reverse order. Each step's undo looks
 * at the physical table first (see mysql-steps), after waiting for a statement the dead server
 * left running on those tables to end. Only for databases that apply schema changes step by step
 * (MySQL / MariaDB); the others run them in a transaction, which the database rolls back.
 *
 * The caller holds the data source's schema lock: every live server's change holds it from its
 * first statement to its journal's removal, so any entry found then belongs to a dead server.
 */
export const recoverSchemaChanges = async (knex: Knex): Promise<RecoveredChange[]> => {
  const dialect = dialectOf(knex);
  if (sqlDialect(dialect).schemaChanges !== 'stepwise') return [];
  const entries = await journalEntries(knex);
  if (entries.length === 0) return [];
  const fullText = await fullTextFor(knex);
  const recovered: RecoveredChange[] = [];
  for (const entry of entries) {
    try {
      if (!(await waitForTableDdl(knex, entry.tables, ORPHAN_DDL_WAIT_MS))) {
        throw new Error('a schema statement on the table is still running');
      }
      const steps = mysqlSteps({ dialect, fullText }, entry.ops, finalTableOf(entry.ops));
      if (entry.state === 'committed') {
        for (const step of steps) await step.finalize?.(knex);
      } else {
        for (const step of steps.slice(0, entry.applied + 1).reverse()) await step.undo?.(knex);
      }
      await closeJournal(knex, entry.id);
    } catch (error) {
      throw new SchemaRepairError(entry.tables, error);
    }
    recovered.push({ tables: entry.tables, outcome: entry.state === 'committed' ? 'finished' : 'undone' });
  }
  return recovered;
};
