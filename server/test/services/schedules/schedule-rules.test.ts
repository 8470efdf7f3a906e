/** Saving schedules through the business API: the rules of the `schedule` table, and who may. */
import { expect, it } from 'vitest';
import type { App, BuildOptions } from '../../../src/app';
import activity from '../../../src/extensions/activity/index';
import { defineServerExtension } from '../../../src/extensions/sdk';
import { SYSTEM } from '../../../src/db/table-names';
import { serverTimeZone } from '../../../src/services/schedules/schedule-rules';
import { apiClient, type ApiClient } from '../../helpers/metadata-api';
import { login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';
import { createUser } from '../../helpers/users';

const SECRET = 'schedule-secret-0123456789';

/** An extension offering a task that must never run here (the runner is off). */
const ledger = defineServerExtension({
  name: 'ledger',
  tasks: [
    {
      name: 'closeMonth',
      label: { 'zh-CN': '月结', 'en-US': 'Close the month' },
      run: () => Promise.reject(new Error('not run by saving')),
    },
  ],
});
const URL_OK = 'http://127.0.0.1:9/hook';

describeEachDatabase('schedules: the rules of the schedule table ($name)', (db) => {
  const apps = useTestApps(db);

  /** An app that runs no schedule (its runner off) and may call 127.0.0.1; its super admin signed in. */
  const setUp = async (options: BuildOptions = {}): Promise<{ app: App; admin: ApiClient }> => {
    const app = await apps.build(
      options,
      apps.config({
        schedules: { pollMs: 0 },
        webhooks: {
          allowPrivate: '127.0.0.1',
          timeoutMs: 2000,
          retrySeconds: 60,
          retryBaseMs: 50,
          pollMs: 0,
        },
      }),
    );
    const knex = app.dataSources.primary.knex;
    await knex(SYSTEM.schedule).delete();
    await knex(SYSTEM.sqlQuery).delete();
    return { app, admin: apiClient(app, (await login(app)).cookie) };
  };
  const count = async (app: App, table: string): Promise<number> =>
    Number((await app.dataSources.primary.knex(table).count({ n: '*' }).first())?.n);
  const saveStatement = async (admin: ApiClient, sql = 'SELECT 1'): Promise<number> => {
    const made = await admin.post('/api/business/sqlQuery', { name: `q${String(Math.random())}`, sql });
    expect(made.statusCode, made.body).toBe(201);
    return Number(made.body);
  };

  it("saves a schedule: the secret never read back; the creator its owner, the server's time zone by default", async () => {
    const { app, admin } = await setUp();
    const before = Date.now();
    const made = await admin.post('/api/business/schedule', {
      name: '每分钟',
      cron: '* * * * *',
      url: URL_OK,
      secret: SECRET,
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = Number(made.body);
    const read = await admin.get(`/api/business/schedule/${String(id)}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.body).not.toContain(SECRET);
    expect(read.json()).not.toHaveProperty('signingSecret');
    expect(read.json()).not.toHaveProperty('sqlDigest');
    expect(read.json()).not.toHaveProperty('activeSince');
    expect(read.json()).toMatchObject({
      action: 'webhook',
      method: 'POST',
      maxMissed: 1,
      enabled: true,
      timeZone: serverTimeZone(),
      ownerId: 1,
    });
    const stored = await app.dataSources.primary.knex(SYSTEM.schedule).where('id', id).first();
    expect(stored.signingSecret).toBe(SECRET);
    expect(Number(stored.activeSince)).toBeGreaterThanOrEqual(before - 1000);
    // audited, the secret by name only
    const audit = await admin.get('/api/audit?action=scheduleChange');
    expect(audit.statusCode, audit.body).toBe(200);
    const entries = audit.json() as {
      action: string;
      table: string;
      detail: { operation: string; key: string; fields: string[] };
    }[];
    const created = entries.find((entry) => entry.detail.key === String(id));
    expect(created).toMatchObject({
      action: 'scheduleChange',
      table: 'schedule',
      detail: { operation: 'create' },
    });
    expect(created?.detail.fields).toContain('secret');
    expect(created?.detail.fields).not.toContain('signingSecret');
    expect(audit.body).not.toContain(SECRET);

    // six fields (seconds first) and a named time zone
    const seconds = await admin.post('/api/business/schedule', {
      name: '工作日',
      cron: '0 30 9 * * 1-5',
      timeZone: 'Asia/Shanghai',
      url: URL_OK,
    });
    expect(seconds.statusCode, seconds.body).toBe(201);

    // enabled again after a pause: its ticks count from then, so none of the pause is missed
    const disabled = await admin.patch(`/api/business/schedule/${String(id)}`, { enabled: false });
    expect(disabled.statusCode, disabled.body).toBe(200);
    const paused = Number(
      (await app.dataSources.primary.knex(SYSTEM.schedule).where('id', id).first()).activeSince,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await admin.patch(`/api/business/schedule/${String(id)}`, { enabled: true })).statusCode).toBe(
      200,
    );
    const resumed = Number(
      (await app.dataSources.primary.knex(SYSTEM.schedule).where('id', id).first()).activeSince,
    );
    expect(resumed).toBeGreaterThan(paused);
  });

  it('refuses bad fields with a 400 naming each, and saves nothing', async () => {
    const { app, admin } = await setUp();
    const missing = 987_654;
    const cases: [Record<string, unknown>, string][] = [
      [{ cron: '* * * *' }, 'cron'],
      [{ cron: '* * * * * * *' }, 'cron'],
      [{ cron: '61 * * * *' }, 'cron'],
      [{ cron: 'every minute please' }, 'cron'],
      [{ cron: '@hourly' }, 'cron'],
      [{ cron: '0 0 30 2 *' }, 'cron'],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ action: 'shell' }, 'action'],
      [{ url: null }, 'url'],
      [{ url: 'http://192.168.1.20/hook' }, 'url'],
      [{ url: 'http://169.254.169.254/latest/meta-data/' }, 'url'],
      [{ url: 'ftp://example.com/' }, 'url'],
      [{ method: 'GET' }, 'method'],
      [{ headers: '{"X-Crudboard-Signature": "forged"}' }, 'headers'],
      [{ headers: 'not json' }, 'headers'],
      [{ maxMissed: -1 }, 'maxMissed'],
      [{ maxMissed: 101 }, 'maxMissed'],
      [{ action: 'sql', url: null }, 'sqlQueryId'],
      [{ action: 'sql', sqlQueryId: missing }, 'sqlQueryId'],
    ];
    for (const [body, field] of cases) {
      const made = await admin.post('/api/business/schedule', {
        name: 'x',
        cron: '*/5 * * * *',
        url: URL_OK,
        ...body,
      });
      expect(made.statusCode, `${JSON.stringify(body)}: ${made.body}`).toBe(400);
      expect(
        Object.keys((made.json() as { errors?: Record<string, unknown> }).errors ?? {}),
        made.body,
      ).toContain(field);
    }
    expect(await count(app, SYSTEM.schedule)).toBe(0);

    // an update is checked against what it leaves; a refused one changes nothing
    const made = await admin.post('/api/business/schedule', { name: 'ok', cron: '*/5 * * * *', url: URL_OK });
    expect(made.statusCode, made.body).toBe(201);
    for (const [body, field] of [
      [{ cron: '99 * * * *' }, 'cron'],
      [{ timeZone: 'Nowhere/Town' }, 'timeZone'],
      [{ action: 'sql' }, 'sqlQueryId'],
      [{ url: '' }, 'url'],
    ] as const) {
      const changed = await admin.patch(`/api/business/schedule/${made.body}`, body);
      expect(changed.statusCode, changed.body).toBe(400);
      expect(Object.keys((changed.json() as { errors?: Record<string, unknown> }).errors ?? {})).toContain(
        field,
      );
    }
    expect(
      await app.dataSources.primary.knex(SYSTEM.schedule).first('cron', 'timeZone', 'action', 'url'),
    ).toEqual({
      cron: '*/5 * * * *',
      timeZone: serverTimeZone(),
      action: 'webhook',
      url: URL_OK,
    });
    // runs are written by the servers alone
    expect(
      (await admin.post('/api/business/scheduleRun', { scheduleId: made.body, tick: 1, status: 'ok' }))
        .statusCode,
    ).toBe(403);
  });

  it('schedule:manage manages schedules and reads their runs; scheduling SQL also needs sql:execute, and makes its saver the owner', async () => {
    const { app, admin } = await setUp();
    const statement = await saveStatement(admin, 'SELECT 1');
    await createUser(app, {
      username: 'planner',
      password: 'Planner-pass-1',
      roles: { ROLE_PLANNER: 'schedule:manage' },
    });
    await createUser(app, {
      username: 'operator',
      password: 'Operator-pass-1',
      roles: { ROLE_OPERATOR: 'schedule:manage,sql:execute' },
    });
    await createUser(app, {
      username: 'clerk',
      password: 'Clerk-pass-1',
      roles: { ROLE_CLERK: 'business:*:read' },
    });
    const planner = apiClient(app, (await login(app, 'planner', 'Planner-pass-1')).cookie);
    const operator = apiClient(app, (await login(app, 'operator', 'Operator-pass-1')).cookie);
    const clerk = apiClient(app, (await login(app, 'clerk', 'Clerk-pass-1')).cookie);
    const knex = app.dataSources.primary.knex;
    const operatorId = Number((await knex(SYSTEM.user).where('username', 'operator').first()).id);
    const plannerId = Number((await knex(SYSTEM.user).where('username', 'planner').first()).id);

    const hook = await planner.post('/api/business/schedule', { name: 'h', cron: '0 * * * *', url: URL_OK });
    expect(hook.statusCode, hook.body).toBe(201);
    expect((await planner.get('/api/business/schedule')).statusCode).toBe(200);
    expect((await planner.get('/api/business/scheduleRun')).statusCode).toBe(200);
    expect(
      (await clerk.post('/api/business/schedule', { name: 'h', cron: '0 * * * *', url: URL_OK })).statusCode,
    ).toBe(403);

    // SQL needs sql:execute from whoever chooses the statement
    const refused = await planner.post('/api/business/schedule', {
      name: 's',
      cron: '0 * * * *',
      action: 'sql',
      sqlQueryId: statement,
    });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.body).toContain('sql:execute');
    const made = await operator.post('/api/business/schedule', {
      name: 's',
      cron: '0 * * * *',
      action: 'sql',
      sqlQueryId: statement,
    });
    expect(made.statusCode, made.body).toBe(201);
    const row = await knex(SYSTEM.schedule).where('id', Number(made.body)).first();
    expect(Number(row.ownerId)).toBe(operatorId);
    expect(row.sqlDigest).toMatch(/^[0-9a-f]{64}$/);
    // another's schedule: its timing may change; pointing it at another statement needs sql:execute
    expect(
      (await planner.patch(`/api/business/schedule/${made.body}`, { cron: '5 * * * *' })).statusCode,
    ).toBe(200);
    const other = await saveStatement(admin, 'SELECT 2');
    expect(
      (await planner.patch(`/api/business/schedule/${made.body}`, { sqlQueryId: other })).statusCode,
    ).toBe(403);
    expect(
      (await planner.patch(`/api/business/schedule/${made.body}`, { action: 'webhook', url: URL_OK }))
        .statusCode,
    ).toBe(200);
    expect(Number((await knex(SYSTEM.schedule).where('id', Number(made.body)).first()).ownerId)).toBe(
      operatorId,
    );
    // back to SQL, chosen by the super admin: the super admin owns it now
    expect(
      (await admin.patch(`/api/business/schedule/${made.body}`, { action: 'sql', sqlQueryId: other }))
        .statusCode,
    ).toBe(200);
    expect(Number((await knex(SYSTEM.schedule).where('id', Number(made.body)).first()).ownerId)).toBe(1);
    // its statement edited since: the same statement sent again by someone who may not run it
    // changes nothing of what runs (the rest of the edit is kept); by someone who may, approves it
    const digest = (await knex(SYSTEM.schedule).where('id', Number(made.body)).first()).sqlDigest;
    expect(
      (await admin.patch(`/api/business/sqlQuery/${String(other)}`, { sql: 'SELECT 3' })).statusCode,
    ).toBe(200);
    const resent = await planner.patch(`/api/business/schedule/${made.body}`, {
      sqlQueryId: other,
      enabled: false,
    });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(
      await knex(SYSTEM.schedule).where('id', Number(made.body)).first('ownerId', 'sqlDigest', 'enabled'),
    ).toMatchObject({
      sqlDigest: digest,
    });
    expect(Number((await knex(SYSTEM.schedule).where('id', Number(made.body)).first()).ownerId)).toBe(1);
    expect(
      (await operator.patch(`/api/business/schedule/${made.body}`, { sqlQueryId: other })).statusCode,
    ).toBe(200);
    const approved = await knex(SYSTEM.schedule).where('id', Number(made.body)).first();
    expect(Number(approved.ownerId)).toBe(operatorId);
    expect(approved.sqlDigest).not.toBe(digest);
    expect(plannerId).toBeGreaterThan(1);
  });

  it('the task action names a task an enabled extension offers: unknown or none is a 400 listing them; whoever chooses it owns the schedule', async () => {
    const { app, admin } = await setUp({ extensions: [activity, ledger] });
    const knex = app.dataSources.primary.knex;
    const { cookie } = await login(app);
    const english = apiClient(app, cookie, { 'accept-language': 'en' });
    const chinese = apiClient(app, cookie, { 'accept-language': 'zh-CN' });
    const body = { name: '月结', cron: '0 2 1 * *', action: 'task' };
    const available = 'activity:prune, ledger:closeMonth';
    for (const [task, en, zh] of [
      [
        'ledger:reopen',
        `extension task ledger:reopen does not exist; available tasks: ${available}`,
        `扩展任务 ledger:reopen 不存在；可用的任务：${available}`,
      ],
      ['closeMonth', 'extension task closeMonth does not exist', '扩展任务 closeMonth 不存在'],
      [
        null,
        `a task action needs an extension task; available tasks: ${available}`,
        'task 动作需要选择一个扩展任务',
      ],
    ] as const) {
      const refusedEn = await english.post('/api/business/schedule', { ...body, task });
      expect(refusedEn.statusCode, refusedEn.body).toBe(400);
      expect((refusedEn.json() as { errors: Record<string, string> }).errors.task).toContain(en);
      const refusedZh = await chinese.post('/api/business/schedule', { ...body, task });
      expect(refusedZh.statusCode, refusedZh.body).toBe(400);
      expect((refusedZh.json() as { errors: Record<string, string> }).errors.task).toContain(zh);
    }
    expect(await count(app, SYSTEM.schedule)).toBe(0);

    // a known one saves, and reads back
    const made = await admin.post('/api/business/schedule', { ...body, task: 'ledger:closeMonth' });
    expect(made.statusCode, made.body).toBe(201);
    const read = await admin.get(`/api/business/schedule/${made.body}`);
    expect(read.json()).toMatchObject({ action: 'task', task: 'ledger:closeMonth', ownerId: 1 });

    // changed to another task by another manager: checked, and they own it now
    await createUser(app, {
      username: 'monthly',
      password: 'Monthly-pass-1',
      roles: { ROLE_MONTHLY: 'schedule:manage' },
    });
    const planner = apiClient(app, (await login(app, 'monthly', 'Monthly-pass-1')).cookie);
    const plannerId = Number((await knex(SYSTEM.user).where('username', 'monthly').first()).id);
    const unknown = await planner.patch(`/api/business/schedule/${made.body}`, { task: 'ledger:nope' });
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(Object.keys((unknown.json() as { errors: Record<string, string> }).errors)).toEqual(['task']);
    const cron = await planner.patch(`/api/business/schedule/${made.body}`, { cron: '0 3 1 * *' });
    expect(cron.statusCode, cron.body).toBe(200);
    expect(Number((await knex(SYSTEM.schedule).where('id', Number(made.body)).first()).ownerId)).toBe(1);
    const moved = await planner.patch(`/api/business/schedule/${made.body}`, { task: 'activity:prune' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await knex(SYSTEM.schedule).where('id', Number(made.body)).first('task')).toEqual({
      task: 'activity:prune',
    });
    expect(Number((await knex(SYSTEM.schedule).where('id', Number(made.body)).first()).ownerId)).toBe(
      plannerId,
    );
    // a webhook schedule turned into a task one needs its task too
    const hook = await admin.post('/api/business/schedule', { name: 'h', cron: '0 * * * *', url: URL_OK });
    expect(hook.statusCode, hook.body).toBe(201);
    const noTask = await admin.patch(`/api/business/schedule/${hook.body}`, { action: 'task' });
    expect(noTask.statusCode, noTask.body).toBe(400);
    expect(Object.keys((noTask.json() as { errors: Record<string, string> }).errors)).toEqual(['task']);
  });

  it('without an extension offering a task, the task action is refused saying so', async () => {
    const { app } = await setUp({ extensions: [] });
    const english = apiClient(app, (await login(app)).cookie, { 'accept-language': 'en' });
    const refused = await english.post('/api/business/schedule', {
      name: 'x',
      cron: '0 2 * * *',
      action: 'task',
      task: 'activity:prune',
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect((refused.json() as { errors: Record<string, string> }).errors).toEqual({
      task: 'no enabled extension offers a task, so the task action cannot be used',
    });
  });
});
