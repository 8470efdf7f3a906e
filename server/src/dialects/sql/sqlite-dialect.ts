import { sqliteInsertPrepared, sqliteInsertMany } from './sqlite-insert-prepared';
import { insertOrRefused } from './insert-unless-present';
import { SQLITE_PINYIN_FUNCTION } from '../sqlite-pinyin';
import { closeSqliteProcesses, runSqlite } from './console/sqlite-console';
import { ensureSqliteRegexp } from '../sqlite-regexp';
import type { SqlDialect } from './sql-dialect';
import { withSqliteLeanReads } from './sqlite-lean-reads';
import {
  changeSqliteOwnerColumn,
  forgetSqliteOwnerCounts,
  sqliteKeptOwnerCount,
  sqliteKeptOwnerCountQuery,
} from '../row-count/sqlite-owner-count';

/** First words of console statements that cannot change a table or its rows. */
const READING_WORDS: ReadonlySet<string> = new Set(['SELECT', 'VALUES', 'EXPLAIN']);

/**
 * Runs a console statement; one that may write drops the kept owner counts of its file before and
 * after (sqlite-owner-count.ts): it may rebuild or rename a table, or replace rows without firing
 * the delete trigger.
 */
const runConsole: SqlDialect['runConsole'] = async (knex, run) => {
  if (run.readOnly || READING_WORDS.has(run.firstWord)) return runSqlite(knex, run);
  await forgetSqliteOwnerCounts(knex);
  try {
    return await runSqlite(knex, run);
  } finally {
    await forgetSqliteOwnerCounts(knex);
  }
};

/** SQLite (better-sqlite3): one writer at a time, no row locks, checks in CREATE TABLE. */
export const sqliteDialect: SqlDialect = {
  client: 'sqlite',
  synchronous: true,
  sharedByServers: false,
  runsOnCluster: () => Promise.resolve(false),
  probeEngine: null,
  withDatabaseLock: (_knex, _name, work) => work(),
  trackCacheVersion: async () => undefined,
  replicaPositions: null,
  pinyinOrder: async () => `${SQLITE_PINYIN_FUNCTION}(??)`,
  // SQLite's LIKE ignores ASCII case already.
  caseInsensitiveLike: (target) => `${target} LIKE ? ESCAPE ?`,
  caseInsensitiveScan: (target) => `${target} LIKE ? ESCAPE ?`,
  caselessLike: (target) => `${target} LIKE ? ESCAPE ?`,
  caseSensitiveContains: (target) => `instr(${target}, ?) > 0`,
  readRowOptions: (builder) => builder.options({ safeIntegers: true }),
  lockForUpdate: (query) => query,
  claimWriteLock: async (trx, table, where, column) => {
    await trx(table)
      .where(where)
      .update({ [column]: trx.ref(column) });
  },
  insertPrepared: sqliteInsertPrepared,
  insertAtCommit: sqliteInsertPrepared,
  insertUnlessPresent: insertOrRefused,
  insertMany: sqliteInsertMany,
  insertedKeys: 'returning',
  consecutiveRowIds: true,
  deferDeepPages: false,
  keptRowCount: async () => null,
  keptCountQuery: () => null,
  keptOwnerCount: sqliteKeptOwnerCount,
  keptOwnerCountQuery: sqliteKeptOwnerCountQuery,
  changeOwnerColumn: changeSqliteOwnerColumn,
  rowCountKeeping: null,
  withLeanReads: withSqliteLeanReads,
  afterCreateTable: async () => undefined,
  afterRenameTable: async () => undefined,
  setEngine: async () => undefined,
  renameColumn: async (db, table, from, to) => {
    await db.schema.alterTable(table, (t) => {
      t.renameColumn(from, to);
    });
  },
  setNotNull: (_db, _table, _column, redeclare) => redeclare(),
  declareIndex: (t, index) => {
    if (index.unique) t.unique([...index.columns], { indexName: index.name, useConstraint: false });
    else t.index([...index.columns], index.name);
  },
  // SQLite has no ALTER INDEX … RENAME.
  renameIndex: (_db, _table, _from, _to, recreate) => recreate(),
  separateChecks: false,
  schemaChanges: 'rebuild',
  schemaTransaction: { enforceForeignCheck: false },
  prepareTextChecks: ensureSqliteRegexp,
  unsignedInType: false,
  hasEngines: false,
  tableOptions: () => undefined,
  fullTextUsesFlag: true,
  textMaxChars: undefined,
  literals: {
    cast: null,
    // Standard strings: a quote is doubled, nothing else is escaped.
    quoted: /^'((?:[^']|'')*)'$/s,
    unquote: (inner) => inner.replace(/''/g, "'"),
  },
  physicalTypes: { tinyIntOneIsBool: false, singleFloatUpTo: null, byAffinity: true },
  // The console opens the file itself; ATTACH and load_extension are refused by its statement rules.
  consoleAccount: async () => ({ superuser: false, privileged: false, fileAccess: false }),
  keepConsoleGrants: async () => undefined,
  runConsole,
  closeConsole: closeSqliteProcesses,
  console: {
    refusesCopy: false,
    readOnlyFirstWords: null,
    executableComments: false,
    unicodeEscapes: false,
    refusesWritesUpFront: true,
  },
};
