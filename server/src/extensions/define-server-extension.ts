import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ExtensionPermissionCode } from '../../../contract/permissions';
import type { Knex } from 'knex';
import type { NamedMigration } from '../db/migrations/named-migration';
import type { ExtensionConfig } from './extension-config';
import { assertTask, type ExtensionTask } from './extension-tasks';
import type { ExtensionFlowStep, ExtensionFlowTrigger } from './extension-flows';
import type { WriteHook } from './write-hooks';

/** Record write hooks of an extension: the same shape as the core's, without the name. */
export type ExtensionWriteHook = Omit<WriteHook, 'name' | 'systemOnly'>;

/**
 * A server extension: one folder `server/src/extensions/<name>/` whose `index.ts` default-exports
 * `defineServerExtension({...})`, listed once in `server/src/extensions/index.ts`.
 */
export interface ServerExtension {
  /** Lower-case letters, digits and dashes; its routes live under `/api/ext/<name>/`. */
  name: string;
  /**
   * A Fastify plugin registered under `/api/ext/<name>`: the caller's session is already checked
   * (401 without one) and `request.dataSource` selected, like every built-in API route.
   */
  routes?: FastifyPluginAsyncTypebox;
  /**
   * The extension's own permission codes (`ext:<name>:<verb>`), which its routes check with
   * `callerMay` / `requirePermission`: the role editor offers them with their labels, also when
   * the extension has no web part.
   */
  permissions?: readonly ExtensionPermissionCode[];
  /**
   * Its configuration from the environment (`defineExtensionConfig`): read and checked at start,
   * before its routes and hooks, which read it with `config.get()`. A bad value stops the start.
   */
  config?: ExtensionConfig;
  /**
   * Its write routes that write no record, each with why: `{ 'POST /test': 'sends a ping' }`
   * (method and path under `/api/ext/<name>`). crudboard's record-history contract holds every
   * other POST, PUT, PATCH and DELETE route of an extension to recording the records it changes.
   */
  writesNoRecord?: Readonly<Record<string, string>>;
  /** Record write hooks, run inside each write's transaction after the core's. */
  hooks?: readonly ExtensionWriteHook[];
  /**
   * Schema changes of the extension's own tables (name them `cb_ext_<name>_...`), run on `primary`
   * at start, in order, recorded in `cb_ext_<name>_migrations`; append, never edit. A connected
   * data source gets none of them: a hook keeps its records of a write there through
   * `write.primary()`.
   */
  migrations?: readonly NamedMigration[];
  /**
   * Upgrade from releases that ran extension migrations on every data source: called at start for
   * each other data source still holding `cb_ext_<name>_migrations`, under its start-up lock, to
   * move what the extension kept there into `primary` and drop its tables from the source (the
   * migration records are dropped after it). Without it, those tables are left in place.
   */
  moveFromDataSource?: (move: { primary: Knex; source: Knex; dataSource: string }) => Promise<void>;
  /**
   * Work crudboard may run on the extension's behalf, each known as `<name>:<task>`: a schedule
   * with the `task` action runs one at each tick (as its owner). A task gets `primary`, the data
   * sources, a logger, its input and the user it runs for; the text it returns is the run's
   * result, and throwing fails the run. Names are a letter, then letters, digits or dashes (at
   * most 40), each with a zh-CN and an en-US label.
   */
  tasks?: readonly ExtensionTask[];
  /**
   * Step kinds flows may use, each named `<name>:<kind>` in a flow's steps
   * (`{"kind": "<name>:<kind>", ...}`): the step's object, its values filled from the run, is handed
   * to `run` with the run's record and user; the text it returns is logged, throwing fails the step.
   */
  flowSteps?: readonly ExtensionFlowStep[];
  /**
   * Triggers flows may name (`<name>:<trigger>`): the extension fires one with `startFlows`, and
   * every enabled flow with that trigger runs, as its owner.
   */
  flowTriggers?: readonly ExtensionFlowTrigger[];
}

export const EXTENSION_NAME = /^[a-z][a-z0-9-]{0,39}$/;

/** Types an extension and checks its name (a bad name fails at start, naming the rule). */
export const defineServerExtension = (extension: ServerExtension): ServerExtension => {
  if (!EXTENSION_NAME.test(extension.name)) {
    throw new Error(
      `server extension name "${extension.name}": use 1-40 lower-case letters, digits or dashes, starting with a letter`,
    );
  }
  for (const { code, label } of extension.permissions ?? []) {
    if (!new RegExp(`^ext:${extension.name}:[a-z][a-zA-Z0-9-]{0,39}$`).test(code)) {
      throw new Error(
        `server extension "${extension.name}": permission ${code} must be ext:${extension.name}:<verb> (letters, digits, dashes)`,
      );
    }
    if (!label['zh-CN']?.trim() || !label['en-US']?.trim()) {
      throw new Error(
        `server extension "${extension.name}": permission ${code} needs a zh-CN and an en-US label`,
      );
    }
  }
  for (const [route, why] of Object.entries(extension.writesNoRecord ?? {})) {
    if (!/^(POST|PUT|PATCH|DELETE) \/\S*$/.test(route) || !why.trim()) {
      throw new Error(
        `server extension "${extension.name}": writesNoRecord "${route}" must be "<POST|PUT|PATCH|DELETE> /<path>" with a reason`,
      );
    }
  }
  const tasks = new Set<string>();
  for (const task of extension.tasks ?? []) {
    assertTask(extension.name, task);
    if (tasks.has(task.name))
      throw new Error(`server extension "${extension.name}": two tasks are named "${task.name}"`);
    tasks.add(task.name);
  }
  return extension;
};

/** The write hooks of the extensions, each named after its extension. */
export const extensionWriteHooks = (extensions: readonly ServerExtension[]): WriteHook[] =>
  extensions.flatMap((extension) =>
    (extension.hooks ?? []).map((hook) => ({ ...hook, name: extension.name })),
  );

/** Refuses two extensions of one name (their routes and migrations would collide). */
export const assertDistinctNames = (extensions: readonly ServerExtension[]): void => {
  const seen = new Set<string>();
  for (const { name } of extensions) {
    if (seen.has(name)) throw new Error(`two server extensions are named "${name}"`);
    seen.add(name);
  }
};
