import fp from 'fastify-plugin';
import { ensureSuperAdmin, type CreatedAdmin } from '../db/ensure-super-admin';
import { runMigrations } from '../db/migrate';

export interface BootstrapOptions {
  adminPassword?: string;
  onAdminCreated?: (admin: CreatedAdmin) => void;
}

/** Migrates every data source (system tables in primary only) and creates the first admin. */
export default fp<BootstrapOptions>(
  async (app, options) => {
    for (const source of app.dataSources.list()) {
      const applied = await runMigrations(source.knex, { system: source === app.dataSources.primary });
      if (applied.length > 0) app.log.info({ dataSource: source.name, applied }, 'migrations applied');
    }
    const admin = await ensureSuperAdmin(app.dataSources.primary.knex, options.adminPassword);
    if (admin) options.onAdminCreated?.(admin);
  },
  { name: 'bootstrap', dependencies: ['db'] },
);
