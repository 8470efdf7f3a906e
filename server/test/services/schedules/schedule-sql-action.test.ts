/**
 * The sql action on schedule: the saved statement runs as the schedule's owner through the SQL
 * console, only while the owner may run it, and only as it was when the schedule was saved.
 */
import { expect, it } from 'vitest';
import type { App } from '../../../src/app';
import { SHARED_STATE, SYSTEM } from '../../../src/db/table-names';
import { apiClient, createTableViaApi, type ApiClient } from '../../helpers/metadata-api';
import { login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';
import { createUser, removeUsersAndRoles } from '../../helpers/users';

/** How long a poll waits for runs every second to happen. */
const WAIT = { timeout: 10_000 };

interface Run {
  status: string;
  result: string | null;
  error: string | null;
}

describeEachDatabase('schedules: the sql action ($name)', (db) => {
  const apps = useTestApps(db);
  /** The business table of the test running: one per test, in the file's database. */
  let table = '';
  let tables = 0;

  const setUp = async (): Promise<{ app: App; admin: ApiClient; operator: ApiClient; statement: number }> => {
    const app = await apps.build(
      {},
      apps.config({
        schedules: { pollMs: 100 },
        webhooks: { allowPrivate: '', timeoutMs: 2000, retrySeconds: 60, retryBaseMs: 50, pollMs: 0 },
      }),
    );
    const knex = app.dataSources.primary.knex;
    await knex(SYSTEM.schedule).delete();
    await knex(SYSTEM.sqlQuery).delete();
    await removeUsersAndRoles(knex);
    const admin = apiClient(app, (await login(app)).cookie);
    tables += 1;
    table = `sched_log_${String(tables)}`;
    await createTableViaApi(admin, {
      name: table,
      caption: '定时记录',
      columns: [
        {
          name: 'id',
          caption: '编号',
          dataType: 'BIGINT',
          unsigned: true,
          indexType: 'PRIMARY',
          autoIncrement: true,
          nullable: false,
        },
        { name: 'name', caption: '名称', dataType: 'VARCHAR', length: 50, displayable: true },
      ],
    });
    const saved = await admin.post('/api/business/sqlQuery', {
      name: 'log_tick',
      sql: `INSERT INTO ${table} (name) VALUES ('tick')`,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    await createUser(app, {
      username: 'operator',
      password: 'Operator-pass-1',
      roles: { ROLE_OPERATOR: 'schedule:manage,sql:execute' },
    });
    const operator = apiClient(app, (await login(app, 'operator', 'Operator-pass-1')).cookie);
    return { app, admin, operator, statement: Number(saved.body) };
  };

  const runsOf = async (app: App, id: number): Promise<Run[]> =>
    (await app.dataSources.primary.knex(SYSTEM.scheduleRun).where('scheduleId', id).orderBy('tick')).map(
      (row: Record<string, unknown>) => ({
        status: String(row.status),
        result: row.result === null ? null : String(row.result),
        error: row.error === null ? null : String(row.error),
      }),
    );
  const logged = async (app: App): Promise<number> =>
    Number((await app.dataSources.primary.knex(table).count({ n: '*' }).first())?.n);
  /** Stops the schedule and waits until its last run has ended. */
  const stop = async (app: App, api: ApiClient, id: number): Promise<void> => {
    expect((await api.patch(`/api/business/schedule/${String(id)}`, { enabled: false })).statusCode).toBe(
      200,
    );
    await expect
      .poll(async () => (await runsOf(app, id)).filter((run) => run.status === 'running').length, WAIT)
      .toBe(0);
  };

  it('runs the saved INSERT every second as its owner, who holds sql:execute; audited as theirs', async () => {
    const { app, operator, statement } = await setUp();
    const made = await operator.post('/api/business/schedule', {
      name: '每秒记一笔',
      cron: '* * * * * *',
      action: 'sql',
      sqlQueryId: statement,
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = Number(made.body);
    await expect
      .poll(async () => (await runsOf(app, id)).filter((run) => run.status === 'ok').length, WAIT)
      .toBeGreaterThanOrEqual(2);
    await stop(app, operator, id);
    const runs = await runsOf(app, id);
    expect(
      runs.every((run) => run.status === 'ok' && run.result === '1 rows affected' && run.error === null),
    ).toBe(true);
    expect(await logged(app)).toBe(runs.length);
    const audited = (
      await app.dataSources.primary
        .knex(SHARED_STATE.audit)
        .where({ action: 'sqlExecute', userName: 'operator' })
        .select('detail')
    ).filter((row: { detail: unknown }) => JSON.parse(String(row.detail)).scheduleId === id);
    expect(audited).toHaveLength(runs.length);
    expect(JSON.parse(String(audited[0]?.detail))).toMatchObject({
      sql: `INSERT INTO ${table} (name) VALUES ('tick')`,
      readOnly: false,
      rowCount: 1,
      outcome: 'ok',
      scheduleId: id,
    });
  });

  it('an owner without sql:execute (or disabled) gets failed runs saying why, and nothing written', async () => {
    const { app, admin, operator, statement } = await setUp();
    const knex = app.dataSources.primary.knex;
    const made = await operator.post('/api/business/schedule', {
      name: '无权执行',
      cron: '* * * * * *',
      action: 'sql',
      sqlQueryId: statement,
      enabled: false,
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = Number(made.body);
    // the owner loses sql:execute after saving the schedule
    await knex(SYSTEM.role).where('code', 'ROLE_OPERATOR').update({ permissions: 'schedule:manage' });
    expect((await admin.patch(`/api/business/schedule/${String(id)}`, { enabled: true })).statusCode).toBe(
      200,
    );
    await expect
      .poll(async () => (await runsOf(app, id)).filter((run) => run.status === 'failed').length, WAIT)
      .toBeGreaterThanOrEqual(1);
    await stop(app, admin, id);
    const refused = await runsOf(app, id);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const run of refused)
      expect(run).toEqual({
        status: 'failed',
        result: null,
        error: 'the owner operator does not hold sql:execute',
      });

    // a disabled owner runs nothing either
    await knex(SYSTEM.role)
      .where('code', 'ROLE_OPERATOR')
      .update({ permissions: 'schedule:manage,sql:execute' });
    await knex(SYSTEM.user).where('username', 'operator').update({ enabled: false });
    const before = refused.length;
    expect((await admin.patch(`/api/business/schedule/${String(id)}`, { enabled: true })).statusCode).toBe(
      200,
    );
    await expect.poll(async () => (await runsOf(app, id)).length, WAIT).toBeGreaterThan(before);
    await stop(app, admin, id);
    expect((await runsOf(app, id)).at(-1)?.error).toMatch(
      /^the owner \(user \d+\) does not exist or is disabled$/,
    );
    expect(await logged(app)).toBe(0);
  });

  it("the console's guards apply: crudboard's own tables are refused to an owner who is not the super admin", async () => {
    const { app, admin, operator } = await setUp();
    const saved = await admin.post('/api/business/sqlQuery', {
      name: 'drop_sessions',
      sql: 'DELETE FROM cb_session',
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const sessions = Number(
      (await app.dataSources.primary.knex(SYSTEM.session).count({ n: '*' }).first())?.n,
    );
    expect(sessions).toBeGreaterThan(0);
    const made = await operator.post('/api/business/schedule', {
      name: '越权',
      cron: '* * * * * *',
      action: 'sql',
      sqlQueryId: Number(saved.body),
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = Number(made.body);
    await expect.poll(async () => (await runsOf(app, id)).length, WAIT).toBeGreaterThanOrEqual(1);
    await stop(app, operator, id);
    for (const run of await runsOf(app, id)) {
      expect(run.status).toBe('failed');
      expect(run.error).toMatch(/^FORBIDDEN: /);
    }
    expect(
      Number((await app.dataSources.primary.knex(SYSTEM.session).count({ n: '*' }).first())?.n),
    ).toBeGreaterThanOrEqual(sessions);
  });

  it('runs the statement only as it was approved: edited afterwards, it fails until the schedule is saved again', async () => {
    const { app, admin, operator, statement } = await setUp();
    const made = await operator.post('/api/business/schedule', {
      name: '改过的语句',
      cron: '* * * * * *',
      action: 'sql',
      sqlQueryId: statement,
      enabled: false,
    });
    const id = Number(made.body);
    // someone who may edit saved statements, but not run them, changes its text
    const edited = await admin.patch(`/api/business/sqlQuery/${String(statement)}`, {
      sql: `INSERT INTO ${table} (name) VALUES ('changed')`,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await operator.patch(`/api/business/schedule/${String(id)}`, { enabled: true })).statusCode).toBe(
      200,
    );
    await expect.poll(async () => (await runsOf(app, id)).length, WAIT).toBeGreaterThanOrEqual(1);
    await stop(app, operator, id);
    expect((await runsOf(app, id)).at(-1)).toEqual({
      status: 'failed',
      result: null,
      error:
        'saved SQL statement log_tick changed after the schedule was saved: save the schedule again to run it as it is now',
    });
    expect(await logged(app)).toBe(0);
    // saved again with its statement by the owner: approved, it runs the new text
    const approved = await operator.patch(`/api/business/schedule/${String(id)}`, {
      sqlQueryId: statement,
      enabled: true,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    await expect.poll(() => logged(app), WAIT).toBeGreaterThanOrEqual(1);
    await stop(app, operator, id);
    const names = await app.dataSources.primary.knex(table).distinct('name');
    expect(names).toEqual([{ name: 'changed' }]);
  });
});
