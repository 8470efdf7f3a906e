import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { SYSTEM } from '../../src/db/table-names';
import { createSequence } from '../../src/services/sequences/sequence-store';
import { createHistoryTables, type HistoryTables } from '../helpers/history-tables';
import { apiClient } from '../helpers/metadata-api';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';
import { createUser, removeUsersAndRoles } from '../helpers/users';

/** One request the receiver got: its path and body. */
interface Received {
  path: string;
  raw: string;
  body: {
    eventId: string;
    action: string;
    change?: string;
    object?: string;
    table: string | null;
    dataSource: string;
    key: Record<string, unknown>;
    record: Record<string, unknown> | null;
    previous: Record<string, unknown> | null;
    user: { id: number | null; username: string | null };
  };
}

let receiver: Server;
let base = '';
const received: Received[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      received.push({ path: request.url ?? '', raw, body: JSON.parse(raw) as Received['body'] });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${String((receiver.address() as AddressInfo).port)}`;
});
afterAll(() => new Promise<void>((done) => receiver.close(() => done())));
beforeEach(() => {
  received.length = 0;
});

/** What the receiver got at `path`, as `action change object/table key`. */
const seen = (path: string): string[] =>
  received
    .filter((one) => one.path === path)
    .map(({ body }) =>
      [body.action, body.change, body.object ?? body.table, JSON.stringify(body.key)].join(' '),
    );

describeEachDatabase('webhooks: schema, user and permission events ($name)', (db) => {
  const apps = useTestApps(db);
  const setUp = async (): Promise<HistoryTables> => {
    const config = apps.config({
      webhooks: {
        allowPrivate: '127.0.0.1',
        timeoutMs: 2000,
        retrySeconds: 60,
        retryBaseMs: 50,
        pollMs: 100,
      },
    });
    const tables = await createHistoryTables({ ...apps, build: (options) => apps.build(options, config) });
    await tables.knex(SYSTEM.webhook).delete();
    await removeUsersAndRoles(tables.knex);
    return tables;
  };
  const addWebhook = async (client: HistoryTables['admin'], body: Record<string, unknown>) => {
    const made = await client.post('/api/business/webhook', { name: 'w', url: `${base}/all`, ...body });
    expect(made.statusCode, made.body).toBe(201);
    return Number(made.body);
  };

  it('sends a committed schema change with the metadata before and after; a failed or rolled-back one sends nothing', async () => {
    const tables = await setUp();
    const { admin, knex, order } = tables;
    await addWebhook(admin, { tables: '*', actions: 'schema' });
    // listing purchase only: hears of it, not of other tables
    await addWebhook(admin, { tables: 'purchase', actions: 'schema,create', url: `${base}/purchase` });

    const made = await admin.post('/api/metadata/tables', {
      name: 'gadget',
      caption: '小工具',
      columns: [
        { name: 'id', caption: 'ID', dataType: 'BIGINT', indexType: 'PRIMARY', autoIncrement: true },
        { name: 'label', caption: '名称', dataType: 'VARCHAR', length: 40 },
      ],
    });
    expect(made.statusCode, made.body).toBe(201);
    await expect.poll(() => seen('/all')).toEqual(['schema create table {"name":"gadget"}']);
    const created = received[0]?.body;
    expect(created).toMatchObject({
      table: 'gadget',
      dataSource: 'primary',
      previous: null,
      user: { id: 1, username: 'superadmin' },
      record: { name: 'gadget', caption: '小工具' },
    });
    expect((created?.record?.columns as { name: string }[]).map((column) => column.name)).toEqual([
      'id',
      'label',
    ]);

    // a column added to purchase: both webhooks
    const stored = (await admin.get(`/api/metadata/tables/${String(order.id)}`)).json();
    const added = await admin.patch(`/api/metadata/tables/${String(order.id)}`, {
      columns: [...stored.columns, { name: 'color', caption: '颜色', dataType: 'VARCHAR', length: 20 }],
    });
    expect(added.statusCode, added.body).toBe(200);
    await expect.poll(() => seen('/purchase')).toEqual(['schema update table {"name":"purchase"}']);
    const update = received.find((one) => one.path === '/purchase')?.body;
    const names = (record: Record<string, unknown> | null | undefined) =>
      (record?.columns as { name: string }[]).map((column) => column.name);
    expect(names(update?.record)).toContain('color');
    expect(names(update?.previous)).not.toContain('color');

    // a unique index over duplicate values: the database refuses the change, nothing is sent
    for (const note of ['same', 'same'])
      expect((await admin.post('/api/business/purchase', { name: note, note })).statusCode).toBe(201);
    const current = (await admin.get(`/api/metadata/tables/${String(order.id)}`)).json();
    const refused = await admin.patch(`/api/metadata/tables/${String(order.id)}?confirmDataLoss=true`, {
      columns: current.columns.map((column: { name: string }) =>
        column.name === 'note' ? { ...column, indexType: 'UNIQUE' } : column,
      ),
    });
    expect(refused.statusCode, refused.body).toBeGreaterThanOrEqual(400);
    // the metadata rolled back with the change
    const after = (await admin.get(`/api/metadata/tables/${String(order.id)}`)).json();
    expect(after.columns.find((column: { name: string }) => column.name === 'note').indexType).not.toBe(
      'UNIQUE',
    );

    // a sequence made in a transaction that then rolls back: no sequence, no event
    await expect(
      knex.transaction(async (trx) => {
        await createSequence(trx, { name: 'doomedNo', sequenceType: 'LONG' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    // the same committed: an event
    await createSequence(knex, { name: 'keptNo', sequenceType: 'LONG' });

    // the table deleted: it and its relation from purchase (to purchaseLine) go
    const removed = await admin.delete(`/api/metadata/tables/${String(order.id)}`);
    expect(removed.statusCode, removed.body).toBe(204);
    await expect
      .poll(() => seen('/all'))
      .toEqual([
        'schema create table {"name":"gadget"}',
        'schema update table {"name":"purchase"}',
        'schema create sequence {"name":"keptNo"}',
        'schema delete table {"name":"purchase"}',
        'schema delete relation {"name":"lines"}',
      ]);
    const gone = received.filter((one) => one.path === '/all').at(-1)?.body;
    expect(gone).toMatchObject({ table: 'purchase', record: null, previous: { name: 'lines' } });
    // purchase's own records were created before: those two, then its schema changes only
    await expect
      .poll(() => seen('/purchase').filter((line) => line.startsWith('schema')))
      .toEqual([
        'schema update table {"name":"purchase"}',
        'schema delete table {"name":"purchase"}',
        'schema delete relation {"name":"lines"}',
      ]);
    expect(
      (await knex(SYSTEM.webhookDelivery).where('action', 'schema')).every(
        (row: Record<string, unknown>) => row.status === 'delivered' || row.status === 'pending',
      ),
    ).toBe(true);
  });

  it('sends user and permission changes without passwords, to owners who may read them', async () => {
    const tables = await setUp();
    const { app, admin, knex } = tables;
    await addWebhook(admin, { tables: '*', actions: 'user,permission' });
    // an owner who may manage webhooks but not read users
    await createUser(app, {
      username: 'hooker',
      password: 'Hooker-pass-1',
      roles: { ROLE_HOOKER: 'webhook:manage' },
    });
    const hooker = apiClient(app, (await login(app, 'hooker', 'Hooker-pass-1')).cookie);
    const blind = await addWebhook(hooker, { tables: '*', actions: 'user', url: `${base}/blind` });
    received.length = 0;

    const made = await admin.post('/api/business/user', {
      username: 'newcomer',
      realname: '新人',
      password: 'Newcomer-secret-9',
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = Number(made.body);
    const disabled = await admin.patch(`/api/business/user/${String(id)}`, {
      enabled: false,
      password: 'Another-secret-8',
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    const role = await admin.post('/api/business/role', {
      name: '只读',
      code: 'ROLE_READER',
      permissions: '',
    });
    expect(role.statusCode, role.body).toBe(201);

    await expect
      .poll(() => seen('/all'))
      .toEqual([
        `user create user {"id":${String(id)}}`,
        `user update user {"id":${String(id)}}`,
        `permission create role {"id":${role.body}}`,
      ]);
    const [create, update] = received.filter((one) => one.path === '/all');
    expect(create?.body).toMatchObject({
      dataSource: 'primary',
      record: { id, username: 'newcomer', realname: '新人', enabled: true },
      previous: null,
      user: { id: 1, username: 'superadmin' },
    });
    expect(update?.body).toMatchObject({
      record: { id, enabled: false },
      previous: { id, enabled: true },
    });
    const hash = String((await knex(SYSTEM.user).where('id', id).first()).password);
    for (const one of received) {
      expect(one.raw).not.toContain('secret');
      expect(one.raw).not.toContain(hash);
      expect(one.body.record ?? {}).not.toHaveProperty('password');
      expect(one.body.previous ?? {}).not.toHaveProperty('password');
    }
    // the owner who may not read users was told nothing
    expect(seen('/blind')).toEqual([]);
    expect(await knex(SYSTEM.webhookDelivery).where('webhookId', blind)).toEqual([]);

    // a refused user write (a taken username) sends nothing
    const taken = await admin.post('/api/business/user', {
      username: 'newcomer',
      password: 'Whatever-pass-7',
    });
    expect(taken.statusCode).toBe(409);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen('/all')).toHaveLength(3);
  });
});
