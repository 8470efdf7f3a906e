import type { Knex } from 'knex';
import { PRIMARY } from '../../config';

/**
 * Where the form layouts of a data source's tables are kept: in `primary`, under the data
 * source's name (crudboard's own records never go into the databases it serves).
 */
export interface LayoutStore {
  /** The data source the tables belong to. */
  dataSource: string;
  /** The `primary` database. */
  primary: Knex;
}

/**
 * Runs `work` on the layouts' database within a metadata write on `db` (a transaction of the
 * tables' own data source): on primary in that same transaction; elsewhere in a transaction of
 * primary opened inside it, so a failure there undoes the metadata write too.
 */
export const withLayoutStore = async (
  store: LayoutStore,
  db: Knex,
  work: (layouts: Knex) => Promise<void>,
): Promise<void> => {
  if (store.dataSource === PRIMARY) await work(db);
  else await store.primary.transaction(work);
};
