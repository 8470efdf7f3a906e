/**
 * SQL for the oid of the data source's schema (the first of its search path). Not
 * `current_schema()::regnamespace`: that cast reads the name as SQL and fails on a schema whose
 * name needs quoting (`Sales 2026`, mixed case).
 */
import type { Knex } from 'knex';

export const PG_CURRENT_SCHEMA_OID = '(SELECT oid FROM pg_namespace WHERE nspname = current_schema())';

/** The data source's schema (the first of its search path), or null when it has none. */
export const pgCurrentSchema = async (db: Knex): Promise<string | null> =>
  ((await db.raw('SELECT current_schema() AS s')) as { rows: { s: string | null }[] }).rows[0]?.s ?? null;
