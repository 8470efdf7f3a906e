import type { Knex } from 'knex';

const detected = new WeakMap<Knex, Promise<boolean>>();

/** Whether `SHOW VARIABLES LIKE 'wsrep_on'` answered ON: the server is a node of a Galera cluster. */
export const wsrepOn = (rows: readonly { Value?: unknown; value?: unknown }[]): boolean =>
  rows.some((row) => String(row.Value ?? row.value ?? '').toUpperCase() === 'ON');

/**
 * Whether the MySQL / MariaDB server `knex` connects to is a node of a Galera cluster (MariaDB
 * Galera, Percona XtraDB Cluster): asked of the server once per pool, at its first database lock
 * (start-up), not configured, so that a cluster is never mistaken for one server. On a cluster,
 * GET_LOCK and LOCK TABLES hold on one node only and a write can lose certification at COMMIT.
 */
export const runsOnGalera = (knex: Knex): Promise<boolean> => {
  let found = detected.get(knex);
  if (!found) {
    found = knex
      .raw("SHOW VARIABLES LIKE 'wsrep_on'")
      .then((result: unknown) => wsrepOn((result as [{ Value?: unknown }[]])[0]));
    found.catch(() => detected.delete(knex));
    detected.set(knex, found);
  }
  return found;
};
