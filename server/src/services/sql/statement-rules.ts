import { sqlDialect } from '../../dialects/sql/sql-dialects';
import type { Client } from '../../config';
import type { Localized } from '../../i18n/messages';
import { sqlMessage } from '../../i18n/sql-messages';
import type { SqlStatement } from '../../../../contract/sql-statements';

/** Statements that open, end or shape a transaction: the console manages the transaction itself. */
const TRANSACTION_WORDS = new Set([
  'BEGIN',
  'START',
  'COMMIT',
  'END',
  'ROLLBACK',
  'ABORT',
  'SAVEPOINT',
  'RELEASE',
  'XA',
]);

const transactionKeyword = (words: readonly string[]): string | undefined => {
  const [first, second, third] = words;
  if (first === undefined) return undefined;
  if (TRANSACTION_WORDS.has(first)) return first === 'START' ? `${first} ${second ?? ''}`.trim() : first;
  if (first === 'SET' && (second === 'TRANSACTION' || (second === 'SESSION' && third === 'CHARACTERISTICS')))
    return 'SET TRANSACTION';
  if (first === 'PREPARE' && second === 'TRANSACTION') return 'PREPARE TRANSACTION';
  return undefined;
};

/** Blocks and procedures: their side effects (files, programs, other sessions) escape a read-only transaction. */
const PROCEDURAL = new Set(['DO', 'CALL']);

/** MySQL / MariaDB: the server file a statement reads or writes (`INTO OUTFILE`, `LOAD_FILE()`, `LOAD DATA`). */
const mysqlFileAccess = (words: readonly string[]): string | undefined => {
  for (const [i, word] of words.entries()) {
    const next = words[i + 1];
    if (word === 'INTO' && (next === 'OUTFILE' || next === 'DUMPFILE')) return `INTO ${next}`;
    if (word === 'LOAD_FILE') return word;
    if (word === 'LOAD' && (next === 'DATA' || next === 'XML')) return `LOAD ${next}`;
  }
  return undefined;
};

/**
 * MySQL / MariaDB executable comments (`/*! … *\/`, `/*!50000 … *\/`, `/*M! … *\/`): the server runs
 * their text, which a scan of words would read as one word glued to the version number. Found in
 * the whole text, strings included: a string holding `/*!` is refused too.
 */
const EXECUTABLE_COMMENT = /\/\*M?!/i;

/** SQLite: other database files (`ATTACH`, `VACUUM INTO`) and native extensions (`load_extension()`). */
const sqliteFileAccess = (words: readonly string[]): string | undefined => {
  const [first] = words;
  if (first === 'ATTACH' || first === 'DETACH') return first;
  if (first === 'VACUUM' && words.includes('INTO')) return 'VACUUM INTO';
  if (words.includes('LOAD_EXTENSION')) return 'LOAD_EXTENSION';
  return undefined;
};

/** Per database, the statement's way to the server's files, if any (PostgreSQL's go through the console role). */
const FILE_ACCESS: Record<Client, (words: readonly string[]) => string | undefined> = {
  mysql: mysqlFileAccess,
  sqlite: sqliteFileAccess,
  pg: () => undefined,
};

/**
 * Why the console refuses to run a statement, or undefined when it may run. These rules keep the
 * console's own transaction in charge; they are not what protects the data in read-only mode
 * (the database's read-only transaction or connection does that).
 */
export const refusalOf = (
  statement: SqlStatement,
  dialect: Client,
  readOnly: boolean,
): Localized | undefined => {
  const { words } = statement;
  const sql = sqlDialect(dialect);
  const executable = sql.console.executableComments ? EXECUTABLE_COMMENT.exec(statement.text) : null;
  if (executable) return sqlMessage('executableComment', { keyword: executable[0] });
  const keyword = transactionKeyword(words);
  if (keyword) return sqlMessage('transactionControl', { keyword });
  const first = words[0] ?? '';
  if (readOnly && PROCEDURAL.has(first)) return sqlMessage('readOnlyProcedure', { keyword: first });
  if (sql.console.refusesCopy && first === 'COPY') return sqlMessage('copyUnsupported');
  const file = FILE_ACCESS[dialect](words);
  if (file) return sqlMessage('serverFile', { keyword: file });
  const safe = sql.console.readOnlyFirstWords;
  if (readOnly && safe && !safe.has(first)) {
    return sqlMessage('implicitCommit', { keyword: first || '?' });
  }
  return undefined;
};
