import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { SYSTEM } from '../../src/db/table-names';
import { storedRevisions, createHistoryTables, type HistoryTables } from '../helpers/history-tables';
import { apiClient } from '../helpers/metadata-api';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';
import { createUser, removeUsersAndRoles } from '../helpers/users';
import {
  defineServerExtension,
  startFlows,
  type FlowStepContext,
  type ServerExtension,
} from '../../src/extensions/sdk';

/** What the receiver got: the bodies of webhook steps. */
const received: Record<string, unknown>[] = [];
let receiver: Server;
let base = '';
/** What the receiver answers next; 200 once the list is empty. */
const answers: number[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const status = answers.shift() ?? 200;
      if (status < 300) received.push(JSON.parse(raw) as Record<string, unknown>);
      response.writeHead(status).end(status < 300 ? 'ok' : 'down');
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${String((receiver.address() as AddressInfo).port)}`;
});
afterAll(() => new Promise<void>((done) => receiver.close(() => done())));
beforeEach(() => {
  received.length = 0;
  answers.length = 0;
});

const runsOf = async (tables: HistoryTables): Promise<Record<string, unknown>[]> =>
  tables.knex(SYSTEM.flowRun).orderBy('id').select('*');

describeEachDatabase('flows: a trigger and a few steps, run as their user ($name)', (db) => {
  const apps = useTestApps(db);
  const setUp = async (extensions?: readonly ServerExtension[]): Promise<HistoryTables> => {
    const config = apps.config({
      webhooks: { allowPrivate: '127.0.0.1', timeoutMs: 2000, retrySeconds: 60, retryBaseMs: 50, pollMs: 0 },
      flows: { pollMs: 100 },
      schedules: { pollMs: 100 },
    });
    const tables = await createHistoryTables({
      ...apps,
      build: (options) => apps.build({ ...options, ...(extensions ? { extensions } : {}) }, config),
    });
    await tables.knex(SYSTEM.flow).delete();
    await removeUsersAndRoles(tables.knex);
    return tables;
  };

  it('refuses a flow that could not run, naming the field, and saves nothing', async () => {
    const tables = await setUp();
    const cases: [Record<string, unknown>, string][] = [
      [{ trigger: 'sometimes', tableName: 'purchase' }, 'trigger'],
      [{ trigger: 'button' }, 'tableName'],
      [{ trigger: 'button', tableName: 'nothere' }, 'tableName'],
      [{ trigger: 'event', tableName: 'purchase', actions: 'paid' }, 'actions'],
      [{ trigger: 'button', tableName: 'purchase', steps: '[]' }, 'steps'],
      [{ trigger: 'button', tableName: 'purchase', steps: 'not json' }, 'steps'],
      [{ trigger: 'button', tableName: 'purchase', steps: '[{"kind":"explode"}]' }, 'steps'],
      [{ trigger: 'button', tableName: 'purchase', steps: '[{"kind":"update","values":{}}]' }, 'steps'],
      [{ trigger: 'button', tableName: 'purchase', steps: '[{"kind":"task","task":"none:here"}]' }, 'steps'],
      [
        {
          trigger: 'button',
          tableName: 'purchase',
          steps: '[{"kind":"webhook","url":"http://169.254.169.254/x"}]',
        },
        'steps',
      ],
      [{ trigger: 'schedule', steps: '[{"kind":"update","values":{"note":"x"}}]' }, 'steps'],
      [
        {
          trigger: 'button',
          tableName: 'purchase',
          condition: '{"columnName":"nothere","operatorType":"EQ","values":[1]}',
        },
        'condition',
      ],
    ];
    for (const [body, field] of cases) {
      const made = await tables.admin.post('/api/business/flow', {
        name: 'bad',
        steps: '[{"kind":"update","values":{"note":"x"}}]',
        ...body,
      });
      expect(made.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys((made.json() as { errors: Record<string, string> }).errors), made.body).toContain(
        field,
      );
    }
    expect(await tables.knex(SYSTEM.flow).count({ n: '*' }).first()).toMatchObject({ n: expect.anything() });
    expect(Number((await tables.knex(SYSTEM.flow).count({ n: '*' }).first())?.n)).toBe(0);
  });

  it('a button runs its steps on the chosen records as the user who pressed it: fields set from templates, a record created, a webhook sent', async () => {
    const tables = await setUp();
    const made = await tables.admin.post('/api/business/flow', {
      name: '发货',
      tableName: 'purchase',
      trigger: 'button',
      secret: 'flow-secret-1',
      steps: JSON.stringify([
        { kind: 'update', values: { note: '已发货 {{name}} by {{$user}}', amount: '{{amount}}' } },
        {
          kind: 'create',
          table: 'purchaseLine',
          values: { name: '{{name}} 的发货单', sku: 'S-{{id}}', purchaseId: '{{id}}' },
        },
        { kind: 'webhook', url: `${base}/warehouse` },
      ]),
    });
    expect(made.statusCode, made.body).toBe(201);
    const flowId = Number(made.body);
    const one = Number((await tables.admin.post('/api/business/purchase', { name: '甲', amount: 7 })).body);

    // a clerk who may read and update purchases and create lines sees the button and presses it
    await createUser(tables.app, {
      username: 'clerk',
      password: 'Clerk-pass-1',
      roles: { CLERK: 'business:purchase:read,business:purchase:update,business:purchaseLine:create' },
    });
    const clerk = apiClient(tables.app, (await login(tables.app, 'clerk', 'Clerk-pass-1')).cookie);
    const buttons = await clerk.get('/api/flows/buttons?table=purchase');
    expect(buttons.statusCode, buttons.body).toBe(200);
    expect(buttons.json()).toEqual([{ id: flowId, name: '发货' }]);
    const run = await clerk.post(`/api/flows/${String(flowId)}/run`, { keys: [String(one)] });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toMatchObject({ runs: [{ key: String(one), status: 'ok', step: null, error: null }] });

    const record = (await tables.admin.get(`/api/business/purchase/${String(one)}`)).json() as Record<
      string,
      unknown
    >;
    expect(record).toMatchObject({ note: '已发货 甲 by clerk', amount: 7 });
    const lines = await tables.knex(tables.line.tableName).select('sku', 'purchaseId');
    expect(lines).toEqual([{ sku: `S-${String(one)}`, purchaseId: expect.anything() }]);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      flowId,
      flow: '发货',
      trigger: 'button',
      table: 'purchase',
      key: String(one),
      record: { note: '已发货 甲 by clerk' },
      user: { username: 'clerk' },
    });
    const [stored] = await runsOf(tables);
    expect(stored).toMatchObject({
      status: 'ok',
      trigger: 'button',
      userName: 'clerk',
      recordKey: String(one),
    });
    // the write is the clerk's, through a flow
    const revisions = await storedRevisions(tables.knex);
    expect(revisions.filter((revision) => revision.channel === 'flow').map((r) => r.userName)).toEqual([
      'clerk',
      'clerk',
    ]);

    // a user who may read purchases only: the step is refused as their own request would be,
    // the run stops there and says why
    await createUser(tables.app, {
      username: 'reader',
      password: 'Reader-pass-1',
      roles: { READER: 'business:purchase:read' },
    });
    const reader = apiClient(tables.app, (await login(tables.app, 'reader', 'Reader-pass-1')).cookie);
    const refused = await reader.post(`/api/flows/${String(flowId)}/run`, { keys: [String(one)] });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toMatchObject({ runs: [{ status: 'failed', step: 1 }] });
    const failed = (await runsOf(tables)).at(-1);
    expect(failed).toMatchObject({ status: 'failed', step: 1, stepKind: 'update' });
    expect(JSON.parse(String(failed?.input))).toMatchObject({
      table: 'purchase',
      values: { note: '已发货 甲 by reader' },
    });
    // a user who may not read purchases sees no button and may not press it
    await createUser(tables.app, {
      username: 'other',
      password: 'Other-pass-1',
      roles: { OTHER: 'business:purchaseLine:read' },
    });
    const other = apiClient(tables.app, (await login(tables.app, 'other', 'Other-pass-1')).cookie);
    expect((await other.get('/api/flows/buttons?table=purchase')).json()).toEqual([]);
    expect((await other.post(`/api/flows/${String(flowId)}/run`, { keys: [String(one)] })).statusCode).toBe(
      403,
    );
    // bad presses change nothing
    expect((await clerk.post(`/api/flows/${String(flowId)}/run`, { keys: [] })).statusCode).toBe(400);
    expect((await clerk.post('/api/flows/999999/run', { keys: ['1'] })).statusCode).toBe(404);
    // a forged internal call is refused
    const forged = await tables.app.inject({
      method: 'GET',
      url: '/api/business/purchase',
      headers: { 'x-crudboard-internal-call': 'guessed-value' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it("an event starts its flow after the write commits, as the flow owner; the flow's own writes start no flow; a failing step stops the run and logs its input", async () => {
    const tables = await setUp();
    const made = await tables.admin.post('/api/business/flow', {
      name: '付款后待发货',
      tableName: 'purchase',
      trigger: 'event',
      actions: 'create,update',
      condition: JSON.stringify({ columnName: 'amount', operatorType: 'GE', values: [10] }),
      steps: JSON.stringify([
        { kind: 'update', values: { note: '待发货' } },
        { kind: 'webhook', url: `${base}/warehouse` },
      ]),
    });
    expect(made.statusCode, made.body).toBe(201);
    const small = Number((await tables.admin.post('/api/business/purchase', { name: '小', amount: 3 })).body);
    const big = Number((await tables.admin.post('/api/business/purchase', { name: '大', amount: 50 })).body);
    await expect.poll(async () => (await runsOf(tables)).map((run) => run.status)).toEqual(['ok']);
    const [run] = await runsOf(tables);
    expect(run).toMatchObject({ trigger: 'event', recordKey: String(big), userName: 'superadmin' });
    expect((await tables.admin.get(`/api/business/purchase/${String(big)}`)).json()).toMatchObject({
      note: '待发货',
    });
    expect((await tables.admin.get(`/api/business/purchase/${String(small)}`)).json()).toMatchObject({
      note: null,
    });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ trigger: 'event', record: { name: '大', note: '待发货' } });

    // the receiver fails: the run stops at step 2, with its input
    answers.push(500);
    await tables.admin.patch(`/api/business/purchase/${String(big)}`, { amount: 60 });
    await expect.poll(async () => (await runsOf(tables)).map((one) => one.status)).toEqual(['ok', 'failed']);
    const failed = (await runsOf(tables))[1];
    expect(failed).toMatchObject({ step: 2, stepKind: 'webhook' });
    expect(String(failed?.error)).toContain('HTTP 500');
    expect(JSON.parse(String(failed?.input))).toMatchObject({ url: `${base}/warehouse` });

    // a rolled-back write leaves no run
    const before = (await runsOf(tables)).length;
    const bad = await tables.admin.post('/api/business/purchase', { name: '坏', amount: 'many' });
    expect(bad.statusCode).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await runsOf(tables)).length).toBe(before);

    // a run waiting when its flow is disabled does not run: it fails saying so
    await tables.knex(SYSTEM.flowRun).insert({
      flowId: Number(made.body),
      trigger: 'event',
      recordKey: String(big),
      status: 'pending',
      userId: 1,
      createdDate: '2026-01-01 00:00:00',
      lastModifiedDate: '2026-01-01 00:00:00',
    });
    await tables.knex(SYSTEM.flow).where('id', Number(made.body)).update({ enabled: false });
    await expect
      .poll(async () => (await runsOf(tables)).at(-1)?.error)
      .toBe('the flow was disabled before this run started');
    expect((await tables.admin.get(`/api/business/purchase/${String(big)}`)).json()).toMatchObject({
      amount: 60,
    });
  });

  it("extensions add step kinds and triggers; a schedule runs a flow as the flow's owner", async () => {
    const seen: FlowStepContext[] = [];
    const notes = defineServerExtension({
      name: 'notes',
      flowSteps: [
        {
          kind: 'remember',
          label: { 'zh-CN': '记下', 'en-US': 'Remember' },
          run: async (context) => {
            seen.push(context);
            if (context.step.fail === true) throw new Error('cannot remember');
            return `remembered ${String(context.step.text)}`;
          },
        },
      ],
      flowTriggers: [{ name: 'ping', label: { 'zh-CN': '提醒', 'en-US': 'Ping' } }],
    });
    const tables = await setUp([notes]);
    const flow = await tables.admin.post('/api/business/flow', {
      name: '提醒',
      trigger: 'notes:ping',
      tableName: 'purchase',
      steps: JSON.stringify([
        { kind: 'notes:remember', text: '{{name}} by {{$user}}' },
        { kind: 'update', values: { note: 'pinged' } },
      ]),
    });
    expect(flow.statusCode, flow.body).toBe(201);
    const one = Number((await tables.admin.post('/api/business/purchase', { name: '乙', amount: 1 })).body);
    const ids = await startFlows(tables.knex, 'notes:ping', { key: String(one) });
    expect(ids).toHaveLength(1);
    await expect.poll(async () => (await runsOf(tables)).map((run) => run.status)).toEqual(['ok']);
    expect(seen[0]).toMatchObject({
      step: { kind: 'notes:remember', text: '乙 by superadmin' },
      table: 'purchase',
      key: String(one),
      record: { name: '乙' },
      user: { username: 'superadmin' },
    });
    expect((await tables.admin.get(`/api/business/purchase/${String(one)}`)).json()).toMatchObject({
      note: 'pinged',
    });
    // an unknown extension kind is refused at save
    const unknown = await tables.admin.post('/api/business/flow', {
      name: 'x',
      trigger: 'notes:pong',
      steps: JSON.stringify([{ kind: 'notes:remember' }]),
    });
    expect(unknown.statusCode, unknown.body).toBe(400);

    // a schedule's flow: only a flow with the schedule trigger may be named
    const scheduled = await tables.admin.post('/api/business/flow', {
      name: '每秒',
      trigger: 'schedule',
      steps: JSON.stringify([{ kind: 'notes:remember', text: 'tick {{tick}}' }]),
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const wrong = await tables.admin.post('/api/business/schedule', {
      name: 'wrong',
      cron: '* * * * * *',
      action: 'flow',
      flowId: Number(flow.body),
    });
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(Object.keys((wrong.json() as { errors: object }).errors)).toEqual(['flowId']);
    const schedule = await tables.admin.post('/api/business/schedule', {
      name: '每秒执行流程',
      cron: '* * * * * *',
      action: 'flow',
      flowId: Number(scheduled.body),
    });
    expect(schedule.statusCode, schedule.body).toBe(201);
    await expect
      .poll(
        async () =>
          (await runsOf(tables)).filter((run) => run.trigger === 'schedule' && run.status === 'ok').length,
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);
    const tick = seen.find((context) => String(context.step.text).startsWith('tick '));
    expect(tick?.step.text).toMatch(/^tick \d{4}-\d\d-\d\dT/);
    expect(tick?.user?.username).toBe('superadmin');
    await tables.admin.patch(`/api/business/schedule/${String(schedule.body)}`, { enabled: false });
  });
});
