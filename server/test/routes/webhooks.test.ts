import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { SYSTEM } from '../../src/db/table-names';
import { createHistoryTables, type HistoryTables } from '../helpers/history-tables';
import { apiClient } from '../helpers/metadata-api';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';
import { createUser } from '../helpers/users';

/** One request the receiver got. */
interface Received {
  headers: IncomingHttpHeaders;
  raw: string;
  body: {
    eventId: string;
    action: string;
    table: string;
    dataSource: string;
    key: Record<string, unknown>;
    record: Record<string, unknown> | null;
    previous: Record<string, unknown> | null;
    user: { id: number | null; username: string | null };
    at: string;
  };
}

let receiver: Server;
let base = '';
const received: Received[] = [];
/** What the receiver answers next (a status); 200 once the list is empty. */
const answers: number[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const status = answers.shift() ?? 200;
      if (status < 300)
        received.push({ headers: request.headers, raw, body: JSON.parse(raw) as Received['body'] });
      response
        .writeHead(status, { 'content-type': 'text/plain' })
        .end(status < 300 ? 'thanks' : 'down for now');
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

const SECRET = 'whsec-test-0123456789';

/** Deliveries as stored, oldest first. */
const deliveriesOf = async (tables: HistoryTables): Promise<Record<string, unknown>[]> =>
  tables.knex(SYSTEM.webhookDelivery).orderBy('id').select('*');

describeEachDatabase('webhooks: an outbox written with the change, delivered signed ($name)', (db) => {
  const apps = useTestApps(db);
  /** The purchase tables, an app delivering quickly to private 127.0.0.1 (allowed), no webhooks yet. */
  const setUp = async (retrySeconds = 60): Promise<HistoryTables> => {
    const config = apps.config({
      webhooks: { allowPrivate: '127.0.0.1', timeoutMs: 2000, retrySeconds, retryBaseMs: 50, pollMs: 100 },
    });
    const tables = await createHistoryTables({ ...apps, build: (options) => apps.build(options, config) });
    await tables.knex(SYSTEM.webhook).delete();
    return tables;
  };
  const addWebhook = async (tables: HistoryTables, body: Record<string, unknown> = {}) => {
    const made = await tables.admin.post('/api/business/webhook', {
      name: '通知仓库',
      tables: 'purchase',
      actions: 'create,update,delete',
      url: `${base}/hook`,
      secret: SECRET,
      ...body,
    });
    expect(made.statusCode, made.body).toBe(201);
    return Number(made.body);
  };

  it('sends each committed change once, signed, with the record and its previous values; a refused write sends nothing', async () => {
    const tables = await setUp();
    const id = await addWebhook(tables);
    // the secret is never read back
    const read = await tables.admin.get(`/api/business/webhook/${String(id)}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.body).not.toContain(SECRET);
    expect(read.json()).not.toHaveProperty('secret');
    expect(read.json()).not.toHaveProperty('signingSecret');
    // audited, the secret by name only
    const audit = await tables.admin.get('/api/audit?action=webhookChange');
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.json()).toMatchObject([
      { action: 'webhookChange', table: 'webhook', detail: { operation: 'create', key: String(id) } },
    ]);
    expect((audit.json() as { detail: { fields: string[] } }[])[0]?.detail.fields).toContain('secret');
    expect(audit.body).not.toContain(SECRET);

    const made = await tables.admin.post('/api/business/purchase', { name: '一', amount: 5, pin: 'pin-9' });
    expect(made.statusCode, made.body).toBe(201);
    const key = Number(made.body);
    await expect.poll(() => received.length).toBe(1);
    const [created] = received;
    expect(created?.body).toMatchObject({
      action: 'create',
      table: 'purchase',
      dataSource: 'primary',
      key: { id: key },
      record: { id: key, name: '一', amount: 5 },
      previous: null,
      user: { id: 1, username: 'superadmin' },
    });
    expect(created?.raw).not.toContain('pin-9');
    expect(created?.body.record).not.toHaveProperty('pin');
    // the signature: HMAC-SHA256 of "<t>.<body>" with the secret
    const signature = String(created?.headers['x-crudboard-signature']);
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature) ?? [];
    expect(v1).toBe(
      createHmac('sha256', SECRET)
        .update(`${String(t)}.${String(created?.raw)}`)
        .digest('hex'),
    );
    expect(Math.abs(Number(t) - Date.now() / 1000)).toBeLessThan(60);
    expect(created?.headers['x-crudboard-event']).toBe(created?.body.eventId);

    const changed = await tables.admin.patch(`/api/business/purchase/${String(key)}`, { amount: 7 });
    expect(changed.statusCode, changed.body).toBe(200);
    await expect.poll(() => received.length).toBe(2);
    expect(received[1]?.body).toMatchObject({
      action: 'update',
      record: { id: key, name: '一', amount: 7 },
      previous: { id: key, name: '一', amount: 5 },
    });
    expect(received[1]?.body.eventId).not.toBe(created?.body.eventId);

    // refused by the database (a taken sku under the same write): rolled back, no event
    const refused = await tables.admin.post('/api/business/purchase', {
      name: '二',
      lines: [
        { name: 'a', sku: 'SAME' },
        { name: 'b', sku: 'SAME' },
      ],
    });
    expect(refused.statusCode).toBe(409);
    const removed = await tables.admin.delete(`/api/business/purchase/${String(key)}?isHardDelete=true`);
    expect(removed.statusCode, removed.body).toBe(204);
    await expect.poll(() => received.length).toBe(3);
    expect(received[2]?.body).toMatchObject({
      action: 'delete',
      record: null,
      previous: { id: key, amount: 7 },
    });
    // The receiver's answer is recorded once it has reached the server: after the receiver saw it.
    await expect
      .poll(async () =>
        (await deliveriesOf(tables)).map((row) => [
          row.action,
          row.status,
          Number(row.responseCode),
          Number(row.attempts),
        ]),
      )
      .toEqual([
        ['create', 'delivered', 200, 1],
        ['update', 'delivered', 200, 1],
        ['delete', 'delivered', 200, 1],
      ]);
    const stored = await deliveriesOf(tables);
    expect(stored[0]?.responseBody).toBe('thanks');
    // a table the webhook does not list sends nothing
    expect(received.every((one) => one.body.table === 'purchase')).toBe(true);
  });

  it('retries a failing receiver in the record order, then gives up into a dead letter that can be replayed', async () => {
    // retried for 3 s: the first delivery's two failures and their pauses (50 and 100 ms) fit
    // with room to spare on a loaded machine, and the dead letter below comes in seconds
    const tables = await setUp(3);
    const id = await addWebhook(tables, { actions: 'create,update' });
    answers.push(500, 500);
    const made = await tables.admin.post('/api/business/purchase', { name: '甲', amount: 1 });
    const key = Number(made.body);
    for (const amount of [2, 3])
      expect((await tables.admin.patch(`/api/business/purchase/${String(key)}`, { amount })).statusCode).toBe(
        200,
      );
    // two failures, then the three arrive in the order written
    await expect.poll(() => received.map((one) => one.body.record?.amount)).toEqual([1, 2, 3]);
    // recorded once each answer has reached the server, after the receiver saw the event
    await expect
      .poll(async () => (await deliveriesOf(tables)).map((row) => [row.status, Number(row.attempts)]))
      .toEqual([
        ['delivered', 3],
        ['delivered', 1],
        ['delivered', 1],
      ]);

    // a receiver down for longer than the retry time: a dead letter
    received.length = 0;
    answers.push(...Array.from({ length: 1000 }, () => 503));
    const gone = await tables.admin.post('/api/business/purchase', { name: '乙', amount: 9 });
    expect(gone.statusCode).toBe(201);
    await expect
      .poll(async () => (await deliveriesOf(tables)).at(-1)?.status, { timeout: 15_000 })
      .toBe('dead');
    const dead = (await deliveriesOf(tables)).at(-1);
    expect(String(dead?.lastError)).toContain('503');
    expect(Number(dead?.responseCode)).toBe(503);
    answers.length = 0;
    const replayed = await tables.admin.post(`/api/webhooks/${String(id)}/replay`, undefined);
    expect(replayed.statusCode, replayed.body).toBe(200);
    expect(replayed.json()).toEqual({ replayed: 1 });
    await expect.poll(() => received.map((one) => one.body.record?.name)).toEqual(['乙']);
    expect(received[0]?.body.eventId).toBe(JSON.parse(String(dead?.payload)).eventId);
    // one delivery sent again by its id
    const again = await tables.admin.post(`/api/webhooks/deliveries/${String(dead?.id)}/replay`, undefined);
    expect(again.json()).toEqual({ replayed: 1 });
    await expect.poll(() => received.length).toBe(2);
    expect(received[1]?.body.eventId).toBe(received[0]?.body.eventId);
    expect((await tables.admin.post('/api/webhooks/deliveries/999999/replay', undefined)).statusCode).toBe(
      404,
    );
  });

  it('refuses addresses a webhook may not reach, and bad fields, with 400 and nothing saved', async () => {
    const tables = await setUp();
    const cases: [Record<string, unknown>, string][] = [
      [{ url: 'http://169.254.169.254/latest/meta-data/' }, 'url'],
      [{ url: 'http://192.168.1.20/hook' }, 'url'],
      [{ url: 'http://[::1]/hook' }, 'url'],
      [{ url: 'ftp://example.com/' }, 'url'],
      [{ url: 'http://user:pw@127.0.0.1/' }, 'url'],
      [{ method: 'GET' }, 'method'],
      [{ actions: 'create,explode' }, 'actions'],
      [{ tables: 'purchase;drop' }, 'tables'],
      [{ headers: '{"Host": "evil"}' }, 'headers'],
      [{ headers: '[1]' }, 'headers'],
      [{ condition: '{not json' }, 'condition'],
      [{ condition: '{"columnName": "nosuch", "operatorType": "EQ", "values": [1]}' }, 'condition'],
      [{ tables: 'purchase,nosuch' }, 'tables'],
    ];
    for (const [body, field] of cases) {
      const made = await tables.admin.post('/api/business/webhook', {
        name: 'x',
        tables: 'purchase',
        actions: 'create',
        url: `${base}/hook`,
        secret: SECRET,
        ...body,
      });
      expect(made.statusCode, JSON.stringify(body)).toBe(400);
      expect(
        Object.keys((made.json() as { errors?: Record<string, unknown> }).errors ?? {}),
        made.body,
      ).toContain(field);
    }
    expect(await tables.knex(SYSTEM.webhook).count({ n: '*' }).first()).toMatchObject({
      n: expect.anything(),
    });
    expect(Number((await tables.knex(SYSTEM.webhook).count({ n: '*' }).first())?.n)).toBe(0);
  });

  it('sends only the changes whose record meets the condition, tested on the record as written', async () => {
    const tables = await setUp();
    await addWebhook(tables, {
      actions: 'create,update',
      condition: JSON.stringify({ columnName: 'amount', operatorType: 'GT', values: [100] }),
    });
    const small = await tables.admin.post('/api/business/purchase', { name: '小', amount: 5 });
    const big = await tables.admin.post('/api/business/purchase', { name: '大', amount: 500 });
    expect([small.statusCode, big.statusCode]).toEqual([201, 201]);
    // the small one grows past 100: that update meets the condition
    await tables.admin.patch(`/api/business/purchase/${small.body}`, { amount: 101 });
    await expect
      .poll(() => received.map((one) => `${one.body.action} ${String(one.body.record?.name)}`))
      .toEqual(['create 大', 'update 小']);
    expect((await deliveriesOf(tables)).length).toBe(2);
  });

  it("carries only the columns the webhook's owner may read; a user without webhook:manage is refused", async () => {
    const tables = await setUp();
    const { app, knex, admin, order } = tables;
    await createUser(app, {
      username: 'hooker',
      password: 'Hooker-pass-1',
      roles: { ROLE_HOOKER: 'webhook:manage,business:purchase:read' },
    });
    const roleId = (await knex(SYSTEM.role).where('code', 'ROLE_HOOKER').first()).id;
    const amount = order.columns.find((column) => column.name === 'amount');
    const granted = await admin.post('/api/business/tablePermission', {
      tableId: order.id,
      roleId,
      permissions: '',
      columns: JSON.stringify([{ columnId: amount?.id, read: false, update: false }]),
    });
    expect(granted.statusCode, granted.body).toBe(201);
    const hooker = apiClient(app, (await login(app, 'hooker', 'Hooker-pass-1')).cookie);
    const made = await hooker.post('/api/business/webhook', {
      name: '只看名字',
      tables: '*',
      actions: 'create',
      url: `${base}/hook`,
      secret: SECRET,
    });
    expect(made.statusCode, made.body).toBe(201);
    await admin.post('/api/business/purchase', { name: '丙', amount: 4242 });
    await expect.poll(() => received.length).toBe(1);
    expect(received[0]?.body.record).toMatchObject({ name: '丙' });
    expect(received[0]?.raw).not.toContain('4242');
    // lines: the owner may not read that table, so the webhook is not told
    await admin.post('/api/business/purchaseLine', { name: 'l', sku: 'S-9' });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(received).toHaveLength(1);

    await createUser(app, {
      username: 'clerk',
      password: 'Clerk-pass-1',
      roles: { ROLE_CLERK: 'business:purchase:*' },
    });
    const clerk = apiClient(app, (await login(app, 'clerk', 'Clerk-pass-1')).cookie);
    expect((await clerk.get('/api/business/webhook')).statusCode).toBe(403);
    expect((await clerk.post('/api/webhooks/1/replay', undefined)).statusCode).toBe(403);
  });
});
