import fp from 'fastify-plugin';
import { ensureSuperAdmin, type CreatedAdmin } from '../db/ensure-super-admin';
import { runMigrations } from '../db/migrate';
import { syncSystemTables } from '../services/system-tables/sync-system-tables';

export interface BootstrapOptions {
  adminPassword?: string;
  onAdminCreated?: (admin: CreatedAdmin) => void;
}

/**
 * Migrates every data source (system tables in primary only), describes the system tables in
 * primary's metadata and creates the first admin.
 */
export default fp<BootstrapOptions>(
  async (app, options) => {
    for (const source of app.dataSources.list()) {
      const applied = await runMigrations(source.knex, { system: source === app.dataSources.primary });
      if (applied.length > 0) app.log.info({ dataSource: source.name, applied }, 'migrations applied');
    }
    const synced = await syncSystemTables(app.dataSources.primary.knex);
    if (synced.inserted + synced.updated + synced.deleted > 0)
      app.log.info(synced, 'system tables described');
    for (const { name, reason } of synced.skipped) {
      if (reason === 'nameTaken')
        app.log.warn({ table: name }, 'system table not exposed: another table holds its name');
    }
    const admin = await ensureSuperAdmin(app.dataSources.primary.knex, options.adminPassword);
    if (admin) options.onAdminCreated?.(admin);
  },
  { name: 'bootstrap', dependencies: ['db'] },
);
