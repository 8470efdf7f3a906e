/**
 * Extension tasks: named pieces of work a server extension offers (`tasks` in
 * `defineServerExtension`), run by crudboard on demand: by a schedule with the `task` action, or by
 * anything else that names one. Each is known by its full name `<extension>:<task>`.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import type { DataSourceRegistry } from '../plugins/db';
import type { ServerExtension } from './define-server-extension';

/** What a task gets when it runs. */
export interface TaskContext {
  /** What the caller hands it (a schedule: `{ scheduleId, name, tick }`, the tick as ISO text). */
  input: Record<string, unknown>;
  /** crudboard's own database, where an extension keeps its tables (`cb_ext_<name>_...`). */
  primary: Knex;
  /** Every configured data source, `primary` first. */
  dataSources: DataSourceRegistry;
  log: FastifyBaseLogger;
  /** On whose behalf it runs (a schedule: its owner), if anyone's. */
  user: { id: number; username: string } | null;
}

/** One task of an extension. */
export interface ExtensionTask {
  /** A letter, then letters, digits or dashes (at most 40); unique within its extension. */
  name: string;
  /** What it does, as the schedule editor and the run log show it. */
  label: { 'zh-CN': string; 'en-US': string };
  /** Does the work; the text it returns (if any) is the run's result. Throwing fails the run. */
  run(context: TaskContext): Promise<string | void>;
}

/** A task with the extension that offers it. */
export interface RegisteredTask {
  /** `<extension>:<task>`. */
  fullName: string;
  extension: string;
  task: ExtensionTask;
}

/** The tasks of the enabled extensions, by full name, in the extensions' order. */
export type TaskRegistry = ReadonlyMap<string, RegisteredTask>;

/** What a run of a task came to: the result or the reason, each at most 1,000 characters. */
export interface TaskOutcome {
  status: 'ok' | 'failed';
  result: string | null;
  error: string | null;
}

export const TASK_NAME = /^[a-z][a-zA-Z0-9-]{0,39}$/;

/** The longest full name, `<extension>:<task>` (40 + 1 + 40): the `task` column of schedules. */
export const TASK_FULL_NAME_LENGTH = 81;

const TEXT_LIMIT = 1000;

const cut = (text: string | null): string | null => (text === null ? null : text.slice(0, TEXT_LIMIT));

/** Refuses a task whose name or labels are not usable, naming the extension and the task. */
export const assertTask = (extension: string, task: ExtensionTask): void => {
  if (typeof task.name !== 'string' || !TASK_NAME.test(task.name)) {
    throw new Error(
      `server extension "${extension}": task name "${String(task.name)}": use a letter, then up to 39 letters, digits or dashes`,
    );
  }
  if (!task.label?.['zh-CN']?.trim() || !task.label['en-US']?.trim()) {
    throw new Error(`server extension "${extension}": task ${task.name} needs a zh-CN and an en-US label`);
  }
  if (typeof task.run !== 'function') {
    throw new Error(`server extension "${extension}": task ${task.name} has no run function`);
  }
};

/**
 * The tasks of `extensions` by full name. A bad name or label, or two tasks of one name in an
 * extension, fails at start with a message naming them.
 */
export const taskRegistry = (extensions: readonly ServerExtension[]): TaskRegistry => {
  const registry = new Map<string, RegisteredTask>();
  for (const extension of extensions) {
    for (const task of extension.tasks ?? []) {
      assertTask(extension.name, task);
      const fullName = `${extension.name}:${task.name}`;
      if (registry.has(fullName)) {
        throw new Error(`server extension "${extension.name}": two tasks are named "${task.name}"`);
      }
      registry.set(fullName, { fullName, extension: extension.name, task });
    }
  }
  return registry;
};

/** The full names of the registered tasks, for messages: `a:b, c:d`, or `none`. */
export const availableTasks = (registry: TaskRegistry): string =>
  registry.size === 0 ? 'none' : [...registry.keys()].join(', ');

/**
 * Runs the task `fullName` with `context`; never throws. An unknown task, or one that throws, is a
 * `failed` outcome with the reason; a task's returned text is the result.
 */
export const runExtensionTask = async (
  registry: TaskRegistry,
  fullName: string,
  context: TaskContext,
): Promise<TaskOutcome> => {
  const registered = registry.get(fullName);
  if (!registered) {
    return {
      status: 'failed',
      result: null,
      error: cut(`unknown task ${fullName.slice(0, 100)} (registered tasks: ${availableTasks(registry)})`),
    };
  }
  try {
    const result = await registered.task.run(context);
    return { status: 'ok', result: typeof result === 'string' ? cut(result) : null, error: null };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { status: 'failed', result: null, error: cut(reason || `task ${fullName} failed`) };
  }
};
