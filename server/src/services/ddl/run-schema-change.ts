import type { Knex } from 'knex';
import { dialectOf } from '../../db/dialect';
import { inMetaTransaction, retriedMetaTransaction, type MetaDb } from '../../db/metadata-home';
import { fullTextFor } from '../../dialects/full-text/full-text-for';
import { sqlDialect } from '../../dialects/sql/sql-dialects';
import type { TableDef } from '../../model/table-def';
import { applyOp } from './apply-op';
import type { DdlStep } from './ddl-step';
import { applyRepairs, assertLossAllowed, findLosses } from './loss-findings';
import { finalTableOf, mysqlSteps } from './mysql-steps';
import { closeJournal, markApplied, markCommitted, openJournal } from './schema-journal';
import type { LossCheck, SchemaOp } from '../../model/schema-op';
import { sqliteSteps } from './sqlite-rebuild';

export interface SchemaChange<T> {
  ops: readonly SchemaOp[];
  checks?: readonly LossCheck[];
  confirmDataLoss?: boolean;
  /** The table before and after, when one table is edited (SQLite rebuilds from them). */
  old?: TableDef;
  next?: TableDef;
  /**
   * Writes the metadata; runs last, in a transaction of the metadata's home: the DDL's own where
   * the data source is `primary` and its database runs DDL in transactions; else a transaction of
   * `primary`, committed just before the DDL's (another data source's schema change that fails to
   * commit after that leaves metadata describing it: the narrow window of two databases).
   */
  writeMetadata(meta: MetaDb): Promise<T>;
}

export interface SchemaChangeHooks {
  /** Called after each schema step has been applied (tests use it to fail mid-way). */
  afterStep?(index: number, label: string): void | Promise<void>;
  /** Told about compensation or clean-up steps that failed (MySQL); the change's outcome stands. */
  onCleanupError?(label: string, error: unknown): void;
}

/**
 * The transaction settings of a change: the dialect's schema settings when DDL or data repairs
 * run, plain ones for a change of metadata alone. On SQLite the schema settings turn the foreign
 * keys off and have every foreign key of the database checked before the commit, a read of every
 * referencing table (about 0.2 s for 1,000,000 rows) that fails on rows an earlier program left
 * dangling; a metadata-only change (a caption, deleting metadata without the table) touches no
 * business table, so it needs neither.
 */
const transactionFor = (
  schema: Knex.TransactionConfig,
  steps: readonly DdlStep[],
  checks: readonly LossCheck[],
): Knex.TransactionConfig => (steps.length === 0 && checks.length === 0 ? {} : schema);

/** Errors of changes that left something committed (repairs, DDL taken back, a journal entry). */
const settled = new WeakSet<object>();

/**
 * Whether a schema change that failed with `error` may be run again from the start: nothing of
 * it was committed (no repaired values, no statement applied, no journal entry left). Only
 * MySQL's stepwise changes commit before their end; elsewhere one transaction holds everything.
 */
export const changeLeftNothing = (error: unknown): boolean =>
  typeof error !== 'object' || error === null || !settled.has(error);

const settle = (error: unknown): void => {
  if (typeof error === 'object' && error !== null) settled.add(error);
};

/**
 * Applies a schema change and its metadata together or not at all (DESIGN principle 4). First the
 * data-loss checks run on the current data (409 unless allowed), confirmed losses are repaired,
 * then the DDL and the metadata. SQLite and PostgreSQL do all of it in one transaction (SQLite's
 * with `foreign_keys` off, so table rebuilds cascade nowhere). MySQL commits each DDL statement,
 * so its steps are applied one by one and, if one or the metadata fails, the applied ones are
 * compensated in reverse order; drops happen only after the metadata is committed. Values a
 * confirmed lossy change repaired stay repaired on MySQL when a later step fails. There the plan
 * is journalled in the metadata home before its first statement (schema-journal), each applied
 * step marked, and the metadata's commit marks it committed in the same transaction: a server
 * that dies mid-change leaves an entry that the next start-up or schema change of the data source
 * finishes or takes back (recover-schema-changes). Afterwards
 * the console account's grants follow the tables (MySQL).
 */
