import type { Knex } from 'knex';
import { dialectOf } from '../dialect';
import { createLeaseTable, LOCK_LEASE_TABLE } from '../../dialects/sql/lease-lock';
import type { NamedMigration } from './named-migration';

/**
 * `cb_lock_lease` (dialects/sql/lease-lock.ts), MySQL / MariaDB: the database locks of a Galera
 * cluster, where GET_LOCK holds on one node only. One row per lock held: its key, the holder's
 * random id and when the lease runs out unless renewed. Made on every MySQL database, so that a
 * database moved into a cluster has it; the first lock on a cluster makes it if it is not there
 * yet (the start-up lock comes before the migrations), hence IF NOT EXISTS.
 */
export const system025LockLeases: NamedMigration = {
  name: 'system-025-lock-leases',
  async up(knex: Knex) {
    if (dialectOf(knex) === 'mysql') await createLeaseTable(knex);
  },
  async down(knex: Knex) {
    if (dialectOf(knex) === 'mysql') await knex.schema.dropTableIfExists(LOCK_LEASE_TABLE);
  },
};
