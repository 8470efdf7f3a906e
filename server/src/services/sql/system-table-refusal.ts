import { sqlDialect } from '../../dialects/sql/sql-dialects';
import type { Client } from '../../config';
import { SHARED_STATE, SYSTEM } from '../../db/table-names';
import type { Localized } from '../../i18n/messages';
import { securityMessage } from '../../i18n/security-messages';
import { CONSOLE_SECRET_TABLE } from '../../dialects/sql/mysql-console-account';

/** Prefix of every table crudboard owns (`cb_user`, `cb_meta_table`, …). */
const OWN_PREFIX = 'cb_';
/**
 * Tables holding password hashes, session tokens, the secret of the database lock keys, the
 * console account's password, record history (values that column rules hide from some readers,
 * served only through the history API), and the fingerprints of creates sent with an idempotency
 * key (unsalted hashes of bodies that may hold a password): not even read by others.
 */
const SECRET_TABLES = new Set<string>([
  SYSTEM.user,
  SYSTEM.session,
  SHARED_STATE.lockKey,
  SHARED_STATE.revision,
  SHARED_STATE.audit,
  SHARED_STATE.apiToken,
  SHARED_STATE.ssoState,
  SHARED_STATE.idempotencyKey,
  CONSOLE_SECRET_TABLE,
]);

/**
 * Words that run SQL built at run time, which no text scan can see into: PL/pgSQL blocks and
 * `EXECUTE`, prepared statements, the functions that run a query given as text.
 */
const DYNAMIC: Record<Client, ReadonlySet<string>> = {
  pg: new Set([
    'do',
    'execute',
    'prepare',
    'query_to_xml',
    'query_to_xml_and_xmlschema',
    'query_to_xmlschema',
    'cursor_to_xml',
    'cursor_to_xmlschema',
    'table_to_xml',
    'table_to_xml_and_xmlschema',
    'table_to_xmlschema',
    'schema_to_xml',
    'schema_to_xml_and_xmlschema',
    'database_to_xml',
    'database_to_xml_and_xmlschema',
    'ts_stat',
    'ts_rewrite',
    'dblink',
    'dblink_exec',
    'dblink_open',
  ]),
  mysql: new Set(['prepare', 'execute']),
  sqlite: new Set(),
};

/** PostgreSQL's Unicode-escaped identifiers and strings (`U&"\0063b_user"`) hide a name from a scan. */
const UNICODE_ESCAPE = /u&["']/i;
const WORD = /[A-Za-z0-9_$]+/g;

/**
 * Why a console statement of someone who is not the super admin is refused, or undefined. A
 * conservative scan of the whole text (strings, quoted identifiers and comments included, so a
 * name cannot hide in any of them): in write mode any word starting with `cb_` is refused (the
 * business API's rules on system tables cannot be bypassed), in read mode the user and session
 * tables are (password hashes and session tokens), and in both modes dynamic SQL is, which a
 * scan cannot follow. It may refuse a harmless statement that merely mentions such a word; it
 * is not a substitute for running the console under a restricted database account.
 */
export const systemTableRefusal = (
  sql: string,
  dialect: Client,
  readOnly: boolean,
): Localized | undefined => {
  if (sqlDialect(dialect).console.unicodeEscapes && UNICODE_ESCAPE.test(sql))
    return securityMessage('dynamicSql', { keyword: 'U&' });
  for (const [word] of sql.matchAll(WORD)) {
    const lower = word.toLowerCase();
    if (DYNAMIC[dialect].has(lower)) return securityMessage('dynamicSql', { keyword: word.toUpperCase() });
    if (readOnly ? SECRET_TABLES.has(lower) : lower.startsWith(OWN_PREFIX)) {
      return securityMessage('systemTableSql', { name: lower });
    }
  }
  return undefined;
};
