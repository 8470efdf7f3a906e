import { probeMysqlEngine } from './mysql-engine-capabilities';
import { mysqlInsertPrepared, mysqlInsertMany } from './mysql-insert-prepared';
import { insertOrRefused } from './insert-unless-present';
import { detectMysqlPinyinOrder, oncePerKnex } from '../pinyin-order';
import { runMysql } from './console/mysql-console';
import {
  changeMysqlOwnerColumn,
  forgetMysqlRowCounts,
  keepsMysqlRowCount,
  mysqlKeptCountQuery,
  mysqlKeptOwnerCount,
  mysqlKeptOwnerCountQuery,
  mysqlKeptRowCount,
  mysqlRowCountKeeping,
  resetMysqlRowCount,
} from '../row-count/mysql-row-count';
import { mysqlCacheVersion } from '../cache-version/mysql-cache-version';
import type { Knex } from 'knex';
import { leaseKey, mysqlSessionLock, withSessionLock } from './database-lock';
import { withLeaseLock } from './lease-lock';
import { runsOnGalera } from './runs-on-galera';
import {
  keepMysqlConsoleGrants,
  managesMysqlConsoleAccount,
  prepareMysqlConsoleAccount,
} from './mysql-console-account';
import type { SqlDialect } from './sql-dialect';
import { mysqlReplicaPositions } from './replica-positions';
import { PLAIN_WORDS } from './console/plain-words';
import { isTableAccessDenied } from './mysql-errno';

/** Whether the connecting user holds FILE (server files through SQL). */
const holdsFilePrivilege = async (knex: Knex): Promise<boolean> => {
  const [rows] = (await knex.raw('SHOW GRANTS FOR CURRENT_USER()')) as [Record<string, string>[]];
  return rows.some((row) =>
    Object.values(row).some((grant) => /\b(ALL PRIVILEGES|FILE)\b.* ON \*\.\*/i.test(grant)),
  );
};

/**
 * Runs a console statement; refused a table by the account crudboard manages, brings its grants in
 * step and runs it once more: the table may have been made since by another tool, behind
 * crudboard's back. A refused statement ran nothing, so running it again is safe; crudboard's own
 * tables stay refused, as the grants never cover them.
 */
const runGranted = async (knex: Knex, on: Knex, run: Parameters<SqlDialect['runConsole']>[1]) => {
  try {
    return await runMysql(on, run);
  } catch (error) {
    if (on === knex || !managesMysqlConsoleAccount(knex) || !isTableAccessDenied(error)) throw error;
    await keepMysqlConsoleGrants(knex);
    return runMysql(on, run);
  }
};

/**
 * Runs on the console account's connections when there is one. A statement that may have made,
 * renamed or dropped tables brings the account's grants in step (the tables it made become its
 * own to use).
 */
const runConsole: SqlDialect['runConsole'] = async (knex, run) => {
  const on = run.account ?? knex;
  if (run.readOnly || PLAIN_WORDS.has(run.firstWord)) return runGranted(knex, on, run);
  await forgetMysqlRowCounts(knex);
  try {
    return await runGranted(knex, on, run);
  } finally {
    await forgetMysqlRowCounts(knex);
    // A failure here leaves the grants for the next change to bring in step; the statement stands.
    await keepMysqlConsoleGrants(knex).catch(() => undefined);
  }
};

const ENGINE_SQL = {
  InnoDB: 'ALTER TABLE ?? ENGINE = InnoDB',
  MyISAM: 'ALTER TABLE ?? ENGINE = MyISAM',
} as const;

