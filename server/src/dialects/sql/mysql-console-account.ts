import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { mysqlConnection, openMysqlKnex } from '../../db/create-knex';
import { mysqlConnectionHost } from '../../db/mysql-hosts';
import { hostFinderOf, rememberHostFinder } from '../../db/pool-host-finder';
import { errnoOf } from './mysql-errno';
import type { ConsoleLog } from './sql-dialect';

/**
 * Where crudboard keeps the password of the console account it manages, in the data source's own
 * database: every server on that database reads it there, and the console account has no right on
 * any `cb_` table. The password is random rather than derived, as servers share no other secret.
 */
export const CONSOLE_SECRET_TABLE = 'cb_console_account';

/** Rights of the console account on each business table (never on a `cb_` table). */
const TABLE_RIGHTS = ['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'DROP', 'ALTER', 'INDEX', 'REFERENCES'];
/** Rights on the database: making new tables and views, whose names are not crudboard's tables. */
const DATABASE_RIGHTS = ['CREATE', 'CREATE VIEW'];
/** Database-wide rights an operator's account may hold without reaching crudboard's tables. */
const HARMLESS_DATABASE_RIGHTS = new Set([...DATABASE_RIGHTS, 'CREATE TEMPORARY TABLES', 'SHOW VIEW']);

/** ER_NONEXISTING_TABLE_GRANT, ER_NONEXISTING_GRANT: nothing to revoke. */
const NOTHING_TO_REVOKE = new Set([1147, 1141]);

/**
 * The account crudboard manages for the console on one database: `cbc_` and a digest of the
 * database's name (32 characters at most, MySQL's limit), so that databases sharing a server
 * (parallel test databases among them) never share an account, and every server on one database
 * finds the same one.
 */
export const consoleAccountName = (database: string): string =>
  `cbc_${createHash('sha256').update(database).digest('hex').slice(0, 20)}`;

/** What the console runs as on one MySQL / MariaDB data source. */
export interface MysqlConsoleAccount {
  /** Connections of the console account (a pool of at most `poolSize`), when one can be used. */
  account?: Knex;
  /** Why none can be used, for the start-up log. */
  why?: string;
}

interface Managed {
  name: string;
  host: string;
  database: string;
  account: Knex;
  /** The grants being brought in step; the next waits for it. */
  syncing: Promise<void>;
}

/** The console accounts crudboard manages, per data source handle. */
const managed = new WeakMap<Knex, Managed>();

type Rows<T> = [T[], unknown];
const rowsOf = async <T>(query: Promise<unknown>): Promise<T[]> => ((await query) as Rows<T>)[0];

/**
 * Why an account may not serve the console on `database`, from its own view of its privileges
 * (every account may read those), or an empty list: any global privilege (FILE, PROCESS, SUPER,
 * CREATE USER, and reading every database among them), database-wide rights that reach
 * crudboard's tables, any right on a `cb_` table or column, GRANT OPTION, roles.
 */
export const accountProblems = async (account: Knex, database: string): Promise<string[]> => {
  const problems: string[] = [];
  const global = await rowsOf<{ p: string; g: string }>(
    account.raw('SELECT PRIVILEGE_TYPE AS p, IS_GRANTABLE AS g FROM information_schema.USER_PRIVILEGES'),
  );
  const wide = global.filter((row) => row.p !== 'USAGE').map((row) => row.p);
  if (wide.length > 0) problems.push(`it holds ${wide.join(', ')} on every database`);
  const schema = await rowsOf<{ p: string; g: string }>(
    account.raw(
      `SELECT PRIVILEGE_TYPE AS p, IS_GRANTABLE AS g FROM information_schema.SCHEMA_PRIVILEGES
        WHERE ? LIKE TABLE_SCHEMA`,
      [database],
    ),
  );
  const reaching = schema.filter((row) => !HARMLESS_DATABASE_RIGHTS.has(row.p)).map((row) => row.p);
  if (reaching.length > 0)
    problems.push(`it holds ${reaching.join(', ')} on the whole database, crudboard's tables included`);
  const own = await rowsOf<{ t: string }>(
    account.raw(
      `SELECT DISTINCT TABLE_NAME AS t FROM information_schema.TABLE_PRIVILEGES
        WHERE TABLE_SCHEMA = ? AND TABLE_NAME LIKE 'cb\\_%'
       UNION SELECT DISTINCT TABLE_NAME FROM information_schema.COLUMN_PRIVILEGES
        WHERE TABLE_SCHEMA = ? AND TABLE_NAME LIKE 'cb\\_%'`,
      [database, database],
    ),
  );
  if (own.length > 0)
    problems.push(`it has rights on crudboard's tables (${own.map((row) => row.t).join(', ')})`);
  const grantable = await rowsOf<{ n: number }>(
    account.raw(
      `SELECT (SELECT count(*) FROM information_schema.TABLE_PRIVILEGES WHERE IS_GRANTABLE = 'YES')
            + (SELECT count(*) FROM information_schema.COLUMN_PRIVILEGES WHERE IS_GRANTABLE = 'YES') AS n`,
    ),
  );
  if ([...global, ...schema].some((row) => row.g === 'YES') || Number(grantable[0]?.n) > 0)
    problems.push('it holds GRANT OPTION');
  const roles = await rowsOf<{ r: string }>(
    account.raw('SELECT ROLE_NAME AS r FROM information_schema.APPLICABLE_ROLES'),
  ).catch(() => []);
  if (roles.length > 0) problems.push(`it may take roles (${roles.map((row) => row.r).join(', ')})`);
  return problems;
};

const currentUser = async (knex: Knex): Promise<{ user: string; host: string; database: string }> => {
  const [row] = await rowsOf<{ me: string; db: string | null }>(
    knex.raw('SELECT CURRENT_USER() AS me, DATABASE() AS db'),
  );
  const me = row?.me ?? '';
  const at = me.lastIndexOf('@');
  return { user: me.slice(0, at), host: me.slice(at + 1), database: row?.db ?? '' };
};

/** Whether the connecting account may create users and grant on `database`. */
const mayCreateAccounts = async (knex: Knex, database: string): Promise<boolean> => {
  const global = await rowsOf<{ p: string; g: string }>(
    knex.raw('SELECT PRIVILEGE_TYPE AS p, IS_GRANTABLE AS g FROM information_schema.USER_PRIVILEGES'),
  );
  if (!global.some((row) => row.p === 'CREATE USER')) return false;
  if (global.some((row) => row.g === 'YES')) return true;
  const schema = await rowsOf<{ g: string }>(
    knex.raw('SELECT IS_GRANTABLE AS g FROM information_schema.SCHEMA_PRIVILEGES WHERE ? LIKE TABLE_SCHEMA', [
      database,
    ]),
  );
  return schema.some((row) => row.g === 'YES');
};

/** A password every validation plugin accepts: upper and lower case, digits and a sign. */
const newSecret = () => `Cb1-${randomBytes(24).toString('base64url')}`;

/** The managed account's password: the one kept in the database, or a new one kept there. */
const accountSecret = async (knex: Knex, name: string): Promise<string> => {
  await knex.raw(
    `CREATE TABLE IF NOT EXISTS ?? (name VARCHAR(80) PRIMARY KEY, secret VARCHAR(200) NOT NULL)
       ENGINE = InnoDB DEFAULT CHARSET = utf8mb4`,
    [CONSOLE_SECRET_TABLE],
  );
  await knex.raw('INSERT IGNORE INTO ?? (name, secret) VALUES (?, ?)', [
    CONSOLE_SECRET_TABLE,
    name,
    newSecret(),
  ]);
  const [row] = await rowsOf<{ secret: string }>(
    knex.raw('SELECT secret FROM ?? WHERE name = ?', [CONSOLE_SECRET_TABLE, name]),
  );
  if (!row) throw new Error('the console account password could not be kept');
  return row.secret;
};

/**
 * Connections of another account to the same server and database as `knex`. On a URL of several
 * servers (a Galera cluster's nodes) they follow the pool's host finder (db/mysql-hosts.ts): each
 * goes to the server the finder chose, which it looks for again after a lost or refused
 * connection of either pool; the account exists on every node, as a cluster replicates accounts.
 */
const openAccount = (knex: Knex, user: string, password: string, poolSize: number): Knex => {
  const finder = hostFinderOf(knex);
  if (finder) {
    const account = openMysqlKnex(
      async () => ({ ...((await finder.provide()) as Knex.MySql2ConnectionConfig), user, password }),
      poolSize,
      undefined,
      (connection) => finder.keeps(mysqlConnectionHost(connection)),
    );
    finder.watch(account);
    rememberHostFinder(account, finder);
    return account;
  }
  const client = knex.client as { config: { connection: Knex.MySql2ConnectionConfig } };
  return openMysqlKnex({ ...client.config.connection, user, password }, poolSize);
};

const grantDatabase = (knex: Knex, state: Pick<Managed, 'name' | 'host' | 'database'>) =>
  knex.raw(`GRANT ${DATABASE_RIGHTS.join(', ')} ON ??.* TO ?@?`, [state.database, state.name, state.host]);

/**
 * Brings the console account's table grants in step with the database's tables: every table that
 * is not crudboard's, and views that run with the reader's rights or were made by the console
 * itself (a view made by another account would read with that account's rights), get
 * TABLE_RIGHTS; grants on anything else (dropped or renamed tables among them) are revoked. Reads
 * the account's grants through its own connection (crudboard's account may not read others').
 */
const syncGrants = async (knex: Knex, state: Managed): Promise<void> => {
  const tables = await rowsOf<{ t: string; view: number }>(
    knex.raw(
      `SELECT TABLE_NAME AS t, TABLE_TYPE = 'VIEW' AS view FROM information_schema.TABLES WHERE TABLE_SCHEMA = ?`,
      [state.database],
    ),
  );
  const self = `${state.name}@${state.host}`;
  // Views only when there are some: reading their definers opens each of them.
  const readable = tables.some((row) => Number(row.view) === 1)
    ? await rowsOf<{ t: string }>(
        knex.raw(
          `SELECT TABLE_NAME AS t FROM information_schema.VIEWS
            WHERE TABLE_SCHEMA = ? AND (SECURITY_TYPE = 'INVOKER' OR DEFINER = ?)`,
          [state.database, self],
        ),
      )
    : [];
  const readableViews = new Set(readable.map((row) => row.t));
  const wanted = new Set(
    tables
      .filter((row) => !row.t.toLowerCase().startsWith('cb_'))
      .filter((row) => Number(row.view) !== 1 || readableViews.has(row.t))
      .map((row) => row.t),
  );
  const granted = new Map<string, Set<string>>();
  for (const row of await rowsOf<{ t: string; p: string }>(
    state.account.raw(
      'SELECT TABLE_NAME AS t, PRIVILEGE_TYPE AS p FROM information_schema.TABLE_PRIVILEGES WHERE TABLE_SCHEMA = ?',
      [state.database],
    ),
  )) {
    const rights = granted.get(row.t) ?? new Set<string>();
    rights.add(row.p);
    granted.set(row.t, rights);
  }
  for (const table of wanted) {
    const has = granted.get(table);
    if (has && TABLE_RIGHTS.every((right) => has.has(right))) continue;
    await knex.raw(`GRANT ${TABLE_RIGHTS.join(', ')} ON ??.?? TO ?@?`, [
      state.database,
      table,
      state.name,
      state.host,
    ]);
  }
  for (const [table, rights] of granted) {
    if (wanted.has(table)) continue;
    try {
      await knex.raw(`REVOKE ${[...rights].join(', ')} ON ??.?? FROM ?@?`, [
        state.database,
        table,
        state.name,
        state.host,
      ]);
    } catch (error) {
      if (!NOTHING_TO_REVOKE.has(errnoOf(error) ?? 0)) throw error;
    }
  }
};

/**
 * Keeps the grants of the console account crudboard manages on this data source in step with its
 * tables, after the designer or the console created, renamed, dropped or reversed some; nothing
 * where crudboard manages none. One at a time per data source handle.
 */
export const keepMysqlConsoleGrants = async (knex: Knex): Promise<void> => {
  const state = managed.get(knex);
  if (!state) return;
  const next = state.syncing.catch(() => undefined).then(() => syncGrants(knex, state));
  state.syncing = next;
  await next;
};

/** Whether crudboard manages the console account of this data source (and so keeps its grants). */
export const managesMysqlConsoleAccount = (knex: Knex): boolean => managed.has(knex);

/** The account an operator named (`SQL_CONSOLE_URL`), checked, never changed. */
const namedAccount = async (
  knex: Knex,
  url: string,
  poolSize: number,
  log: ConsoleLog,
): Promise<MysqlConsoleAccount> => {
  const me = await currentUser(knex);
  const account = openMysqlKnex(mysqlConnection(url), poolSize);
  try {
    const them = await currentUser(account);
    const problems =
      them.user === me.user && them.host === me.host
        ? ["it is crudboard's own account"]
        : them.database !== me.database
          ? [`it connects to database ${them.database}, not ${me.database}`]
          : await accountProblems(account, me.database);
    if (problems.length > 0) {
      await account.destroy();
      const why = `SQL_CONSOLE_URL cannot be used: ${problems.join('; ')}`;
      return { why };
    }
    log.info(
      { account: `${them.user}@${them.host}` },
      'SQL console statements run as the account SQL_CONSOLE_URL names',
    );
    return { account };
  } catch (error) {
    await account.destroy();
    return { why: `SQL_CONSOLE_URL cannot be used: ${(error as Error).message}` };
  }
};

/** crudboard's own console account on this database, created when missing and given its grants. */
const managedAccount = async (
  knex: Knex,
  poolSize: number,
  log: ConsoleLog,
): Promise<MysqlConsoleAccount> => {
  const me = await currentUser(knex);
  if (!(await mayCreateAccounts(knex, me.database)))
    return {
      why: "crudboard's account may not create users and grant (CREATE USER, GRANT OPTION) and SQL_CONSOLE_URL is not set",
    };
  const name = consoleAccountName(me.database);
  const state = { name, host: me.host, database: me.database };
  const secret = await accountSecret(knex, name);
  await knex.raw('CREATE USER IF NOT EXISTS ?@? IDENTIFIED BY ?', [name, me.host, secret]);
  // Kept in step with the password in the database (the account may be older than the table).
  await knex.raw('ALTER USER ?@? IDENTIFIED BY ?', [name, me.host, secret]);
  await grantDatabase(knex, state);
  const account = openAccount(knex, name, secret, poolSize);
  try {
    if ((await accountProblems(account, me.database)).length > 0) {
      // Someone gave it more: start again from nothing.
      await knex.raw('REVOKE ALL PRIVILEGES, GRANT OPTION FROM ?@?', [name, me.host]);
      await grantDatabase(knex, state);
    }
    const entry: Managed = { ...state, account, syncing: Promise.resolve() };
    await syncGrants(knex, entry);
    const problems = await accountProblems(account, me.database);
    if (problems.length > 0) {
      await account.destroy();
      return { why: `the console account ${name} cannot be used: ${problems.join('; ')}` };
    }
    managed.set(knex, entry);
  } catch (error) {
    await account.destroy();
    throw error;
  }
  log.info({ account: `${name}@${me.host}` }, 'SQL console statements run as this account');
  return { account };
};

/**
 * Start-up: the separate account console statements run as on a MySQL / MariaDB data source. The
 * one `SQL_CONSOLE_URL` names when it connects to this database (checked, not changed); else
 * crudboard's own, when its account may create users and grant. `why` when there is none.
 */
export const prepareMysqlConsoleAccount = async (
  knex: Knex,
  config: { url?: string; poolSize: number },
  log: ConsoleLog,
): Promise<MysqlConsoleAccount> => {
  try {
    if (config.url !== undefined) {
      const named = new URL(config.url).pathname.slice(1);
      const [row] = await rowsOf<{ db: string | null }>(knex.raw('SELECT DATABASE() AS db'));
      if (decodeURIComponent(named) === row?.db)
        return await namedAccount(knex, config.url, config.poolSize, log);
    }
    return await managedAccount(knex, config.poolSize, log);
  } catch (error) {
    return { why: `the console account could not be prepared: ${(error as Error).message}` };
  }
};
