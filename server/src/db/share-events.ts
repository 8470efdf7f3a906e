import type { Knex } from 'knex';

interface Emitting {
  emit(event: string | symbol, ...args: unknown[]): boolean;
}

/**
 * Makes the statements of `other` (a clone, or a second pool on the same database) events of `db`:
 * whoever listens to `db` (query logs, `observeWrites`, listeners added later) hears them, and
 * `other`'s own listeners no longer do. Returns `other`.
 */
export const shareEvents = (db: Knex, other: Knex): Knex => {
  const target = db.client as Emitting;
  (other.client as Emitting).emit = target.emit.bind(target);
  return other;
};