/** MySQL 8 and MariaDB: case-insensitive collations, row locks, one auto-increment insert id, engines. */
export const mysqlDialect: SqlDialect = {
  client: 'mysql',
  synchronous: false,
  sharedByServers: true,
  runsOnCluster: runsOnGalera,
  probeEngine: probeMysqlEngine,
  trackCacheVersion: (db, table, scope, events) => mysqlCacheVersion.track(db, table, scope, events),
  replicaPositions: mysqlReplicaPositions,
  pinyinOrder: oncePerKnex(detectMysqlPinyinOrder),
  // GET_LOCK holds on one node of a Galera cluster only: there, a lease row the cluster certifies.
  withDatabaseLock: async (knex, name, work, waitMs) =>
    (await runsOnGalera(knex))
      ? withLeaseLock(knex, name, leaseKey(knex, name), work, waitMs)
      : withSessionLock(mysqlSessionLock, knex, name, work, waitMs),
  // utf8mb4_unicode_ci (the tables' collation) compares without case.
  caseInsensitiveLike: (target) => `${target} LIKE ? ESCAPE ?`,
  caseInsensitiveScan: (target) => `${target} LIKE ? ESCAPE ?`,
  caselessLike: (target) => `${target} LIKE ? ESCAPE ?`,
  // the column's collation ignores case: compare bytes (both sides UTF-8 on a utf8mb4 column)
  caseSensitiveContains: (target) => `INSTR(CAST(${target} AS BINARY), CAST(? AS BINARY)) > 0`,
  readRowOptions: (builder) => builder,
  lockForUpdate: (query) => query.forUpdate(),
  claimWriteLock: async () => undefined,
  insertPrepared: mysqlInsertPrepared,
  insertAtCommit: mysqlInsertPrepared,
  insertUnlessPresent: insertOrRefused,
  insertMany: mysqlInsertMany,
  insertedKeys: 'insertId',
  consecutiveRowIds: false,
  deferDeepPages: true,
  keptRowCount: mysqlKeptRowCount,
  keptCountQuery: mysqlKeptCountQuery,
  keptOwnerCount: mysqlKeptOwnerCount,
  keptOwnerCountQuery: mysqlKeptOwnerCountQuery,
  changeOwnerColumn: changeMysqlOwnerColumn,
  rowCountKeeping: mysqlRowCountKeeping,
  withLeanReads: (_knex, read) => read(),
  afterCreateTable: (db, tableName) => resetMysqlRowCount(db, tableName, { empty: true }),
  // Counts are keyed by name: a table whose count was kept has its triggers made again for the new one.
  afterRenameTable: async (db, from, to) => {
    if (await keepsMysqlRowCount(db, from, to)) await resetMysqlRowCount(db, to, { from });
  },
  setEngine: async (db, table, engine) => {
    await db.raw(ENGINE_SQL[engine === 'MyISAM' ? 'MyISAM' : 'InnoDB'], [table]);
    if (await keepsMysqlRowCount(db, table)) await resetMysqlRowCount(db, table);
  },
  // Knex's renameColumn rebuilds the column from SHOW FIELDS; RENAME COLUMN (MySQL 8, MariaDB 10.5+) keeps it.
  renameColumn: async (db, table, from, to) => {
    await db.raw('ALTER TABLE ?? RENAME COLUMN ?? TO ??', [table, from, to]);
  },
  setNotNull: (_db, _table, _column, redeclare) => redeclare(),
  declareIndex: (t, index) => {
    if (index.unique) t.unique([...index.columns], { indexName: index.name, useConstraint: false });
    else if (index.hash) t.index([...index.columns], index.name, { storageEngineIndexType: 'hash' });
    else t.index([...index.columns], index.name);
  },
  renameIndex: async (db, table, from, to) => {
    await db.raw('ALTER TABLE ?? RENAME INDEX ?? TO ??', [table, from, to]);
  },
  separateChecks: false,
  schemaChanges: 'stepwise',
  schemaTransaction: {},
  prepareTextChecks: async () => undefined,
  unsignedInType: true,
  hasEngines: true,
  tableOptions: (t, engine) => {
    t.engine(engine);
    t.charset('utf8mb4');
    t.collate('utf8mb4_unicode_ci');
  },
  fullTextUsesFlag: false,
  // TEXT holds 65,535 bytes: at worst 16,383 utf8mb4 characters.
  textMaxChars: 16383,
  literals: {
    cast: null,
    // MySQL escapes with backslashes too.
    quoted: /^'((?:[^'\\]|''|\\.)*)'$/s,
    unquote: (inner) => inner.replace(/''/g, "'").replace(/\\(.)/g, '$1'),
  },
  physicalTypes: { tinyIntOneIsBool: true, singleFloatUpTo: 24, byAffinity: false },
  consoleAccount: async (knex, config, log) => {
    const { account, why } = await prepareMysqlConsoleAccount(knex, config, log);
    return {
      superuser: false,
      privileged: false,
      fileAccess: await holdsFilePrivilege(knex).catch(() => false),
      ...(account ? { account } : { noAccount: why ?? 'no console account' }),
    };
  },
  keepConsoleGrants: keepMysqlConsoleGrants,
  runConsole,
  closeConsole: () => undefined,
  console: {
    refusesCopy: false,
    readOnlyFirstWords: PLAIN_WORDS,
    executableComments: true,
    unicodeEscapes: false,
    refusesWritesUpFront: false,
  },
};
