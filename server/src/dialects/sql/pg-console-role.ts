import type { ConsoleLog } from './sql-dialect';
import type { Knex } from 'knex';
import { ensurePgRowCount, ROW_DELTA_TABLE } from '../row-count/pg-row-count';
import { quotePgIdentifier } from './quote-pg-identifier';

/** The role crudboard creates for the console when the operator names none. */
export const DEFAULT_CONSOLE_ROLE = 'crudboard_console';

/** Built-in roles whose members reach the server's files, programs or other sessions. */
export const DANGEROUS_ROLES = [
  'pg_read_server_files',
  'pg_write_server_files',
  'pg_execute_server_program',
  'pg_signal_backend',
] as const;

/** Privileges of the console role on business tables and their sequences. */
const TABLE_RIGHTS = 'SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER';
const SEQUENCE_RIGHTS = 'USAGE, SELECT, UPDATE';

/** SQLSTATEs: duplicate_object, unique_violation (two servers creating the role at once). */
const ALREADY_THERE = new Set(['42710', '23505']);
/** SQLSTATEs worth a retry when several servers grant at once: serialization, deadlock, "tuple concurrently updated". */
const RETRYABLE = new Set(['40001', '40P01', 'XX000']);

const ROW_COUNT_WARNING =
  'the row-count trigger functions belong to another role and could not be redefined: console writes to business tables may fail';

export type PgConsoleLog = ConsoleLog;

/** What the console may run as on one PostgreSQL data source. */
export interface PgConsoleRole {
  /** The role statements run under, when one can be used. */
  role?: string;
  /** The connecting role is a superuser. */
  superuser: boolean;
  /** The connecting role reaches server files, programs or other sessions (superuser or member). */
  privileged: boolean;
}

