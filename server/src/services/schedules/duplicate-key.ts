/**
 * Whether a failed insert was refused by a unique key (the row is already there): the error each
 * database's driver reports for it, as services/items/map-db-error.ts reads them (SQLite
 * `SQLITE_CONSTRAINT_UNIQUE` / `_PRIMARYKEY`, PostgreSQL SQLSTATE 23505, MySQL / MariaDB errno
 * 1062 ER_DUP_ENTRY).
 */
export const isDuplicateKey = (error: unknown): boolean => {
  if (typeof error !== 'object' || error === null) return false;
  const { code, errno } = error as { code?: unknown; errno?: unknown };
  return (
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === '23505' ||
    errno === 1062
  );
};
