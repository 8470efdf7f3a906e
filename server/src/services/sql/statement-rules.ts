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

/**
 * First words MySQL / MariaDB can run inside a read-only transaction without an implicit commit.
 * Anything else (DDL, GRANT, LOCK TABLES, SET, CALL, LOAD DATA, …) may commit on its own, so
 * read-only mode refuses it up front; writes among these fail on the read-only transaction.
 */
const MYSQL_READ_ONLY_SAFE = new Set([
  'SELECT',
  'WITH',
  'VALUES',
  'TABLE',
  'SHOW',
  'DESCRIBE',
  'DESC',
  'EXPLAIN',
  'HELP',
  'DO',
  'INSERT',
  'UPDATE',
  'DELETE',
  'REPLACE',
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

const writesFile = (words: readonly string[]): boolean =>
  words.some((word, i) => word === 'INTO' && (words[i + 1] === 'OUTFILE' || words[i + 1] === 'DUMPFILE'));

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
  const keyword = transactionKeyword(words);
  if (keyword) return sqlMessage('transactionControl', { keyword });
  const first = words[0] ?? '';
  if (dialect === 'pg' && first === 'COPY') return sqlMessage('copyUnsupported');
  if (dialect === 'mysql' && readOnly) {
    if (!MYSQL_READ_ONLY_SAFE.has(first)) return sqlMessage('implicitCommit', { keyword: first || '?' });
    if (writesFile(words)) return sqlMessage('fileWrite');
  }
  return undefined;
};