interface Connecting {
  me: string;
  schema: string;
  superuser: boolean;
  createRole: boolean;
  dangerous: string[];
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const sqlState = (error: unknown): string => String((error as { code?: unknown }).code ?? '');

const connectingRole = async (knex: Knex): Promise<Connecting> => {
  const [row] = rowsOf<{ me: string; schema: string | null; superuser: boolean; create_role: boolean }>(
    await knex.raw(
      `SELECT current_user AS me, current_schema() AS schema, r.rolsuper AS superuser, r.rolcreaterole AS create_role
         FROM pg_roles r WHERE r.rolname = current_user`,
    ),
  );
  if (!row) throw new Error('the connecting role is not in pg_roles');
  return {
    me: row.me,
    schema: row.schema ?? 'public',
    superuser: row.superuser,
    createRole: row.create_role,
    dangerous: await dangerousMemberships(knex, row.me),
  };
};

/** The dangerous built-in roles `role` is a member of (directly or not). */
const dangerousMemberships = async (knex: Knex, role: string): Promise<string[]> =>
  rowsOf<{ name: string }>(
    await knex.raw(
      `SELECT d.rolname AS name FROM pg_roles d
        WHERE d.rolname = ANY(?) AND pg_has_role(?::name, d.oid, 'MEMBER') ORDER BY 1`,
      [[...DANGEROUS_ROLES], role],
    ),
  ).map((row) => row.name);

interface RoleFacts {
  /** Schemas of the server's search path in which the role may create objects. */
  creates: string[];
  /** Functions, operators, types, collations and conversions it owns in those schemas. */
  planted: string[];
  superuser: boolean;
  bypassRls: boolean;
  createRole: boolean;
  dangerous: string[];
  /** The connecting role may `SET ROLE` to it. */
  reachable: boolean;
}

const roleFacts = async (knex: Knex, role: string): Promise<RoleFacts | undefined> => {
  const [row] = rowsOf<{ superuser: boolean; bypass: boolean; create_role: boolean; reachable: boolean }>(
    await knex.raw(
      `SELECT r.rolsuper AS superuser, r.rolbypassrls AS bypass, r.rolcreaterole AS create_role,
              pg_has_role(current_user, r.oid, 'MEMBER') AS reachable
         FROM pg_roles r WHERE r.rolname = ?`,
      [role],
    ),
  );
  if (!row) return undefined;
  return {
    creates: await creatableSchemas(knex, role),
    planted: await plantedObjects(knex, role),
    superuser: row.superuser,
    bypassRls: row.bypass,
    createRole: row.create_role,
    dangerous: await dangerousMemberships(knex, role),
    reachable: row.reachable,
  };
};

/**
 * The schemas of this connection's search path (crudboard's own, pinned: pg-search-path.ts) in
 * which `role` may create objects, through its own grants or PUBLIC's. An operator, function,
 * cast or table made there would be resolved by the server's own statements, which run with the
 * connecting role's rights (a superuser's, in the documented setup).
 */
const creatableSchemas = async (knex: Knex, role: string): Promise<string[]> =>
  rowsOf<{ name: string }>(
    await knex.raw(
      `SELECT s.name FROM unnest(pg_catalog.current_schemas(false)) AS s(name)
        WHERE s.name !~ '^pg_temp' AND pg_catalog.has_schema_privilege(?::name, s.name, 'CREATE')
        ORDER BY 1`,
      [role],
    ),
  ).map((row) => row.name);

/**
 * What `role` owns in the schemas of this connection's search path that the server's statements
 * could resolve in place of pg_catalog's (functions, operators, types other than tables' row
 * types, collations, conversions): made while it could create there (earlier releases granted
 * CREATE), they would run with the server's rights. Its tables are not counted.
 */
const plantedObjects = async (knex: Knex, role: string): Promise<string[]> =>
  rowsOf<{ object: string }>(
    await knex.raw(
      `WITH me AS (SELECT oid FROM pg_catalog.pg_roles WHERE rolname = ?),
            owned(ns, name, kind) AS (
              SELECT p.pronamespace, p.proname::text, 'function' FROM pg_catalog.pg_proc p, me WHERE p.proowner = me.oid
              UNION ALL SELECT o.oprnamespace, o.oprname::text, 'operator' FROM pg_catalog.pg_operator o, me WHERE o.oprowner = me.oid
              UNION ALL SELECT c.collnamespace, c.collname::text, 'collation' FROM pg_catalog.pg_collation c, me WHERE c.collowner = me.oid
              UNION ALL SELECT v.connamespace, v.conname::text, 'conversion' FROM pg_catalog.pg_conversion v, me WHERE v.conowner = me.oid
              UNION ALL SELECT t.typnamespace, t.typname::text, 'type' FROM pg_catalog.pg_type t, me
                WHERE t.typowner = me.oid AND t.typrelid = 0
                  AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_type e WHERE e.oid = t.typelem AND e.typrelid <> 0))
       SELECT o.kind || ' ' || pg_catalog.quote_ident(n.nspname) || '.' || o.name AS object
         FROM owned o JOIN pg_catalog.pg_namespace n ON n.oid = o.ns
        WHERE n.nspname = ANY(pg_catalog.current_schemas(false))
        ORDER BY 1`,
      [role],
    ),
  ).map((row) => row.object);

/** Why a role may not serve as the console role, or undefined when it may. */
const unsafeBecause = (facts: RoleFacts | undefined): string | undefined => {
  if (!facts) return 'it does not exist';
  if (facts.superuser) return 'it is a superuser';
  if (facts.bypassRls) return 'it bypasses row-level security';
  if (facts.createRole) return 'it may create roles';
  if (facts.dangerous.length > 0) return `it is a member of ${facts.dangerous.join(', ')}`;
  if (facts.planted.length > 0) {
    return `it owns ${facts.planted.join(', ')} where the server's own statements search: made by console users while it could create there, they would run with the server's rights (check and drop them)`;
  }
  if (facts.creates.length > 0) {
    const schemas = facts.creates.map(quotePgIdentifier).join(', ');
    return `it may create objects in ${schemas}, which the server's own statements search (REVOKE CREATE ON SCHEMA ${schemas} FROM the role, and from PUBLIC)`;
  }
  if (!facts.reachable) return 'the connecting role is not a member of it (GRANT it to the connecting role)';
  return undefined;
};

const withRetry = async <T>(work: () => Promise<T>): Promise<T> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= 5 || !RETRYABLE.has(sqlState(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
};

/** Creates the role unless it exists; another server creating it at the same moment is fine. */
const createRole = async (knex: Knex, role: string): Promise<void> => {
  try {
    await knex.raw(
      `CREATE ROLE ${quotePgIdentifier(role)} NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT NOREPLICATION NOBYPASSRLS`,
    );
  } catch (error) {
    if (!ALREADY_THERE.has(sqlState(error))) throw error;
  }
};

/**
 * Redefines the row-count trigger functions in a savepoint, where crudboard keeps counts in this
 * schema (it made a table here); false when another role owns them. A schema without them gets
 * none: crudboard adds nothing to a database it only reads.
 */
const redefineRowCount = async (trx: Knex.Transaction): Promise<boolean> => {
  const { rows } = (await trx.raw('SELECT to_regclass(?) IS NOT NULL AS kept', [ROW_DELTA_TABLE])) as {
    rows: { kept: boolean }[];
  };
  if (!rows[0]?.kept) return true;
  try {
    await trx.transaction((savepoint) => ensurePgRowCount(savepoint));
    return true;
  } catch {
    return false;
  }
};

/**
 * The console role's rights in the data source's schema: everything on the business tables and
 * their sequences (now and, through default privileges, those created later), no CREATE (the
 * server's own statements search the schema: an operator or function made there would run with
 * the server's rights), and nothing on crudboard's own `cb_` tables. Only what the connecting role owns (or
 * may grant) is touched. One transaction under an advisory lock, so servers starting together
 * take turns and a console statement never sees the grants half done. Says whether the row-count
 * trigger functions could be redefined.
 */
export const grantConsoleRole = async (knex: Knex, role: string, schema: string): Promise<boolean> => {
  const r = quotePgIdentifier(role);
  const s = quotePgIdentifier(schema);
  let redefined = false;
  await withRetry(() =>
    knex.transaction(async (trx) => {
      await trx.raw(`SELECT pg_advisory_xact_lock(hashtext('crudboard console role grants'))`);
      // Row-count triggers write cb_row_delta: their functions must run with their owner's rights
      // (databases made before they did get them redefined here, by their owner only).
      redefined = await redefineRowCount(trx);
      const [rights] = rowsOf<{ usage: boolean; create: boolean }>(
        await trx.raw(
          `SELECT has_schema_privilege(?, 'USAGE WITH GRANT OPTION') AS usage,
                  has_schema_privilege(?, 'CREATE WITH GRANT OPTION') AS create`,
          [schema, schema],
        ),
      );
      if (rights?.usage) await trx.raw(`GRANT USAGE ON SCHEMA ${s} TO ${r}`);
      // Never CREATE: the server's own statements search this schema (earlier releases granted it).
      if (rights?.create) await trx.raw(`REVOKE CREATE ON SCHEMA ${s} FROM ${r}`);
      await trx.raw(`ALTER DEFAULT PRIVILEGES IN SCHEMA ${s} GRANT ${TABLE_RIGHTS} ON TABLES TO ${r}`);
      await trx.raw(`ALTER DEFAULT PRIVILEGES IN SCHEMA ${s} GRANT ${SEQUENCE_RIGHTS} ON SEQUENCES TO ${r}`);
      // Only the relations whose grants to the role are not yet as they should be (a start after
      // the first changes nothing): crudboard's own granting the role anything, the others granting
      // it less than all the rights.
      const relations = rowsOf<{ name: string; sequence: boolean; own: boolean }>(
        await trx.raw(
          `SELECT name, sequence, own FROM (
             SELECT c.relname AS name, c.relkind = 'S' AS sequence, c.relname LIKE 'cb\\_%' AS own,
                    string_to_array(CASE WHEN c.relkind = 'S' THEN ? ELSE ? END, ', ') AS wanted,
                    ARRAY(SELECT a.privilege_type FROM aclexplode(c.relacl) a WHERE a.grantee = to_regrole(?)) AS granted
               FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
              WHERE n.nspname = ? AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S')
                AND pg_has_role(current_user, c.relowner, 'USAGE')) AS r
            WHERE CASE WHEN own THEN cardinality(granted) > 0 ELSE NOT wanted <@ granted END
            ORDER BY name`,
          [SEQUENCE_RIGHTS, TABLE_RIGHTS, quotePgIdentifier(role), schema],
        ),
      );
      for (const { name, sequence, own } of relations) {
        const object = `${sequence ? 'SEQUENCE' : 'TABLE'} ${s}.${quotePgIdentifier(name)}`;
        if (own) await trx.raw(`REVOKE ALL ON ${object} FROM ${r}`);
        else await trx.raw(`GRANT ${sequence ? SEQUENCE_RIGHTS : TABLE_RIGHTS} ON ${object} TO ${r}`);
      }
    }),
  );
  return redefined;
};

/**
 * Start-up: finds the role the console runs under on a PostgreSQL data source. A role named by the
 * operator (`SQL_CONSOLE_ROLE`) is checked, not changed. Otherwise, when the connecting role may
 * create roles, `created` (`crudboard_console`) is created if missing (NOLOGIN, no special rights), made
 * reachable by the connecting role and given its grants. Logs what it decided.
 */
export const preparePgConsoleRole = async (
  knex: Knex,
  named: string | undefined,
  log: PgConsoleLog,
  created: string = DEFAULT_CONSOLE_ROLE,
): Promise<PgConsoleRole> => {
  const connecting = await connectingRole(knex);
  const privileged = connecting.superuser || connecting.dangerous.length > 0;
  const base = { superuser: connecting.superuser, privileged };
  if (named !== undefined) {
    const why = unsafeBecause(await roleFacts(knex, named));
    if (why) {
      log.error({ role: named }, `SQL_CONSOLE_ROLE cannot be used: ${why}`);
      return base;
    }
    // The operator's grants are left alone; crudboard's own trigger functions must still work.
    const redefined = await withRetry(() =>
      knex.transaction(async (trx) => {
        await trx.raw(`SELECT pg_advisory_xact_lock(hashtext('crudboard console role grants'))`);
        return redefineRowCount(trx);
      }),
    );
    if (!redefined) log.warn({}, ROW_COUNT_WARNING);
    return { ...base, role: named };
  }
  if (!connecting.superuser && !connecting.createRole) return base;
  const role = created;
  try {
    await createRole(knex, role);
    if (!connecting.superuser && !(await roleFacts(knex, role))?.reachable) {
      await withRetry(() => knex.raw(`GRANT ${quotePgIdentifier(role)} TO CURRENT_USER`));
    }
    const facts = await roleFacts(knex, role);
    const unfit = unsafeBecause(facts && { ...facts, creates: [], planted: [] });
    if (unfit) {
      log.error({ role }, `the SQL console role cannot be used: ${unfit}`);
      return base;
    }
    if (!(await grantConsoleRole(knex, role, connecting.schema))) log.warn({}, ROW_COUNT_WARNING);
    // The grants took back the CREATE earlier releases gave; one left through PUBLIC (PostgreSQL
    // before 15 gives it on public) or another grantor is the operator's to take back.
    const why = unsafeBecause(await roleFacts(knex, role));
    if (why) {
      log.error({ role }, `the SQL console role cannot be used: ${why}`);
      return base;
    }
  } catch (error) {
    log.error({ role, err: error }, 'the SQL console role could not be prepared');
    return base;
  }
  log.info({ role, schema: connecting.schema }, 'SQL console statements run under this role');
  return { ...base, role };
};
