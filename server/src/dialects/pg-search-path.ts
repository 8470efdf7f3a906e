import { quotePgIdentifier } from './sql/quote-pg-identifier';

/**
 * The search path of crudboard's own PostgreSQL connections (the pool's and the console's): the
 * data source's schema (by default the role's own, else `public`), `public` for extensions such as
 * pg_trgm, then `pg_catalog`, and `pg_temp` named last, so that a temporary object never shadows
 * anything (unnamed, it would be searched first). No console role may create objects in any of
 * these schemas (checked at start-up, `pg-console-role.ts`), so nothing a console user makes is
 * ever resolved by the server's own statements: not an operator, function, cast, collation or
 * table. `pg_catalog` cannot come first: unqualified new tables would then be created there.
 */
export const pgSearchPath = (schema: string | undefined): string[] => {
  const own = schema === undefined ? ['"$user"', 'public'] : [quotePgIdentifier(schema), 'public'];
  return [...new Set([...own, 'pg_catalog', 'pg_temp'])];
};

/** Backslash-escapes what the server would split a startup option on (spaces) or unescape. */
const escapeOption = (value: string): string => value.replace(/[\\\s]/g, (c) => `\\${c}`);

/**
 * The connection's `options` startup parameter that pins the search path, after any options the
 * connection URL already carries. A startup option outranks role and database defaults
 * (`ALTER ROLE … SET`, `ALTER DATABASE … SET`), and a console statement's `SET` lasts only for its
 * own connection, which is closed afterwards.
 */
export const pgStartupOptions = (schema: string | undefined, existing?: string | null): string => {
  const pinned = `-c search_path=${escapeOption(pgSearchPath(schema).join(','))}`;
  return existing ? `${existing} ${pinned}` : pinned;
};
