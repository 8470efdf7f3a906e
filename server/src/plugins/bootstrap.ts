import fp from 'fastify-plugin';
import { ensureSuperAdmin, type CreatedAdmin } from '../db/ensure-super-admin';
import { runMigrations } from '../db/migrate';
import { withStartUpLock } from '../db/start-up-lock';
import { syncSystemTables } from '../services/system-tables/sync-system-tables';

export interface BootstrapOptions {
  adminPassword?: string;
  onAdminCreated?: (admin: CreatedAdmin) => void;
}

/**
 * Migrates every data source (system tables in primary only), describes the system tables in
 * primary's metadata and creates the first admin; each data source under its start-up lock, so
 * that servers starting together on one database take turns.
 */
export default fp<BootstrapOptions>(
  async (app, options) => {
    const { primary } = app.dataSources;
    for (const source of app.dataSources.list()) {
      await withStartUpLock(source, async () => {
        const applied = await runMigrations(source.knex, { system: source === primary });
        if (applied.length > 0) app.log.info({ dataSource: source.name, applied }, 'migrations applied');
        if (source !== primary) return;
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
  },
  { name: 'bootstrap', dependencies: ['db'] },
);
