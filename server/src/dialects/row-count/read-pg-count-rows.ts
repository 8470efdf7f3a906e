import type { Knex } from 'knex';

/** SQLSTATE of a statement naming a table that does not exist. */
const UNDEFINED_TABLE = '42P01';

/**
 * The rows of `read`, a read of one of crudboard's count tables: in a savepoint when `db` is a
 * transaction, so that a failure leaves the transaction usable. Null when the table is missing (a
 * database crudboard made no counted table in), after calling `missing`.
 */
export const readPgCountRows = async <T>(
  db: Knex,
  read: (db: Knex) => Knex.Raw,
  missing: () => void,
): Promise<T[] | null> => {
  try {
    const result = db.isTransaction ? db.transaction((savepoint) => read(savepoint)) : read(db);
    return ((await result) as { rows: T[] }).rows;
  } catch (error) {
    if ((error as { code?: unknown }).code === UNDEFINED_TABLE) {
      missing();
      return null;
    }
    throw error;
  }
};
