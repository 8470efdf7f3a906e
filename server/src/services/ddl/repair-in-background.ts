import type { Knex } from 'knex';
import { dialectOf } from '../../db/dialect';
import { sqlDialect } from '../../dialects/sql/sql-dialects';
import type { RecoveredChange } from './recover-schema-changes';
import { repairSchemaChanges } from './schema-lock';

const running = new WeakMap<Knex, Promise<void>>();

/**
 * Starts repairing the data source's half-applied schema changes without waiting for it (a read
 * found a table out of step with its metadata), at most once at a time per handle. Where schema
 * changes run in transactions there is nothing to repair. `report` hears what was repaired, or why not.
 */
export const repairInBackground = (
  knex: Knex,
  report: (outcome: { repaired: RecoveredChange[] } | { error: unknown }) => void,
): void => {
  if (sqlDialect(dialectOf(knex)).schemaChanges !== 'stepwise' || running.has(knex)) return;
  const work = repairSchemaChanges(knex)
    .then(
      (repaired) => report({ repaired }),
      (error: unknown) => report({ error }),
    )
    .finally(() => running.delete(knex));
  running.set(knex, work);
};
