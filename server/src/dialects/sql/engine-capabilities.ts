import type { Knex } from 'knex';

/**
 * What a database engine was found to do at start-up, beyond its locks. `undefined`: could not be
 * told (the account may not make the temporary objects the probe needs).
 */
export interface EngineCapabilities {
  /** DDL after a write in one transaction, rolled back whole. */
  transactionalDdl: boolean | undefined;
  /** Row triggers (MySQL: the account holds TRIGGER). */
  triggers: boolean | undefined;
  /** Deferred constraint triggers (PostgreSQL). */
  deferrableTriggers: boolean | undefined;
  /** The keyword-search method the database offers, or null: none. */
  fullText: string | null;
  /** What crudboard does without one. */
  withoutFullText: string;
}

export const rowsOf = (result: unknown): Record<string, unknown>[] => {
  if (Array.isArray(result))
    return (Array.isArray(result[0]) ? result[0] : result) as Record<string, unknown>[];
  return ((result as { rows?: unknown[] }).rows ?? []) as Record<string, unknown>[];
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

/**
 * PostgreSQL: in transactions rolled back, a temporary table with a row and an index (DDL after a
 * write), and a deferred constraint trigger on it; pg_trgm among the available extensions.
 */
export const probePgEngine = async (knex: Knex): Promise<EngineCapabilities> => {
  const temp =
    rowsOf(await knex.raw("SELECT pg_catalog.has_database_privilege(current_database(), 'TEMP') AS t"))[0]
      ?.t === true;
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
    transactionalDdl: ddl,
    triggers: deferrable,
    deferrableTriggers: deferrable,
    fullText: trigrams.length > 0 ? 'pg_trgm' : null,
    withoutFullText: 'pg_trgm is not available: tables with a search index are refused until it is installed',
  };
};
