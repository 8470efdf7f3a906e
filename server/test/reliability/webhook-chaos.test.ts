import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DataSourceConfig } from '../../src/config';
import {
  callServer as call,
  freePort,
  signIn,
  startServerProcess,
  type ServerProcess,
} from '../helpers/server-process';
import { describeEachDatabase, type TestEnvironment } from '../helpers/test-databases';

/**
 * Webhooks when servers die and the receiver fails: three servers on one database take writes
 * (creates and updates of records, each record written by one writer in turn) while one server is
 * killed (SIGKILL) and started again, twice, and the receiver answers 500 for a few seconds. In
 * the end every answered write's event has arrived, copies of an event carry its event id, and
 * each record's events arrived in the order it was written.
 */

const PASSWORD = 'Chaos-admin-Pass-1';
const WRITERS = 6;

/** A table of its own per attempt (a retry starts afresh). */
const tableNamed = (name: string) => ({
  name,
  columns: [
    { name: 'id', dataType: 'BIGINT', indexType: 'PRIMARY', autoIncrement: true, nullable: false },
    { name: 'name', dataType: 'VARCHAR', length: 100, nullable: false },
    { name: 'qty', dataType: 'INT' },
  ],
});
let attempt = 0;

interface Arrival {
  eventId: string;
  key: number;
  qty: number;
}

let receiver: Server;
let hook = '';
const arrivals: Arrival[] = [];
let down = false;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      if (down) {
        response.writeHead(500).end('down');
        return;
      }
      const body = JSON.parse(raw) as { eventId: string; key: { id: number }; record: { qty: number } };
      arrivals.push({ eventId: body.eventId, key: Number(body.key.id), qty: Number(body.record.qty) });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  hook = `http://127.0.0.1:${String((receiver.address() as AddressInfo).port)}/hook`;
});
afterAll(() => new Promise<void>((done) => receiver.close(() => done())));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachDatabase(
  'webhooks when servers are killed and the receiver fails ($name)',
  (db) => {
    let env: TestEnvironment;
    let serverEnv: Record<string, string>;

    beforeAll(async () => {
      env = await db.create();
      const primary = env.config().dataSources[0] as DataSourceConfig;
      serverEnv = {
        DATA_DIR: env.dataDir,
        ADMIN_PASSWORD: PASSWORD,
        DATA_SOURCES: JSON.stringify([{ name: 'primary', client: db.name, connection: primary.connection }]),
        WEBHOOK_ALLOW_PRIVATE: '127.0.0.1',
        WEBHOOK_POLL_MS: '200',
        WEBHOOK_TIMEOUT_MS: '1000',
        WEBHOOK_RETRY_BASE_MS: '100',
        WEBHOOK_RETRY_SECONDS: '600',
      };
    });
    afterAll(async () => {
      await env?.drop();
    });

    it('every answered write is delivered at least once, copies share the event id, each record in order', async () => {
      const ports = [await freePort(), await freePort(), await freePort()];
      const servers: ServerProcess[] = [await startServerProcess(ports[0] ?? 0, serverEnv)];
      const first = servers[0] as ServerProcess;
      // one session for all: sessions live in the database (and sign-ins are throttled)
      const cookie = await signIn(first.url, PASSWORD);
      attempt += 1;
      const table = `ledger${String(attempt)}`;
      arrivals.length = 0;
      await call(`${first.url}/api/metadata/tables`, cookie, 'POST', tableNamed(table));
      await call(`${first.url}/api/business/webhook`, cookie, 'POST', {
        name: `chaos ${String(attempt)}`,
        tables: table,
        actions: 'create,update',
        url: hook,
        secret: 'chaos-secret',
      });
      servers.push(await startServerProcess(ports[1] ?? 0, serverEnv));
      servers.push(await startServerProcess(ports[2] ?? 0, serverEnv));

      // each writer: creates a record, then updates it again and again, through the servers in
      // turn; `written` holds, per record, the values sent in order and whether each was answered
      const written = new Map<number, { qty: number; answered: boolean }[]>();
      let stop = false;
      let answered = 0;
      const writer = async (w: number) => {
        let key = 0;
        for (let n = 0; !stop; n += 1) {
          const at = (w + n) % servers.length;
          const server = servers[at] as ServerProcess;
          const qty = n;
          try {
            const response =
              key === 0 || n % 10 === 0
                ? await fetch(`${server.url}/api/business/${table}`, {
                    method: 'POST',
                    headers: { cookie: cookie, 'content-type': 'application/json' },
                    body: JSON.stringify({ name: `w${String(w)}`, qty }),
                  })
                : await fetch(`${server.url}/api/business/${table}/${String(key)}`, {
                    method: 'PATCH',
                    headers: { cookie: cookie, 'content-type': 'application/json' },
                    body: JSON.stringify({ qty }),
                  });
            if (response.status === 201) {
              key = Number(await response.text());
              written.set(key, [{ qty, answered: true }]);
              answered += 1;
            } else if (response.status === 200) {
              written.get(key)?.push({ qty, answered: true });
              answered += 1;
            } else await sleep(20);
          } catch {
            // the server died under the request: it may or may not have committed
            if (key !== 0 && !(key === 0 || n % 10 === 0)) written.get(key)?.push({ qty, answered: false });
            await sleep(50);
          }
        }
      };
      const writers = Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
      const restart = async (index: number) => {
        await (servers[index] as ServerProcess).kill();
        await sleep(500);
        servers[index] = await startServerProcess(ports[index] ?? 0, serverEnv);
      };
      try {
        await sleep(1500);
        down = true;
        await restart(1);
        await sleep(1500);
        down = false;
        await restart(2);
        await sleep(1500);
        stop = true;
        await writers;
        expect(answered).toBeGreaterThan(100);

        const delivered = () => {
          const seen = new Set(arrivals.map((one) => `${String(one.key)}:${String(one.qty)}`));
          return [...written].every(([key, writes]) =>
            writes.every((write) => !write.answered || seen.has(`${String(key)}:${String(write.qty)}`)),
          );
        };
        await expect.poll(delivered, { timeout: 60_000, interval: 250 }).toBe(true);

        // copies of one change carry its event id, and an event id names one change
        const byEvent = new Map<string, string>();
        const byChange = new Map<string, string>();
        for (const one of arrivals) {
          const change = `${String(one.key)}:${String(one.qty)}`;
          expect(byEvent.get(one.eventId) ?? change).toBe(change);
          expect(byChange.get(change) ?? one.eventId).toBe(one.eventId);
          byEvent.set(one.eventId, change);
          byChange.set(change, one.eventId);
        }
        // each record's events, first copies only, in the order its writer wrote them
        for (const [key, writes] of written) {
          const firsts = new Set<string>();
          const order = arrivals
            .filter((one) => one.key === key && !firsts.has(one.eventId) && firsts.add(one.eventId))
            .map((one) => one.qty);
          const sent = writes.map((write) => write.qty);
          expect(order, `record ${String(key)}`).toEqual(sent.filter((qty) => order.includes(qty)));
        }
      } finally {
        stop = true;
        down = false;
        await writers.catch(() => undefined);
        for (const server of servers) await server.kill();
      }
    }, 180_000);
  },
  (db) => db.name !== 'sqlite',
);
