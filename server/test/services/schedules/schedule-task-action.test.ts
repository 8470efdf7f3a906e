/**
 * The task action of schedules: a running server runs the extension's task at each tick, with the
 * schedule as input and for its owner; the task's text is the run's result, its error the reason.
 */
import { beforeEach, expect, it } from 'vitest';
import type { App } from '../../../src/app';
import { SYSTEM } from '../../../src/db/table-names';
import activity from '../../../src/extensions/activity/index';
import { defineServerExtension, type TaskContext } from '../../../src/extensions/sdk';
import { apiClient, type ApiClient } from '../../helpers/metadata-api';
import { login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';
import { createUser, removeUsersAndRoles } from '../../helpers/users';

/** How long a poll waits for runs every second to happen. */
const WAIT = { timeout: 10_000 };

/** What the probe's task was given, run after run. */
const seen: TaskContext[] = [];
beforeEach(() => {
  seen.length = 0;
});

const probe = defineServerExtension({
  name: 'probe',
  tasks: [
    {
      name: 'count',
      label: { 'zh-CN': '计数', 'en-US': 'Count' },
      run: async (context) => {
        seen.push(context);
        const row = await context
          .primary(SYSTEM.schedule)
          .where('id', Number(context.input.scheduleId))
          .first('name');
        return `seen ${String(seen.length)} for ${String(row?.name)}`;
      },
    },
    {
      name: 'explode',
      label: { 'zh-CN': '出错', 'en-US': 'Explode' },
      run: () => Promise.reject(new Error('the probe broke')),
    },
  ],
});

interface Run {
  tick: number;
  status: string;
  result: string | null;
  error: string | null;
}

describeEachDatabase('schedules: the task action ($name)', (db) => {
  const apps = useTestApps(db);

  const setUp = async (): Promise<{ app: App; admin: ApiClient; planner: ApiClient }> => {
    const app = await apps.build(
      { extensions: [activity, probe] },
      apps.config({
        schedules: { pollMs: 100 },
        webhooks: { allowPrivate: '', timeoutMs: 2000, retrySeconds: 60, retryBaseMs: 50, pollMs: 0 },
      }),
    );
    const knex = app.dataSources.primary.knex;
    await knex(SYSTEM.schedule).delete();
    await removeUsersAndRoles(knex);
    await createUser(app, {
      username: 'planner',
      password: 'Planner-pass-1',
      roles: { ROLE_PLANNER: 'schedule:manage' },
    });
    return {
      app,
      admin: apiClient(app, (await login(app)).cookie),
      planner: apiClient(app, (await login(app, 'planner', 'Planner-pass-1')).cookie),
    };
  };

  const runsOf = async (app: App, id: number): Promise<Run[]> =>
    (await app.dataSources.primary.knex(SYSTEM.scheduleRun).where('scheduleId', id).orderBy('tick')).map(
      (row: Record<string, unknown>) => ({
        tick: Number(row.tick),
        status: String(row.status),
        result: row.result === null ? null : String(row.result),
        error: row.error === null ? null : String(row.error),
      }),
    );
  /** Stops the schedule and waits until its last run has ended. */
  const stop = async (app: App, api: ApiClient, id: number): Promise<void> => {
    expect((await api.patch(`/api/business/schedule/${String(id)}`, { enabled: false })).statusCode).toBe(
      200,
    );
    await expect
      .poll(async () => (await runsOf(app, id)).filter((run) => run.status === 'running').length, WAIT)
      .toBe(0);
  };

  it("runs the task every second for the schedule's owner, with the schedule as input; its text the result", async () => {
    const { app, planner } = await setUp();
    const made = await planner.post('/api/business/schedule', {
      name: '每秒计数',
      cron: '* * * * * *',
      action: 'task',
      task: 'probe:count',
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = Number(made.body);
    await expect
      .poll(async () => (await runsOf(app, id)).filter((run) => run.status === 'ok').length, WAIT)
      .toBeGreaterThanOrEqual(2);
    await stop(app, planner, id);
    const runs = await runsOf(app, id);
    expect(runs.map((run) => run.status)).toEqual(runs.map(() => 'ok'));
    expect(runs.map((run) => run.result)).toEqual(runs.map((_, i) => `seen ${String(i + 1)} for 每秒计数`));
    expect(runs.every((run) => run.error === null)).toBe(true);
    const plannerId = Number(
      (await app.dataSources.primary.knex(SYSTEM.user).where('username', 'planner').first()).id,
    );
    expect(seen.map((context) => context.input)).toEqual(
      runs.map((run) => ({ scheduleId: id, name: '每秒计数', tick: new Date(run.tick).toISOString() })),
    );
    for (const context of seen) {
      expect(context.user).toEqual({ id: plannerId, username: 'planner' });
      expect(context.primary).toBe(app.dataSources.primary.knex);
      expect(context.dataSources).toBe(app.dataSources);
    }
  });

  it('a task that throws, an owner who is disabled, a task no longer offered: failed runs saying why', async () => {
    const { app, admin, planner } = await setUp();
    const knex = app.dataSources.primary.knex;
    const made = await planner.post('/api/business/schedule', {
      name: '出错',
      cron: '* * * * * *',
      action: 'task',
      task: 'probe:explode',
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = Number(made.body);
    await expect.poll(async () => (await runsOf(app, id)).length, WAIT).toBeGreaterThanOrEqual(1);
    await stop(app, planner, id);
    for (const run of await runsOf(app, id))
      expect(run).toMatchObject({ status: 'failed', result: null, error: 'the probe broke' });

    // its owner disabled: nothing runs
    const changed = await planner.patch(`/api/business/schedule/${String(id)}`, { task: 'probe:count' });
    expect(changed.statusCode, changed.body).toBe(200);
    await knex(SYSTEM.user).where('username', 'planner').update({ enabled: false });
    let before = (await runsOf(app, id)).length;
    expect((await admin.patch(`/api/business/schedule/${String(id)}`, { enabled: true })).statusCode).toBe(
      200,
    );
    await expect.poll(async () => (await runsOf(app, id)).length, WAIT).toBeGreaterThan(before);
    await stop(app, admin, id);
    expect((await runsOf(app, id)).at(-1)?.error).toMatch(
      /^the owner \(user \d+\) does not exist or is disabled$/,
    );
    expect(seen).toHaveLength(0);

    // a task written around the API that no extension offers
    await knex(SYSTEM.user).where('username', 'planner').update({ enabled: true });
    await knex(SYSTEM.schedule).where('id', id).update({ task: 'gone:away' });
    before = (await runsOf(app, id)).length;
    expect((await admin.patch(`/api/business/schedule/${String(id)}`, { enabled: true })).statusCode).toBe(
      200,
    );
    await expect.poll(async () => (await runsOf(app, id)).length, WAIT).toBeGreaterThan(before);
    await stop(app, admin, id);
    expect((await runsOf(app, id)).at(-1)).toMatchObject({
      status: 'failed',
      error: 'unknown task gone:away (registered tasks: activity:prune, probe:count, probe:explode)',
    });
    expect(seen).toHaveLength(0);
  });
});