export const runSchemaChange = async <T>(
  knex: Knex,
  change: SchemaChange<T>,
  hooks: SchemaChangeHooks = {},
): Promise<T> => {
  const dialect = dialectOf(knex);
  const sql = sqlDialect(dialect);
  const fullText = await fullTextFor(knex);
  const checks = change.checks ?? [];
  const confirmed = change.confirmDataLoss ?? false;
  let repaired = false;

  if (sql.schemaChanges !== 'stepwise') {
    if (checks.some((check) => check.condition.kind === 'text')) await sql.prepareTextChecks(knex);
    const steps: DdlStep[] =
      sql.schemaChanges === 'rebuild'
        ? sqliteSteps(fullText, change.ops, change.old, change.next)
        : change.ops.map((op) => ({
            label: op.kind,
            apply: (db: Knex) => applyOp({ db, dialect, fullText }, op),
          }));
    return knex.transaction(
      async (trx) => {
        const findings = await findLosses(trx, dialect, checks);
        assertLossAllowed(findings, confirmed);
        await applyRepairs(trx, dialect, findings);
        for (const [index, step] of steps.entries()) {
          await step.apply(trx);
          await hooks.afterStep?.(index, step.label);
        }
        return inMetaTransaction(trx, (meta) => change.writeMetadata(meta));
      },
      transactionFor(sql.schemaTransaction, steps, checks),
    );
  }

  const findings = await findLosses(knex, dialect, checks);
  assertLossAllowed(findings, confirmed);
  if (findings.some((finding) => finding.check.repair)) {
    await knex.transaction((trx) => applyRepairs(trx, dialect, findings));
    // Repaired values stay repaired whatever happens next: the change is not run again.
    repaired = true;
  }
  const steps = mysqlSteps({ dialect, fullText }, change.ops, finalTableOf(change.ops));
  if (steps.length === 0) {
    // Nothing but the metadata: the whole change runs again (withSchemaChange) unless repairs
    // committed, after which only its transaction does.
    if (!repaired) return inMetaTransaction(knex, (meta) => change.writeMetadata(meta));
    try {
      return await retriedMetaTransaction(knex, (meta) => change.writeMetadata(meta));
    } catch (error) {
      settle(error);
      throw error;
    }
  }
  // The journal outlives this process: a server that dies from here on leaves it for the next
  // start-up or schema change of the data source to finish or take back (recover-schema-changes).
  const journal = await openJournal(knex, change.ops);
  const applied: DdlStep[] = [];
  let result: T;
  try {
    for (const [index, step] of steps.entries()) {
      await step.apply(knex);
      applied.push(step);
      await markApplied(knex, journal, index + 1);
      await hooks.afterStep?.(index, step.label);
    }
    // The DDL stands and the schema lock is held: a metadata transaction that lost to a
    // concurrent metadata write (Galera certification, a deadlock) is run again on its own.
    result = await retriedMetaTransaction(knex, async (meta) => {
      const written = await change.writeMetadata(meta);
      await markCommitted(meta, journal);
      return written;
    });
  } catch (error) {
    // Statements were applied (then taken back) or the journal stays: not to be run again.
    if (applied.length > 0 || repaired) settle(error);
    let undone = true;
    for (const step of applied.reverse()) {
      try {
        await step.undo?.(knex);
      } catch (undoError) {
        undone = false;
        hooks.onCleanupError?.(`undo ${step.label}`, undoError);
      }
    }
    // A compensation that failed leaves the entry: recovery takes the change back later.
    if (!undone) settle(error);
    else
      await closeJournal(knex, journal).catch((closeError: unknown) => {
        settle(error);
        hooks.onCleanupError?.('close journal', closeError);
      });
    throw error;
  }
  let finalized = true;
  for (const step of steps) {
    try {
      await step.finalize?.(knex);
    } catch (finalizeError) {
      finalized = false;
      hooks.onCleanupError?.(`finalize ${step.label}`, finalizeError);
    }
  }
  if (finalized)
    await closeJournal(knex, journal).catch((closeError: unknown) =>
      hooks.onCleanupError?.('close journal', closeError),
    );
  // Tables made, renamed, dropped or reversed: the console account's grants follow them.
  try {
    await sql.keepConsoleGrants(knex);
  } catch (grantError) {
    hooks.onCleanupError?.('console grants', grantError);
  }
  return result;
};
