import type { Localized } from '../../i18n/messages';
import { sqlMessage } from '../../i18n/sql-messages';

/** Functions and views that change settings, `role` and `session_authorization` among them. */
const SETTING_CHANGERS = new Set(['set_config', 'pg_settings', 'session_authorization']);
/** Words between SET / RESET and the setting's name. */
const SCOPES = new Set(['local', 'session']);
const WORD = /[A-Za-z0-9_$]+/g;
const UNICODE_ESCAPE = /u&["']/i;

/**
 * PostgreSQL, statements run under the console role: why one is refused because it could leave
 * that role (`SET ROLE`, `RESET ROLE`, `SET SESSION AUTHORIZATION`, `set_config('role', …)`,
 * `UPDATE pg_settings …`), or undefined. The role is set for the transaction on a connection
 * whose session user may take any role it is a member of (any role at all for a superuser), so
 * a statement must not change it. A scan of the whole text (strings, quoted names and comments
 * included, so function bodies are covered); it may refuse a harmless statement such as
 * `UPDATE t SET role = …`.
 */
export const roleChangeRefusal = (sql: string): Localized | undefined => {
  const words = [...sql.matchAll(WORD)].map(([word]) => word.toLowerCase());
  for (const [i, word] of words.entries()) {
    if (SETTING_CHANGERS.has(word)) return sqlMessage('roleChange', { keyword: word });
    if (word !== 'set' && word !== 'reset') continue;
    let next = i + 1;
    while (SCOPES.has(words[next] ?? '') && words[next + 1] !== 'authorization') next += 1;
    const name = words[next];
    if (name === 'role' || name === 'all')
      return sqlMessage('roleChange', { keyword: `${word} ${name}`.toUpperCase() });
    if (name === 'session' && words[next + 1] === 'authorization')
      return sqlMessage('roleChange', { keyword: `${word} session authorization`.toUpperCase() });
  }
  if (UNICODE_ESCAPE.test(sql) && words.some((word) => word === 'set' || word === 'reset'))
    return sqlMessage('roleChange', { keyword: 'U&' });
  return undefined;
};
