import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import notify from './index';
import { notificationOf, parseTables, shownError, targetOf, type NotifyBody } from './notify-body';
import { ApiException, defineServerExtension } from '../sdk';
import { apiClient, SYSTEM_COLUMNS, type ApiClient } from '../../../test/helpers/metadata-api';
import { multipartBody } from '../../../test/helpers/multipart';
import { createTable } from '../../../test/helpers/business-tables';
import { clearTables } from '../../../test/helpers/physical-schema';
import { login, useTestApps } from '../../../test/helpers/test-app';
import { userApi } from '../../../test/helpers/user-api';
import { describeEachDatabase } from '../../../test/helpers/test-databases';
import { removeUsersAndRoles } from '../../../test/helpers/users';

/** What the receiver got: one entry per call, the body as sent. */
interface Received {
  headers: IncomingHttpHeaders;
  raw: string;
  body: NotifyBody;
}

let receiver: Server;
let receiverUrl = '';
const received: Received[] = [];
/** The status the receiver answers with (a test may make it fail). */
let answerStatus = 204;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, raw, body: JSON.parse(raw) as NotifyBody });
      response.writeHead(answerStatus).end();
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  receiverUrl = `http://127.0.0.1:${String((receiver.address() as AddressInfo).port)}/hook?token=abc123`;
});
afterAll(() => new Promise<void>((done) => receiver.close(() => done())));

/** A port nothing listens on: a receiver that is down. */
const closedPortUrl = async (): Promise<string> => {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((done) => probe.close(() => done()));
  return `http://127.0.0.1:${String(port)}/down`;
};

const ENV_KEYS = ['URL', 'TABLES', 'SECRET', 'TIMEOUT_MS'].map((key) => `CRUDBOARD_EXT_NOTIFY_${key}`);

/** Sets the extension's variables for the next app build (the others unset). */
const configure = (values: Partial<Record<'URL' | 'TABLES' | 'SECRET' | 'TIMEOUT_MS', string>>) => {
  for (const key of ENV_KEYS) delete process.env[key];
  for (const [key, value] of Object.entries(values)) process.env[`CRUDBOARD_EXT_NOTIFY_${key}`] = value;
};

/**
 * A test extension undoing writes after notify has seen their records: `afterCreate` fails for a
 * product named `late`, `beforeCommit` for a write that reached `product` when a product named
 * `veto` exists by then.
 */
const guard = defineServerExtension({
  name: 'guard',
  hooks: [
    {
      tables: ['product'],
      afterCreate: ({ values }) => {
        if (values.name === 'late') throw new ApiException('CONFLICT');
      },
      beforeCommit: async ({ write }) => {
        if ((await write.db('product').where('name', 'veto').first()) !== undefined)
          throw new ApiException('CONFLICT', 'vetoed');
      },
    },
  ],
});

/** An .xlsx of one `name`, `qty` column pair per row. */
const workbook = async (rows: readonly (readonly [string, string | number])[]): Promise<Buffer> => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('data');
  sheet.addRow(['name', 'qty']);
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await book.xlsx.writeBuffer());
};

describe('notify bodies', () => {
  it('reads TABLES as names or every table', () => {
    expect(parseTables('')).toEqual([]);
    expect(parseTables(' product , order,,product ')).toEqual(['product', 'order']);
    expect(parseTables('product,*')).toBe('*');
  });

  it('keeps the changes of the configured tables only, and none is no body', () => {
    const event = {
      dataSource: 'primary',
      userId: 1,
      userName: '超级管理员',
      requestId: 'req-1',
      at: new Date(Date.UTC(2025, 0, 2, 3, 4, 5)),
      changes: [
        { table: 'product', key: { id: 1 }, action: 'create' as const, channel: 'api' as const, changes: [] },
        { table: 'secret', key: { id: 2 }, action: 'delete' as const, channel: 'api' as const, changes: [] },
      ],
    };
    expect(notificationOf(event, ['product'])).toEqual({
      dataSource: 'primary',
      userId: 1,
      userName: '超级管理员',
      requestId: 'req-1',
      at: '2025-01-02T03:04:05.000Z',
      changes: [event.changes[0]],
    });
    expect(notificationOf(event, '*')?.changes).toHaveLength(2);
    expect(notificationOf(event, ['order'])).toBeNull();
  });

  it('shows the origin of the target and errors without the URL or the secret', () => {
    expect(targetOf('https://hooks.example.com:8443/in?token=t')).toBe('https://hooks.example.com:8443');
    expect(shownError('failed for https://h/x?token=t with s3cret', ['https://h/x?token=t', 's3cret'])).toBe(
      'failed for … with …',
    );
  });
});

