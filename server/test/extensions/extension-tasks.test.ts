/** Extension tasks: their registry, running one by its full name, and the activity extension's prune. */
import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import activity from '../../src/extensions/activity/index';
import { ACTIVITY_TABLE, PRUNE_DEFAULT_DAYS } from '../../src/extensions/activity/activity-table';
import {
  runExtensionTask,
  taskRegistry,
  type ExtensionTask,
  type TaskContext,
} from '../../src/extensions/extension-tasks';
import type { ServerExtension } from '../../src/extensions/define-server-extension';
import { defineServerExtension } from '../../src/extensions/sdk';
import type { DataSourceRegistry } from '../../src/plugins/db';
import { useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';

/** An object whose every property throws: the code under test must not touch it. */
const untouchable = <T extends object>(name: string): T =>
  new Proxy({} as T, {
    get: (_, property) => {
      throw new Error(`unexpected use of ${name}.${String(property)}`);
    },
  });

/** A context whose database, data sources and logger throw when used. */
const context = (input: Record<string, unknown> = {}): TaskContext => ({
  input,
  primary: untouchable<Knex>('primary'),
  dataSources: untouchable<DataSourceRegistry>('dataSources'),
  log: untouchable<FastifyBaseLogger>('log'),
  user: { id: 7, username: 'planner' },
});

const label = { 'zh-CN': '任务', 'en-US': 'A task' };

const task = (name: string, run: ExtensionTask['run'] = async () => undefined): ExtensionTask => ({
  name,
  label,
  run,
});

describe('extension tasks', () => {
  it('are registered by their full name <extension>:<task>, in the order of the extensions', () => {
    const registry = taskRegistry([
      { name: 'billing', tasks: [task('close-month'), task('remind')] },
      { name: 'plain' },
      { name: 'stock', tasks: [task('recount')] },
    ]);
    expect([...registry.keys()]).toEqual(['billing:close-month', 'billing:remind', 'stock:recount']);
    expect(registry.get('stock:recount')).toMatchObject({ fullName: 'stock:recount', extension: 'stock' });
    expect(taskRegistry([]).size).toBe(0);
  });

  it('refuse a bad name, a missing label or two tasks of one name, naming them', () => {
    const registryOf =
      (...tasks: ExtensionTask[]) =>
      () =>
        taskRegistry([{ name: 'billing', tasks }]);
    expect(registryOf(task('Close'))).toThrow('server extension "billing": task name "Close"');
    expect(registryOf(task('close month'))).toThrow('task name "close month"');
    expect(registryOf(task('9lives'))).toThrow('task name "9lives"');
    expect(registryOf(task(`a${'b'.repeat(40)}`))).toThrow('up to 39 letters');
    expect(registryOf(task(`a${'b'.repeat(39)}`))).not.toThrow();
    expect(registryOf(task('closeMonth'), task('close-2'))).not.toThrow();
    expect(registryOf({ ...task('close'), label: { 'zh-CN': '结账', 'en-US': ' ' } })).toThrow(
      'task close needs a zh-CN and an en-US label',
    );
    expect(registryOf(task('close'), task('close'))).toThrow(
      'server extension "billing": two tasks are named "close"',
    );
    // defineServerExtension refuses the same at once
    const define = (tasks: ExtensionTask[]) => () => defineServerExtension({ name: 'billing', tasks });
    expect(define([task('close_month')])).toThrow('task name "close_month"');
    expect(define([{ ...task('close'), label: { 'zh-CN': '', 'en-US': 'Close' } }])).toThrow(
      'needs a zh-CN and an en-US label',
    );
    expect(define([task('close'), task('close')])).toThrow('two tasks are named "close"');
    expect(define([task('close')])).not.toThrow();
  });

  it('run by full name with their context: the returned text is the result, nothing returned none', async () => {
    const seen: TaskContext[] = [];
    const extensions: ServerExtension[] = [
      {
        name: 'billing',
        tasks: [
          task('close', async (given) => {
            seen.push(given);
            return `closed ${String(given.input.month)}`;
          }),
          task('quiet'),
          task('long', async () => 'x'.repeat(5000)),
        ],
      },
    ];
    const registry = taskRegistry(extensions);
    const given = context({ month: '2026-01' });
    expect(await runExtensionTask(registry, 'billing:close', given)).toEqual({
      status: 'ok',
      result: 'closed 2026-01',
      error: null,
    });
    expect(seen).toEqual([given]);
    expect(await runExtensionTask(registry, 'billing:quiet', context())).toEqual({
      status: 'ok',
      result: null,
      error: null,
    });
    const long = await runExtensionTask(registry, 'billing:long', context());
    expect(long.result).toHaveLength(1000);
  });

  it('never throw: an unknown task or one that throws is a failed run with the reason', async () => {
    const registry = taskRegistry([
      {
        name: 'billing',
        tasks: [
          task('close', async () => {
            throw new Error('the ledger is locked');
          }),
          task('odd', () => Promise.reject('plain text')),
          task('huge', async () => {
            throw new Error('y'.repeat(3000));
          }),
          task('touchy', async ({ primary }) => {
            await primary.schema.dropTable('cb_ext_billing');
          }),
        ],
      },
    ]);
    expect(await runExtensionTask(registry, 'billing:close', context())).toEqual({
      status: 'failed',
      result: null,
      error: 'the ledger is locked',
    });
    expect((await runExtensionTask(registry, 'billing:odd', context())).error).toBe('plain text');
    expect((await runExtensionTask(registry, 'billing:huge', context())).error).toHaveLength(1000);
    // a fake that throws on use is a failure like any other
    expect(await runExtensionTask(registry, 'billing:touchy', context())).toMatchObject({
      status: 'failed',
      error: 'unexpected use of primary.schema',
    });
    expect(await runExtensionTask(registry, 'billing:open', context())).toEqual({
      status: 'failed',
      result: null,
      error:
        'unknown task billing:open (registered tasks: billing:close, billing:odd, billing:huge, billing:touchy)',
    });
    expect((await runExtensionTask(taskRegistry([]), 'billing:open', context())).error).toBe(
      'unknown task billing:open (registered tasks: none)',
    );
  });
});

describeEachDatabase("the activity extension's task activity:prune ($name)", (db) => {
  const apps = useTestApps(db);
  const DAY = 86_400_000;

  it('deletes the old feed rows older than the days given (default 90), and says how many', async () => {
    const app = await apps.build({ extensions: [activity] });
    expect([...app.extensionTasks.keys()]).toEqual(['activity:prune']);
    const knex = app.dataSources.primary.knex;
    await knex(ACTIVITY_TABLE).delete();
    const now = Date.now();
    const ages = [400, 200, 100, 91, 89, 30, 5, 1];
    await knex(ACTIVITY_TABLE).insert(
      ages.map((age) => ({
        tableName: 'product',
        recordKey: String(age),
        action: 'update',
        userId: 1,
        createdAt: now - age * DAY,
        dataSource: 'primary',
      })),
    );
    const logged: unknown[] = [];
    const log = new Proxy({} as FastifyBaseLogger, {
      get: (_, property) => {
        if (property !== 'info') throw new Error(`unexpected use of log.${String(property)}`);
        return (...args: unknown[]) => void logged.push(args);
      },
    });
    const run = (input: Record<string, unknown>) =>
      runExtensionTask(app.extensionTasks, 'activity:prune', {
        input,
        primary: knex,
        dataSources: app.dataSources,
        log,
        user: null,
      });
    const left = async () =>
      (await knex(ACTIVITY_TABLE).orderBy('id').select('recordKey')).map((row: { recordKey: string }) =>
        Number(row.recordKey),
      );

    expect(await run({ scheduleId: 1, name: 'nightly', tick: new Date(now).toISOString() })).toEqual({
      status: 'ok',
      result: `4 activity entries older than ${String(PRUNE_DEFAULT_DAYS)} days deleted`,
      error: null,
    });
    expect(await left()).toEqual([89, 30, 5, 1]);
    expect(logged).toHaveLength(1);
    expect(await run({ days: '10' })).toMatchObject({
      status: 'ok',
      result: '2 activity entries older than 10 days deleted',
    });
    expect(await left()).toEqual([5, 1]);
    expect(await run({ days: 10 })).toMatchObject({
      result: '0 activity entries older than 10 days deleted',
    });
    expect(logged).toHaveLength(2);
    for (const days of [0, -3, 1.5, 'soon', true])
      expect(await run({ days })).toMatchObject({
        status: 'failed',
        error: expect.stringContaining('days must be a whole number from 1 to 36500') as unknown,
      });
    expect(await left()).toEqual([5, 1]);
  });
});
