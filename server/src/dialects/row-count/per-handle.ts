import type { Knex } from 'knex';

/**
 * What a server remembers per data source handle and table (a background run's state, when a
 * table's triggers were last seen): one map of table names for each handle, keyed by its Knex
 * config (shared by the handle's transactions), made on first use and gone with the handle.
 */
export const perHandle = <T>() => {
  const maps = new WeakMap<object, Map<string, T>>();
  return {
    /** The handle's map, made empty on first use. */
    of: (knex: Knex): Map<string, T> => {
      const key = knex.client.config as object;
      const found = maps.get(key) ?? new Map<string, T>();
      maps.set(key, found);
      return found;
    },
    /** Forgets everything remembered for the handle. */
    forget: (knex: Knex): void => {
      maps.delete(knex.client.config as object);
    },
  };
};
