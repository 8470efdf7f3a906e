import fp from 'fastify-plugin';
import { ensureSuperAdmin, type CreatedAdmin } from '../db/ensure-super-admin';
import { keyDatabaseLocks } from '../db/lock-key';
import { runMigrations } from '../db/migrate';
import { moveSourceMetadata } from '../db/move-source-metadata';
import { withStartUpLock } from '../db/start-up-lock';
import { repairSchemaChanges } from '../services/ddl/schema-lock';
import { syncSystemTables } from '../services/system-tables/sync-system-tables';
import { upgradeSearchIndexes } from '../services/tables/upgrade-search-indexes';

/** Problems of a refused metadata move logged at most (the count says how many there are). */
const MAX_LOGGED_PROBLEMS = 200;

export interface BootstrapOptions {
  adminPassword?: string;
  onAdminCreated?: (admin: CreatedAdmin) => void;
}

/**
 * Migrates primary, describes the system tables in its metadata and creates the first admin; then
 * moves into primary the metadata another data source kept in its own database under an earlier
 * release (a connected database holds none of crudboard's tables otherwise). Each data source
 * under its start-up lock, so that servers starting together on one database take turns. Then keys
 * the database locks of every data source with primary's secret (lock-key.ts). Last, under each
 * data source's schema lock, a schema change a server that died left half-applied is finished or
 * taken back (MySQL); one that cannot be yet is logged, and start-up goes on. Then the search
 * indexes an earlier release made are brought to this release's shape (upgrade-search-indexes.ts).
 */
export default fp<BootstrapOptions>(
  async (app, options) => {
    const { primary } = app.dataSources;
    for (const source of app.dataSources.list()) {
      await withStartUpLock(source, async () => {
        if (source !== primary) {
          const outcome = await moveSourceMetadata(primary.knex, source.knex, source.name);
          if (outcome.kind === 'moved')
            app.log.info({ dataSource: source.name, ...outcome }, 'metadata moved to primary');
          if (outcome.kind === 'refused')
            app.log.error(
              {
                dataSource: source.name,
                problems: outcome.problems.slice(0, MAX_LOGGED_PROBLEMS),
                problemCount: outcome.problems.length,
              },
              'metadata of the data source not moved to primary: its cb_meta_* rows would not pass an import (fix or delete the rows named, then start again); the data source is served without them',
            );
          if (outcome.kind === 'alreadyMoved')
            app.log.warn(
              { dataSource: source.name },
              'the data source still holds cb_meta_* tables, but primary already has its metadata: they were left in place (drop them once checked)',
            );
          return;
        }
        const applied = await runMigrations(source.knex, { system: true });
        if (applied.length > 0) app.log.info({ dataSource: source.name, applied }, 'migrations applied');
        const synced = await syncSystemTables(primary.knex);
        if (synced.inserted + synced.updated + synced.deleted > 0)
          app.log.info(synced, 'system tables described');
        for (const { name, reason } of synced.skipped) {
          if (reason === 'nameTaken')
            app.log.warn({ table: name }, 'system table not exposed: another table holds its name');
        }
        const admin = await ensureSuperAdmin(primary.knex, options.adminPassword);
        if (admin) options.onAdminCreated?.(admin);
      });
    }
    await keyDatabaseLocks(
      primary.knex,
      // Every handle of every data source: whichever a schema change or an upload is given.
      app.dataSources.list().flatMap((source) => [source.knex, source.reads, source.auth]),
    );
    for (const source of app.dataSources.list()) {
      try {
        for (const change of await repairSchemaChanges(source.knex))
          app.log.warn({ dataSource: source.name, ...change }, 'an unfinished schema change was repaired');
      } catch (error) {
        app.log.error(
          { dataSource: source.name, err: error },
          'an unfinished schema change is not repaired yet',
        );
      }
      // Search indexes of an earlier release: they work as they are, so a failure only waits for
      // the next start.
      try {
        const upgraded = await upgradeSearchIndexes(primary.knex, source);
        if (upgraded.length > 0)
          app.log.info({ dataSource: source.name, tables: upgraded }, 'search indexes brought up to date');
      } catch (error) {
        app.log.warn({ dataSource: source.name, err: error }, 'search indexes not brought up to date');
      }
    }
  },
  { name: 'bootstrap', dependencies: ['db'] },
);
