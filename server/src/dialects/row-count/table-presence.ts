import type { Knex } from 'knex';

/** How long a data source found without the table is taken to have none. */
const RECHECK_MS = 5000;

/**
 * Whether one table of crudboard's (a row-count table) is in a data source, remembered per data
 * source handle so that a count asks once: a present table is remembered until `forget`, a missing
 * one for a few seconds, and both until this server makes the table (`made`: every handle looks
 * again, since business reads go through handles of their own).
 */
export const tablePresence = (look: (db: Knex) => Promise<boolean>) => {
  const known = new WeakMap<object, { present: boolean; at: number; generation: number }>();
  let generation = 0;
  return {
    has: async (db: Knex): Promise<boolean> => {
      const key = db.client.config as object;
      const seen = known.get(key);
      if (seen && seen.generation === generation && (seen.present || Date.now() - seen.at < RECHECK_MS))
        return seen.present;
      const present = await look(db);
      known.set(key, { present, at: Date.now(), generation });
      return present;
    },
    /** A statement found the table missing: this handle looks again. */
    forget: (db: Knex): void => {
      known.delete(db.client.config as object);
    },
    /** This server made the table, or dropped it: every handle looks again. */
    made: (): void => {
      generation += 1;
    },
  };
};
