import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import type { NamedMigration } from '../db/migrations/named-migration';
import { withStartUpLock } from '../db/start-up-lock';
import {
  assertDistinctNames,
  extensionWriteHooks,
  type ServerExtension,
} from '../extensions/define-server-extension';
import type { WriteHooks } from '../extensions/write-hooks';
import { writeHooksWith } from '../services/system-tables/system-table-hooks';

declare module 'fastify' {
  interface FastifyInstance {
    /** The record write hooks of every write: the core's, then the extensions'. */
    writeHooks: WriteHooks;
  }
}

const sourceOf = (migrations: readonly NamedMigration[]): Knex.MigrationSource<NamedMigration> => ({
  getMigrations: async () => [...migrations],
  getMigrationName: (migration) => migration.name,
  getMigration: async (migration) => migration,
});

/**
 * Runs the extensions' migrations on every data source (under its start-up lock) and collects
 * their write hooks.
 */
export default fp<{ extensions: readonly ServerExtension[] }>(
  async (app, { extensions }) => {
    assertDistinctNames(extensions);
    for (const extension of extensions) {
      if (!extension.migrations?.length) continue;
      const migrations = extension.migrations;
      for (const source of app.dataSources.list()) {
        const [, applied] = (await withStartUpLock(source, () =>
          source.knex.migrate.latest({
            migrationSource: sourceOf(migrations),
            tableName: `cb_ext_${extension.name.replaceAll('-', '_')}_migrations`,
          }),
        )) as [number, string[]];
        if (applied.length > 0)
          app.log.info({ dataSource: source.name, extension: extension.name, applied }, 'migrations applied');
      }
    }
    app.decorate(
      'writeHooks',
      writeHooksWith(
        extensionWriteHooks(extensions),
        app.dataSources.list().map((source) => source.name),
      ),
    );
  },
  { name: 'extensions', dependencies: ['db', 'bootstrap'] },
);
