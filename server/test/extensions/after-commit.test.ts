import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { ApiException, defineServerExtension, hookRecords } from '../../src/extensions/sdk';
import type { AfterCommitEvent, CommittedChange } from '../../src/extensions/write-hooks';
import { createHistoryTables, storedRevisions } from '../helpers/history-tables';
import { useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';

/** What the receiving end of the webhook got: one body per call. */
interface Delivery {
  hook: string;
  userId: number;
  requestId: string | null;
  changes: CommittedChange[];
  /** Whether the written records could be read from another connection when the hook ran. */
  visible: boolean;
}

let receiver: Server;
let url = '';
const deliveries: Delivery[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      deliveries.push(JSON.parse(body) as Delivery);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${String((receiver.address() as AddressInfo).port)}/hook`;
});
afterAll(() => new Promise<void>((done) => receiver.close(() => done())));
beforeEach(() => {
  deliveries.length = 0;
});

/**
 * An extension posting a webhook after each committed write: `all` watches every table, `lines`
 * only purchase lines; a purchase named `refuse` is refused by a later hook of the write, and the
 * `broken` hook fails for a purchase named `break` after the commit.
 */
const webhooks = defineServerExtension({
  name: 'webhooks',
  hooks: [
    {
      tables: ['purchase'],
      beforeCreate: ({ values }) => {
        if (values.name === 'refuse') throw new ApiException('VALIDATION_ERROR', '拒绝');
      },
    },
    ...(['all', 'lines'] as const).map((hook) => ({
      tables: hook === 'all' ? ('*' as const) : ['purchaseLine'],
      afterCommit: async (event: AfterCommitEvent) => {
        const sent = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            hook,
            userId: event.userId,
            requestId: event.requestId,
            changes: event.changes,
            visible: await visibleElsewhere(event.changes),
          }),
        });
        if (!sent.ok) throw new Error(`webhook answered ${String(sent.status)}`);
      },
    })),
    {
      tables: ['purchase'],
      afterCommit: ({ changes }) => {
        if (changes.some((change) => change.changes.some((c) => c.column === 'name' && c.new === 'break')))
          throw new Error('the mail server is down');
      },
    },
  ],
});

/** Set by each test: reads a purchase on the app's pool, another connection than the write's. */
let visibleElsewhere: (changes: readonly CommittedChange[]) => Promise<boolean> = async () => false;

/** How often `retried`'s beforeCommit ran, and the changes its afterCommit was given. */
const retries = { commits: 0, committed: [] as CommittedChange[][] };

/**
 * Its beforeCommit writes a purchase line of its own, then, the first time, fails as a write that
 * lost to a concurrent one does (MySQL's deadlock error 1213, a Galera node's lost certification
 * at COMMIT): the write is run again as a whole.
 */
const retried = defineServerExtension({
  name: 'retried',
  hooks: [
    {
      tables: ['purchase'],
      beforeCommit: async ({ write }) => {
        retries.commits += 1;
        await hookRecords(write, 'purchaseLine').create({ name: 'by hook', sku: `H-${retries.commits}` });
        if (retries.commits === 1)
          throw Object.assign(new Error('Deadlock found when trying to get lock'), { errno: 1213 });
      },
      afterCommit: ({ changes }) => void retries.committed.push([...changes]),
    },
  ],
});

describeEachDatabase('afterCommit hooks: a webhook per committed write ($name)', (db) => {
  const apps = useTestApps(db);

  it('delivers once per committed write, after the commit, with its changes; never for a rolled-back write', async () => {
    const { knex, admin } = await createHistoryTables(apps, { extensions: [webhooks] });
    visibleElsewhere = async (changes) => {
      const created = changes.find((change) => change.table === 'purchase' && change.action === 'create');
      return created ? (await knex('purchase').where('id', created.key.id).first()) !== undefined : true;
    };
    const made = await admin.post('/api/business/purchase', {
      name: '一',
      amount: 5,
      pin: 'secret-pin',
      lines: [
        { name: 'a', sku: 'S-1' },
        { name: 'b', sku: 'S-2' },
      ],
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(deliveries.map((delivery) => delivery.hook)).toEqual(['all', 'lines']);
    const [all, lines] = deliveries;
    expect(all?.visible).toBe(true);
    expect(all?.changes.map((change) => `${change.table} ${change.action} ${change.channel}`)).toEqual([
      'purchase create web',
      'purchaseLine create web',
      'purchaseLine create web',
    ]);
    expect(lines?.changes.map((change) => change.table)).toEqual(['purchaseLine', 'purchaseLine']);
    // The same request as its revisions; a password only as changed, never its value.
    const revisions = await storedRevisions(knex);
    expect(all?.requestId).toBe(revisions[0]?.requestId);
    expect(all?.userId).toBe(1);
    expect(JSON.stringify(deliveries)).not.toContain('secret-pin');
    expect(all?.changes[0]?.changes).toContainEqual({ column: 'pin', secret: true });

    // Refused by a hook of the write, and refused by the database (a taken sku): nothing delivered.
    deliveries.length = 0;
    expect((await admin.post('/api/business/purchase', { name: 'refuse' })).statusCode).toBe(400);
    const taken = await admin.post('/api/business/purchase', {
      name: '二',
      lines: [{ name: 'c', sku: 'S-1' }],
    });
    expect(taken.statusCode, taken.body).toBe(409);
    expect(deliveries).toEqual([]);

    // An update that changes nothing is no change; a batch delete is one write.
    expect((await admin.patch(`/api/business/purchase/${made.body}`, { amount: 5 })).statusCode).toBe(200);
    expect(deliveries).toEqual([]);
    expect((await admin.patch(`/api/business/purchase/${made.body}`, { amount: 6 })).statusCode).toBe(200);
    expect(deliveries.map((delivery) => delivery.changes)).toEqual([
      [
        {
          table: 'purchase',
          key: { id: Number(made.body) },
          action: 'update',
          changes: [{ column: 'amount', old: 5, new: 6 }],
          channel: 'web',
        },
      ],
    ]);
  });

  it('keeps the write when a hook fails after the commit, and goes on with the other hooks', async () => {
    const { knex, admin } = await createHistoryTables(apps, { extensions: [webhooks] });
    visibleElsewhere = async () => true;
    const made = await admin.post('/api/business/purchase', { name: 'break' });
    expect(made.statusCode, made.body).toBe(201);
    expect(await knex('purchase').where('name', 'break').first()).toBeDefined();
    expect(deliveries.map((delivery) => delivery.hook)).toEqual(['all']);
  });

  it('runs beforeCommit again when a write that lost to a concurrent one is run again; nothing of the lost run is kept, afterCommit runs once', async () => {
    const { knex, admin } = await createHistoryTables(apps, { extensions: [retried] });
    retries.commits = 0;
    retries.committed = [];
    const made = await admin.post('/api/business/purchase', { name: 'again' });
    expect(made.statusCode, made.body).toBe(201);
    expect(retries.commits).toBe(2);
    // The line of the first run was rolled back with it; the second run's is there, once.
    expect((await knex('purchaseLine').select('sku')).map((row: { sku: string }) => row.sku)).toEqual([
      'H-2',
    ]);
    expect((await knex('purchase').select('name')).map((row: { name: string }) => row.name)).toEqual([
      'again',
    ]);
    expect(
      (await storedRevisions(knex)).map((revision) => `${revision.tableName} ${revision.action}`),
    ).toEqual(['purchase create', 'purchaseLine create']);
    // Once, with the changes of the table it watches.
    expect(retries.committed.map((changes) => changes.map((change) => change.table))).toEqual([['purchase']]);
  });
});
