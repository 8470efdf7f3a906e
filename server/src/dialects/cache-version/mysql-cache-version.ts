import { CACHE_VERSION_TABLE, cacheVersionTrigger, type CacheVersionTriggers } from './cache-version';

/**
 * MySQL/MariaDB: a row trigger per event (MySQL has no deferred ones), so the version row is
 * written, and locked, from a transaction's first change of a tracked table until it ends. Writes
 * to these tables are rare (metadata and users, roles, permissions; sessions have a row of their
 * own), so the wait is short. A deadlock it causes (on a Galera cluster: two such transactions
 * through two nodes, one failing certification) changes nothing: record writes and the designer's
 * metadata transactions are run again (certification-retry.ts), others are answered 503
 * DATABASE_BUSY.
 */
export const mysqlCacheVersion: CacheVersionTriggers = {
  async track(db, table, scope, events) {
    for (const event of events) {
      await db.raw(
        `CREATE TRIGGER ?? AFTER ${event.toUpperCase()} ON ?? FOR EACH ROW UPDATE ?? SET version = version + 1 WHERE scope = ?`,
        [cacheVersionTrigger(table, event), table, CACHE_VERSION_TABLE, scope],
      );
    }
  },
};