describeEachDatabase('change notifications extension ($name)', (db) => {
  const apps = useTestApps(db);

  beforeEach(() => {
    received.length = 0;
    answerStatus = 204;
  });
  afterEach(() => configure({}));

  const setup = async (extensions = [notify, guard]) => {
    const app = await apps.build({ extensions });
    const { cookie } = await login(app);
    const knex = app.dataSources.primary.knex;
    await clearTables(knex);
    await removeUsersAndRoles(knex);
    const admin = apiClient(app, cookie);
    const product = await createTable(admin, {
      name: 'product',
      columns: [...SYSTEM_COLUMNS, { name: 'qty', caption: '数量', dataType: 'INT' }],
    });
    await createTable(admin, { name: 'secret', columns: SYSTEM_COLUMNS });
    return { app, admin, knex, cookie, product };
  };

  const status = async (api: ApiClient) => {
    const answer = await api.get('/api/ext/notify/status');
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as Record<string, unknown>;
  };

  /** The receiver's count now, and again once everything pending has settled: the same. */
  /** Imports `rows` (name, qty) into `product` as the super admin: the answer. */
  const importRows = async (app: App, rows: readonly (readonly [string, string | number])[]) => {
    const { cookie } = await login(app);
    const { payload, headers } = multipartBody([
      { name: 'file', value: await workbook(rows), filename: 'data.xlsx' },
    ]);
    return app.inject({
      method: 'POST',
      url: '/api/business/product/import',
      payload,
      headers: { ...headers, cookie },
    });
  };

  const deliveredCount = async (): Promise<number> => {
    const now = received.length;
    await new Promise((settle) => setTimeout(settle, 50));
    expect(received.length).toBe(now);
    return now;
  };

  it('posts one body per committed create, update and multi-record write, with its changes', async () => {
    configure({ URL: receiverUrl, TABLES: 'product' });
    const { admin, app, product } = await setup();
    // creating the tables wrote metadata only: nothing was sent
    expect(received).toHaveLength(0);

    const created = await admin.post('/api/business/product', { name: 'a', qty: 1 });
    expect(created.statusCode, created.body).toBe(201);
    // afterCommit runs before the answer: the delivery is there as soon as the write has answered
    expect(received).toHaveLength(1);
    expect(await deliveredCount()).toBe(1);
    const id = Number(created.json());
    const first = received[0]?.body;
    expect(first).toMatchObject({ dataSource: 'primary', userId: 1, userName: '超级管理员' });
    expect(first?.test).toBeUndefined();
    expect(typeof first?.requestId).toBe('string');
    expect(Date.parse(first?.at ?? '')).not.toBeNaN();
    expect(first?.changes).toHaveLength(1);
    expect(first?.changes[0]).toMatchObject({
      table: 'product',
      key: { id },
      action: 'create',
      channel: 'api',
    });
    expect(first?.changes[0]?.changes).toContainEqual({ column: 'qty', new: 1 });
    expect(received[0]?.headers['content-type']).toBe('application/json');
    expect(received[0]?.headers['x-crudboard-signature']).toBeUndefined();

    received.length = 0;
    expect((await admin.patch(`/api/business/product/${String(id)}`, { qty: 2 })).statusCode).toBe(200);
    expect(await deliveredCount()).toBe(1);
    expect(received[0]?.body.changes).toEqual([
      {
        table: 'product',
        key: { id },
        action: 'update',
        channel: 'api',
        changes: [{ column: 'qty', old: 1, new: 2 }],
      },
    ]);
    // an update that changes nothing is no change
    expect((await admin.patch(`/api/business/product/${String(id)}`, { qty: 2 })).statusCode).toBe(200);
    expect(await deliveredCount()).toBe(1);

    // an import of three rows is one write: one body with the three creates
    received.length = 0;
    const imported = await importRows(app, [
      ['i1', 1],
      ['i2', 2],
      ['i3', 3],
    ]);
    expect(imported.statusCode, imported.body).toBe(201);
    expect(await deliveredCount()).toBe(1);
    expect(received[0]?.body.changes.map((change) => `${change.action} ${change.channel}`)).toEqual([
      'create import',
      'create import',
      'create import',
    ]);

    // the same with the table's history off: the hook still gets every create
    const off = await admin.patch(`/api/metadata/tables/${String(product.id)}`, { historyMode: 'off' });
    expect(off.statusCode, off.body).toBe(200);
    received.length = 0;
    const unrecorded = await importRows(app, [
      ['o1', 1],
      ['o2', 2],
    ]);
    expect(unrecorded.statusCode, unrecorded.body).toBe(201);
    expect(await deliveredCount()).toBe(1);
    expect(received[0]?.body.changes.map((change) => `${change.action} ${typeof change.key.id}`)).toEqual([
      'create number',
      'create number',
    ]);

    // a batch delete of two records is one write: one body with both deletes
    received.length = 0;
    const listed = await admin.get('/api/business/product?select=id&limit=2');
    const keys = (listed.json() as { id: number }[]).map((row) => Number(row.id));
    expect((await admin.delete('/api/business/product', keys)).statusCode).toBe(204);
    expect(await deliveredCount()).toBe(1);
    expect(
      received[0]?.body.changes.map((change) => `${change.action} ${String(change.key.id)}`).sort(),
    ).toEqual(keys.map((key) => `delete ${String(key)}`).sort());
    expect(await status(admin)).toMatchObject({ sent: 5, failed: 0, lastError: null });
  });

  it('sends nothing for a write that rolled back, nor for a failed all-or-nothing import', async () => {
    configure({ URL: receiverUrl, TABLES: '*' });
    const { admin, app, knex } = await setup();

    // refused after the insert by a later hook, and by beforeCommit: no record, no delivery
    expect((await admin.post('/api/business/product', { name: 'late' })).statusCode).toBe(409);
    const vetoed = await admin.post('/api/business/product', { name: 'veto' });
    expect(vetoed.statusCode).toBe(409);
    expect(vetoed.json().message).toBe('vetoed');
    expect(await deliveredCount()).toBe(0);
    expect(await knex('product').whereIn('name', ['late', 'veto']).first()).toBeUndefined();

    // an all-or-nothing import with a bad row inserts nothing and sends nothing
    const refused = await importRows(app, [
      ['fine', 1],
      ['bad', 'many'],
    ]);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(await deliveredCount()).toBe(0);
    expect(Number((await knex('product').count({ n: '*' }))[0]?.n)).toBe(0);
    // and an import failing in a hook (a row named late) likewise
    const undone = await importRows(app, [
      ['fine', 1],
      ['late', 2],
    ]);
    expect(undone.statusCode).toBeGreaterThanOrEqual(400);
    expect(await deliveredCount()).toBe(0);
    expect(Number((await knex('product').count({ n: '*' }))[0]?.n)).toBe(0);
    expect(await status(admin)).toMatchObject({ sent: 0, failed: 0, lastAt: null });

    // '*' is every table
    expect((await admin.post('/api/business/secret', { name: 's' })).statusCode).toBe(201);
    expect(await deliveredCount()).toBe(1);
    expect(received[0]?.body.changes[0]?.table).toBe('secret');
  });

  it('sends nothing for a table not configured, nor without a URL or tables', async () => {
    configure({ URL: receiverUrl, TABLES: 'product' });
    let { admin } = await setup();
    expect((await admin.post('/api/business/secret', { name: 's' })).statusCode).toBe(201);
    expect(await deliveredCount()).toBe(0);
    expect(await status(admin)).toMatchObject({ configured: true, tables: ['product'], sent: 0 });

    configure({ URL: receiverUrl });
    ({ admin } = await setup());
    expect((await admin.post('/api/business/product', { name: 'p' })).statusCode).toBe(201);
    expect(await deliveredCount()).toBe(0);
    expect(await status(admin)).toMatchObject({ configured: true, tables: [] });

    configure({ TABLES: '*' });
    ({ admin } = await setup());
    expect((await admin.post('/api/business/product', { name: 'p' })).statusCode).toBe(201);
    expect(await deliveredCount()).toBe(0);
    expect(await status(admin)).toEqual({
      configured: false,
      target: null,
      tables: '*',
      signed: false,
      timeoutMs: 5000,
      sent: 0,
      failed: 0,
      lastAt: null,
      lastError: null,
    });
    const test = await admin.post('/api/ext/notify/test', {});
    expect(test.statusCode).toBe(409);
    expect(test.json().message).toContain('CRUDBOARD_EXT_NOTIFY_URL');
  });

  it('keeps the write when the receiver is down or refuses, and counts the failure', async () => {
    configure({ URL: await closedPortUrl(), TABLES: 'product', TIMEOUT_MS: '2000' });
    const { admin, knex } = await setup();
    const created = await admin.post('/api/business/product', { name: 'kept' });
    expect(created.statusCode, created.body).toBe(201);
    expect(await knex('product').where('name', 'kept').first()).toBeDefined();
    const after = await status(admin);
    expect(after).toMatchObject({ configured: true, sent: 0, failed: 1 });
    expect(typeof after.lastAt).toBe('number');
    expect(after.lastError).toMatch(/ECONNREFUSED/);

    configure({ URL: receiverUrl, TABLES: 'product' });
    const again = await setup();
    answerStatus = 500;
    expect((await again.admin.post('/api/business/product', { name: 'kept too' })).statusCode).toBe(201);
    expect(await deliveredCount()).toBe(1);
    expect(await status(again.admin)).toMatchObject({ sent: 0, failed: 1, lastError: 'HTTP 500' });
    answerStatus = 204;
    expect((await again.admin.post('/api/business/product', { name: 'third' })).statusCode).toBe(201);
    // the counters start again with each server; the last call went through
    expect(await status(again.admin)).toMatchObject({ sent: 1, failed: 1, lastError: null });
  });

  it('signs each body with the secret as crudboard webhooks do, and shows no secret or query', async () => {
    const secret = 'notify-secret-42';
    configure({ URL: receiverUrl, TABLES: 'product', SECRET: secret });
    const { admin } = await setup();
    expect((await admin.post('/api/business/product', { name: 'signed' })).statusCode).toBe(201);
    expect(await deliveredCount()).toBe(1);
    const [delivery] = received;
    const header = String(delivery?.headers['x-crudboard-signature']);
    const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
    expect(match, header).not.toBeNull();
    const [, t = '', v1] = match ?? [];
    expect(
      createHmac('sha256', secret)
        .update(`${t}.${delivery?.raw ?? ''}`)
        .digest('hex'),
    ).toBe(v1);
    expect(
      createHmac('sha256', 'another')
        .update(`${t}.${delivery?.raw ?? ''}`)
        .digest('hex'),
    ).not.toBe(v1);
    expect(Math.abs(Number(t) - Date.now() / 1000)).toBeLessThan(60);

    const shown = await status(admin);
    expect(shown).toMatchObject({ configured: true, signed: true, target: new URL(receiverUrl).origin });
    expect(JSON.stringify(shown)).not.toContain('abc123');
    expect(JSON.stringify(shown)).not.toContain(secret);
    expect(JSON.stringify(shown)).not.toContain('/hook');
  });

  it('sends a test ping on request and answers 502 in the caller’s language when the receiver fails', async () => {
    configure({ URL: receiverUrl, TABLES: 'product' });
    const { admin, app, cookie } = await setup();
    const ping = await admin.post('/api/ext/notify/test', {});
    expect(ping.statusCode, ping.body).toBe(200);
    expect(ping.json()).toEqual({ delivered: true, status: 204 });
    expect(received).toHaveLength(1);
    expect(received[0]?.body).toMatchObject({ test: true, dataSource: 'primary', userId: 1, changes: [] });

    answerStatus = 503;
    const refused = await admin.post('/api/ext/notify/test', {});
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({ message: '接收方未接受测试通知：HTTP 503' });
    const english = await apiClient(app, cookie, { 'accept-language': 'en-US' }).post(
      '/api/ext/notify/test',
      {},
    );
    expect(english.statusCode).toBe(502);
    expect(english.json().message).toBe('The receiver did not accept the test notification: HTTP 503');
    expect(await status(admin)).toMatchObject({ sent: 1, failed: 2, lastError: 'HTTP 503' });
  });

  it('refuses /status and /test to a user without the codes', async () => {
    configure({ URL: receiverUrl, TABLES: 'product' });
    const { app } = await setup();
    const stranger = await userApi(app, 'stranger', 'business:product:read');
    expect((await stranger.get('/api/ext/notify/status')).statusCode).toBe(403);
    expect((await stranger.post('/api/ext/notify/test', {})).statusCode).toBe(403);
    const reader = await userApi(app, 'reader', 'ext:notify:read');
    expect((await reader.get('/api/ext/notify/status')).statusCode).toBe(200);
    expect((await reader.post('/api/ext/notify/test', {})).statusCode).toBe(403);
    const manager = await userApi(app, 'manager', 'ext:notify:manage');
    expect((await manager.post('/api/ext/notify/test', {})).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/ext/notify/status' })).statusCode).toBe(401);
    expect(received.map((delivery) => delivery.body.test)).toEqual([true]);
  });

  it('shows its routes in /api/docs', async () => {
    const { admin } = await setup([notify]);
    const docs = (await admin.get('/api/docs')).json() as { paths: Record<string, unknown> };
    expect(Object.keys(docs.paths).filter((path) => path.startsWith('/api/ext/notify/'))).toEqual([
      '/api/ext/notify/status',
      '/api/ext/notify/test',
    ]);
  });

  it('refuses to start with a URL holding a user or password, naming the variable only', async () => {
    configure({ URL: 'https://user:hunter2@hooks.example.com/in' });
    const failure = await apps.build({ extensions: [notify] }).then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    expect(failure?.message).toContain('CRUDBOARD_EXT_NOTIFY_URL');
    expect(failure?.message).not.toContain('hunter2');
  });
});
