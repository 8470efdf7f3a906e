import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../src/app';
import { SYSTEM } from '../../src/db/table-names';
import { createPurchaseTables } from '../helpers/history-tables';
import { apiClient } from '../helpers/metadata-api';
import { clearTables } from '../helpers/physical-schema';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';
import { buildTwoInstances } from '../helpers/two-instances';
import { deliverDue } from '../../src/services/webhooks/deliver-due';

/** What the receiver got: event id, record key and amount, in arrival order. */
const received: { eventId: string; key: number; amount: unknown; at: number }[] = [];
let receiver: Server;
let url = '';
/** What the receiver answers. */
let answer = 204;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const body = JSON.parse(raw) as { eventId: string; key: { id: number }; record: { amount?: unknown } };
      received.push({ eventId: body.eventId, key: body.key.id, amount: body.record.amount, at: Date.now() });
      response.writeHead(answer).end();
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${String((receiver.address() as AddressInfo).port)}/hook`;
});
afterAll(() => new Promise<void>((done) => receiver.close(() => done())));

const WEBHOOKS = {
  allowPrivate: '127.0.0.1',
  timeoutMs: 2000,
  retrySeconds: 60,
  retryBaseMs: 50,
  pollMs: 50,
};

describeEachDatabase(
  'webhook deliveries from two servers on one database ($name)',
  (db) => {
    const apps = useTestApps(db);

    /** A server whose delivery loop is off. */
    const quiet = () => apps.config({ webhooks: { ...WEBHOOKS, pollMs: 0 } });
    const setUp = async (): Promise<{ a: App; b: App }> => {
      await clearTables((await apps.build({}, quiet())).dataSources.primary.knex);
      const { a, b } = await buildTwoInstances(apps, { webhooks: WEBHOOKS });
      const knex = a.dataSources.primary.knex;
      await knex(SYSTEM.webhook).delete();
      const admin = apiClient(a, (await login(a)).cookie);
      await createPurchaseTables(admin, knex);
      received.length = 0;
      return { a, b };
    };

    it('both servers deliver: every event exactly once, each record in the order written', async () => {
      const { a, b } = await setUp();
      const onA = apiClient(a, (await login(a)).cookie);
      const onB = apiClient(b, (await login(b)).cookie);
      const made = await onA.post('/api/business/webhook', {
        name: 'all',
        tables: 'purchase',
        actions: 'create,update',
        url,
        secret: 's',
      });
      expect(made.statusCode, made.body).toBe(201);
      // writes from both servers: 20 records, each updated 4 times, spread over A and B
      const keys: number[] = [];
      for (let i = 0; i < 20; i += 1) {
        const created = await (i % 2 === 0 ? onA : onB).post('/api/business/purchase', {
          name: `r${String(i)}`,
          amount: 0,
        });
        expect(created.statusCode, created.body).toBe(201);
        keys.push(Number(created.body));
      }
      await Promise.all(
        keys.map(async (key, i) => {
          for (let amount = 1; amount <= 4; amount += 1) {
            const changed = await ((i + amount) % 2 === 0 ? onA : onB).patch(
              `/api/business/purchase/${String(key)}`,
              {
                amount,
              },
            );
            expect(changed.statusCode, changed.body).toBe(200);
          }
        }),
      );
      await expect.poll(() => received.length, { timeout: 20_000 }).toBe(100);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(received).toHaveLength(100);
      expect(new Set(received.map((one) => one.eventId)).size).toBe(100);
      for (const key of keys)
        expect(received.filter((one) => one.key === key).map((one) => one.amount)).toEqual([0, 1, 2, 3, 4]);
      // Each outcome is recorded once the receiver's answer has reached its server.
      await expect
        .poll(async () => {
          const stored = await a.dataSources.primary
            .knex(SYSTEM.webhookDelivery)
            .where('webhookId', Number(made.body))
            .select('status', 'attempts');
          return (
            stored.length === 100 &&
            stored.every(
              (row: { status: string; attempts: unknown }) =>
                row.status === 'delivered' && Number(row.attempts) === 1,
            )
          );
        })
        .toBe(true);
    });

    it('a server that died holding a lease: its deliveries wait for the lease to run out, then another server sends them', async () => {
      // a server that writes but delivers nothing (its loop off) stands for the dead one's database
      await clearTables((await apps.build({}, quiet())).dataSources.primary.knex);
      const writer = await apps.build({}, quiet());
      const knex = writer.dataSources.primary.knex;
      await knex(SYSTEM.webhook).delete();
      const admin = apiClient(writer, (await login(writer)).cookie);
      await createPurchaseTables(admin, knex);
      received.length = 0;
      const made = await admin.post('/api/business/webhook', {
        name: 'all',
        tables: 'purchase',
        actions: 'create',
        url,
        secret: 's',
      });
      expect(made.statusCode, made.body).toBe(201);
      for (let i = 0; i < 3; i += 1)
        expect(
          (await admin.post('/api/business/purchase', { name: `d${String(i)}`, amount: i })).statusCode,
        ).toBe(201);
      // the dead server had claimed them, then was killed before it sent anything
      const leaseUntil = Date.now() + 1500;
      await knex(SYSTEM.webhookDelivery).update({ leaseOwner: 'dead-server:1', leaseUntil });
      const settings = {
        allow: writer.webhookAllowList,
        timeoutMs: 2000,
        retrySeconds: 60,
        retryBaseMs: 50,
        instance: 'live-server',
        batch: 32,
        concurrency: 8,
      };
      expect(await deliverDue(knex, settings)).toBe(0);
      expect(received).toHaveLength(0);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, leaseUntil - Date.now() + 50)));
      expect(await deliverDue(knex, settings)).toBe(3);
      expect(received.map((one) => one.amount)).toEqual([0, 1, 2]);
      const stored = await knex(SYSTEM.webhookDelivery).select('status', 'leaseOwner');
      expect(stored).toEqual([0, 1, 2].map(() => ({ status: 'delivered', leaseOwner: null })));
      // nothing left: another round claims nothing, and nothing is sent twice
      expect(await deliverDue(knex, settings)).toBe(0);
      expect(received).toHaveLength(3);
    });

    it('a round that read a delivery as due while another server tried it and failed does not send it again before its wait', async () => {
      await clearTables((await apps.build({}, quiet())).dataSources.primary.knex);
      const writer = await apps.build({}, quiet());
      const knex = writer.dataSources.primary.knex;
      await knex(SYSTEM.webhook).delete();
      const admin = apiClient(writer, (await login(writer)).cookie);
      await createPurchaseTables(admin, knex);
      received.length = 0;
      const made = await admin.post('/api/business/webhook', {
        name: 'all',
        tables: 'purchase',
        actions: 'create',
        url,
        secret: 's',
      });
      expect(made.statusCode, made.body).toBe(201);
      expect((await admin.post('/api/business/purchase', { name: 'r', amount: 1 })).statusCode).toBe(201);
      const settings = (instance: string) => ({
        allow: writer.webhookAllowList,
        timeoutMs: 2000,
        retrySeconds: 600,
        retryBaseMs: 60_000,
        instance,
        batch: 32,
        concurrency: 8,
      });
      // server B reads the due heads, then waits before it claims them
      let open = (): void => undefined;
      const gate = new Promise<void>((done) => (open = done));
      let first = true;
      const slow = new Proxy(knex, {
        apply: (target, self, args: unknown[]) => {
          const builder = Reflect.apply(target, self, args) as Knex.QueryBuilder;
          if (first) {
            first = false;
            const then = builder.then.bind(builder);
            Object.assign(builder, {
              then: (ok: (rows: unknown) => unknown, fail: (error: unknown) => unknown) =>
                then(async (rows: unknown) => {
                  await gate;
                  return rows;
                }).then(ok, fail),
            });
          }
          return builder;
        },
      });
      answer = 500;
      try {
        const b = deliverDue(slow, settings('server-b'));
        await expect.poll(() => first).toBe(false);
        // meanwhile server A sends it, the receiver fails, and A sets it to wait a minute
        expect(await deliverDue(knex, settings('server-a'))).toBe(1);
        expect(received).toHaveLength(1);
        open();
        expect(await b).toBe(0);
        expect(received).toHaveLength(1);
        const [stored] = (await knex(SYSTEM.webhookDelivery).select('status', 'attempts')) as {
          status: string;
          attempts: unknown;
        }[];
        expect({ status: stored?.status, attempts: Number(stored?.attempts) }).toEqual({
          status: 'failed',
          attempts: 1,
        });
      } finally {
        answer = 204;
        open();
      }
    });
  },
  (db) => db.name !== 'sqlite',
);
