import type { Knex } from 'knex';

/**
 * Inserts `row` unless a row with the same values in the unique key `key` is there already: true
 * when this insert wrote it. Of several servers inserting the same key at once, exactly one gets
 * true. PostgreSQL: ON CONFLICT DO NOTHING (it would log every refused statement as an error);
 * SQLite and MySQL: the unique key's refusal, caught.
 */
export const pgInsertUnlessPresent = async (
  db: Knex,
  table: string,
  row: Record<string, unknown>,
  key: readonly string[],
): Promise<boolean> =>
  (
    await db(table)
      .insert(row)
      .onConflict([...key])
      .ignore()
      .returning(key[0] ?? '*')
  ).length > 0;

/** The refusal of a unique key: SQLite's codes, MySQL / MariaDB errno 1062 (ER_DUP_ENTRY). */
const isDuplicate = (error: unknown): boolean => {
  if (typeof error !== 'object' || error === null) return false;
  const { code, errno } = error as { code?: unknown; errno?: unknown };
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || errno === 1062;
};

export const insertOrRefused = async (
  db: Knex,
  table: string,
  row: Record<string, unknown>,
): Promise<boolean> => {
  try {
    await db(table).insert(row);
    return true;
  } catch (error) {
    if (isDuplicate(error)) return false;
    throw error;
  }
};
