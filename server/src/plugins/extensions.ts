import fp from 'fastify-plugin';
import { migrateLatest } from '../db/migrate';
import { withStartUpLock } from '../db/start-up-lock';
import {
  assertDistinctNames,
  extensionWriteHooks,
  type ServerExtension,
} from '../extensions/define-server-extension';
import { taskRegistry, type TaskRegistry } from '../extensions/extension-tasks';
import {
  flowStepKinds,
  flowTriggers,
  type ExtensionFlowStep,
  type ExtensionFlowTrigger,
} from '../extensions/extension-flows';
import type { WriteHooks } from '../extensions/write-hooks';
import { writeHooksWith } from '../services/system-tables/system-table-hooks';

declare module 'fastify' {
  interface FastifyInstance {
    /** The record write hooks of every write: the core's, then the extensions'. */
    writeHooks: WriteHooks;
    /** The extensions' tasks by full name (`<extension>:<task>`), run by schedules. */
    extensionTasks: TaskRegistry;
    /** The step kinds and triggers extensions add to flows, by full name (`<extension>:<name>`). */
    flowExtensions: {
      stepKinds: ReadonlyMap<string, ExtensionFlowStep>;
      triggers: ReadonlyMap<string, ExtensionFlowTrigger>;
    };
  }
}

/**
 * Reads and checks each extension's configuration from the environment (a bad value stops the
 * start, naming the variable), runs the extensions' migrations on `primary` (under its start-up lock), moves into `primary`
 * what an extension kept in another data source under an earlier release, and collects their
 * write hooks, tasks and flow step kinds and triggers (a bad name stops the start).
 */
export default fp<{ extensions: readonly ServerExtension[] }>(
  async (app, { extensions }) => {
    assertDistinctNames(extensions);
    const tasks = taskRegistry(extensions);
    const stepKinds = flowStepKinds(extensions);
    const triggers = flowTriggers(extensions);
    for (const extension of extensions) extension.config?.load(process.env, extension.name);
    const { primary } = app.dataSources;
    for (const extension of extensions) {
      if (!extension.migrations?.length) continue;
      const migrations = extension.migrations;
      const tableName = `cb_ext_${extension.name.replaceAll('-', '_')}_migrations`;
      const applied = await withStartUpLock(primary, () =>
        migrateLatest(primary.knex, migrations, tableName),
      );
      if (applied.length > 0)
        app.log.info({ dataSource: primary.name, extension: extension.name, applied }, 'migrations applied');
      for (const source of app.dataSources.list()) {
        if (source === primary) continue;
        const { moveFromDataSource } = extension;
        await withStartUpLock(source, async () => {
          if (!(await source.knex.schema.hasTable(tableName))) return;
          if (!moveFromDataSource) {
            app.log.warn(
              { dataSource: source.name, extension: extension.name },
              'the data source holds tables of this extension from an earlier release; they were left in place',
            );
            return;
          }
          await moveFromDataSource({ primary: primary.knex, source: source.knex, dataSource: source.name });
          await source.knex.schema.dropTableIfExists(tableName);
          await source.knex.schema.dropTableIfExists(`${tableName}_lock`);
          app.log.info(
            { dataSource: source.name, extension: extension.name },
            'extension records moved to primary',
          );
        });
      }
    }
    app.decorate('extensionTasks', tasks);
    app.decorate('flowExtensions', { stepKinds, triggers });
    app.decorate(
      'writeHooks',
      writeHooksWith(
        extensionWriteHooks(extensions),
        app.dataSources.list().map((source) => source.name),
        app.log,
        app.webhookAllowList,
        tasks,
        {
          extensionKinds: new Set(stepKinds.keys()),
          tasks: new Set(tasks.keys()),
          triggers: new Set(triggers.keys()),
        },
      ),
    );
  },
  { name: 'extensions', dependencies: ['db', 'bootstrap', 'webhook-delivery'] },
);
