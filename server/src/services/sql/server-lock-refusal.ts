import type { Client } from '../../config';
import type { Localized } from '../../i18n/messages';
import { securityMessage } from '../../i18n/security-messages';

/**
 * The functions that take the database's named locks, which crudboard's servers take turns by
 * (schema changes, start-up, uploads): PostgreSQL's advisory locks, MySQL's user-level locks.
 */
const TAKES_LOCK: Record<Client, (word: string) => boolean> = {
  pg: (word) => word.startsWith('pg_advisory') || word.startsWith('pg_try_advisory'),
  mysql: (word) => word === 'get_lock',
  sqlite: () => false,
};

const WORD = /[A-Za-z0-9_$]+/g;

/**
 * Why a console statement of someone who is not the super admin is refused because it could take
 * a database lock (held until the statement ends, it would hold up every server's schema changes,
 * start-up and uploads), or undefined. A scan of the whole text, strings and comments included;
 * PostgreSQL's Unicode escapes are refused before (systemTableRefusal). The locks of schema
 * changes and uploads are also keyed by a secret the console cannot read (database-lock.ts).
 */
export const serverLockRefusal = (sql: string, dialect: Client): Localized | undefined => {
  for (const [word] of sql.matchAll(WORD)) {
    if (TAKES_LOCK[dialect](word.toLowerCase()))
      return securityMessage('serverLockSql', { keyword: word.toUpperCase() });
  }
  return undefined;
};
