/**
 * SQL for the oid of the data source's schema (the first of its search path). Not
 * `current_schema()::regnamespace`: that cast reads the name as SQL and fails on a schema whose
 * name needs quoting (`Sales 2026`, mixed case).
 */
export const PG_CURRENT_SCHEMA_OID = '(SELECT oid FROM pg_namespace WHERE nspname = current_schema())';
