import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DataSourceConfig } from '../../src/config';
import { SYSTEM } from '../../src/db/table-names';
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
 * (creates and updates of records, each record written by one writer in turn) until `CHAOS_WRITES`
 * of them are answered, while one server is killed (SIGKILL) and started again, twice, and the
 * receiver answers 500 for `CHAOS_DOWN_MS`, spread over the run (the kills at 15 % and 50 % of the
 * writes, the 500s from 30 %). In the end every answered write's event has arrived, copies of an
 * event carry its event id, each record's events arrived in the order it was written, and an event
 * came again only after an attempt of it failed.
 *
 * What can be proved of that last point: the receiver numbers the copies of each event and answers
 * with the number, which the server keeps with the attempt's outcome (`responseBody`), and a
 * trigger logs every outcome recorded. So each recorded attempt names the copy whose answer it got,
 * or none (the sender gave up: its time limit passed, the connection failed), and each delivery
 * must have exactly one `delivered` outcome, its last, naming a copy answered 2xx. A copy that no
 * outcome names was sent by an attempt that recorded no answer: allowed when an outcome of its event
 * says the sender gave up (each such outcome explains one copy), or when the copy arrived while a
 * server that was then killed could have held its lease (at most one round, BATCH deliveries, per
 * kill). Sending a delivered event again, sending one twice at once, or losing an attempt's outcome
 * on a live server breaks one of these; a 500, a time limit or a kill does not.
 *
 * `npm run test:chaos` runs it at full scale: 10,000 writes, a minute of 500s.
 */

const envNumber = (name: string, fallback: number): number => {
  const value = Number(process.env[name] ?? '');
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
/** Answered writes after which the writers stop. */
const WRITES = envNumber('CHAOS_WRITES', 800);
/** How long the receiver answers 500. */
const DOWN_MS = envNumber('CHAOS_DOWN_MS', 3000);
const WRITERS = 6;
const PASSWORD = 'Chaos-admin-Pass-1';
const TIMEOUT_MS = 1000;
/** The servers' round: claimed deliveries and lanes (plugins/webhook-delivery.ts). */
const BATCH = 32;
const LANES = 8;
/** A delivery's lease, as deliver-due.ts computes it. */
const LEASE_MS = 2 * TIMEOUT_MS * Math.ceil(BATCH / LANES) + 2000;
/** How long after the receiver is back the last retries may still wait (doubling back-off, jitter). */
const DRAIN_MS = 60_000 + 3 * DOWN_MS;
const TEST_MS = 180_000 + 100 * WRITES + DOWN_MS + DRAIN_MS;
/** The outcomes the servers record, one row per attempt (filled by a trigger). */
const OUTCOMES = 'chaos_outcome';

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

/** One copy of an event as the receiver took it: its number among the event's copies, and the answer. */
interface Copy {
  eventId: string;
  key: number;
  qty: number;
  copy: number;
  status: 200 | 500;
  at: number;
}

let receiver: Server;
let hook = '';
const copies: Copy[] = [];
const copiesOf = new Map<string, number>();
let down = false;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let raw = '';
    request.on('error', () => undefined);
    response.on('error', () => undefined);
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const body = JSON.parse(raw) as { eventId: string; key: { id: number }; record: { qty: number } };
      const copy = (copiesOf.get(body.eventId) ?? 0) + 1;
      copiesOf.set(body.eventId, copy);
      const status = down ? 500 : 200;
      copies.push({
        eventId: body.eventId,
        key: Number(body.key.id),
        qty: Number(body.record.qty),
        copy,
        status,
        at: Date.now(),
      });
      response.writeHead(status, { 'content-type': 'text/plain' }).end(`copy ${String(copy)}`);
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  hook = `http://127.0.0.1:${String((receiver.address() as AddressInfo).port)}/hook`;
});
afterAll(() => new Promise<void>((done) => receiver.close(() => done())));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const until = async (condition: () => boolean) => {
  while (!condition()) await sleep(20);
};

/** Logs each recorded attempt of a delivery (an update that counts one more attempt) into OUTCOMES. */
const logOutcomes = async (database: Knex, client: string) => {
  if (!(await database.schema.hasTable(OUTCOMES))) {
    await database.schema.createTable(OUTCOMES, (t) => {
      t.increments('id');
      t.bigInteger('deliveryId').notNullable();
      t.string('tableName', 64).notNullable();
      t.string('eventId', 36).notNullable();
      t.integer('attempts').notNullable();
      t.string('status', 16).notNullable();
      t.integer('responseCode');
      t.string('responseBody', 1000);
      t.string('lastError', 1000);
    });
  }
  const columns =
    '"deliveryId", "tableName", "eventId", attempts, status, "responseCode", "responseBody", "lastError"';
  const values =
    'NEW.id, NEW."tableName", NEW."eventId", NEW.attempts, NEW.status, NEW."responseCode", NEW."responseBody", NEW."lastError"';
  if (client === 'pg') {
    await database.raw(
      `CREATE OR REPLACE FUNCTION ${OUTCOMES}_log() RETURNS trigger AS $$ BEGIN
         IF NEW.attempts <> OLD.attempts THEN INSERT INTO ${OUTCOMES} (${columns}) VALUES (${values}); END IF;
         RETURN NEW; END $$ LANGUAGE plpgsql`,
    );
    await database.raw(`DROP TRIGGER IF EXISTS ${OUTCOMES}_log ON ${SYSTEM.webhookDelivery}`);
    await database.raw(
      `CREATE TRIGGER ${OUTCOMES}_log AFTER UPDATE ON ${SYSTEM.webhookDelivery}
         FOR EACH ROW EXECUTE FUNCTION ${OUTCOMES}_log()`,
    );
  } else {
    await database.raw(`DROP TRIGGER IF EXISTS ${OUTCOMES}_log`);
    await database.raw(
      `CREATE TRIGGER ${OUTCOMES}_log AFTER UPDATE ON ${SYSTEM.webhookDelivery} FOR EACH ROW
         INSERT INTO ${OUTCOMES} (${columns.replaceAll('"', '`')})
         SELECT ${values.replaceAll('"', '`')} FROM DUAL WHERE NEW.attempts <> OLD.attempts`,
    );
  }
};

interface Outcome {
  eventId: string;
  attempts: number;
  status: string;
  responseCode: number | null;
  responseBody: string | null;
}

describeEachDatabase(
  'webhooks when servers are killed and the receiver fails ($name)',
  (db) => {
    let env: TestEnvironment;
    let serverEnv: Record<string, string>;
    let database: Knex;

    beforeAll(async () => {
      env = await db.create();
      const primary = env.config().dataSources[0] as DataSourceConfig;
      database = knex({
        client: db.name === 'pg' ? 'pg' : 'mysql2',
        connection: primary.connection,
        pool: { min: 0, max: 2 },
      });
      serverEnv = {
        DATA_DIR: env.dataDir,
        ADMIN_PASSWORD: PASSWORD,
        DATA_SOURCES: JSON.stringify([{ name: 'primary', client: db.name, connection: primary.connection }]),
        WEBHOOK_ALLOW_PRIVATE: '127.0.0.1',
        WEBHOOK_POLL_MS: '200',
        WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
        WEBHOOK_RETRY_BASE_MS: '100',
        WEBHOOK_RETRY_SECONDS: '600',
      };
    });
    afterAll(async () => {
      await database?.destroy();
      await env?.drop();
    });

    it(
      'every answered write is delivered at least once, a copy again only after a failure, each record in order',
      async () => {
        const started = Date.now();
        const ports = [await freePort(), await freePort(), await freePort()];
        const servers: ServerProcess[] = [await startServerProcess(ports[0] ?? 0, serverEnv)];
        const first = servers[0] as ServerProcess;
        await logOutcomes(database, db.name);
        // one session for all: sessions live in the database (and sign-ins are throttled)
        const cookie = await signIn(first.url, PASSWORD);
        attempt += 1;
        const table = `ledger${String(attempt)}`;
        copies.length = 0;
        copiesOf.clear();
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
        // turn, until WRITES writes have been answered; `written` holds, per record, the values sent
        // in order and whether each was answered
        const written = new Map<number, { qty: number; answered: boolean }[]>();
        let stop = false;
        let answered = 0;
        let sending = 0;
        const refused = new Map<number, number>();
        const writer = async (w: number) => {
          let key = 0;
          for (let n = 0; !stop && answered + sending < WRITES; n += 1) {
            const at = (w + n) % servers.length;
            const server = servers[at] as ServerProcess;
            const qty = n;
            const creates = key === 0 || n % 10 === 0;
            sending += 1;
            try {
              const response = creates
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
              } else {
                refused.set(response.status, (refused.get(response.status) ?? 0) + 1);
                await sleep(20);
              }
            } catch {
              // the server died under the request: it may or may not have committed
              if (!creates) written.get(key)?.push({ qty, answered: false });
              await sleep(50);
            } finally {
              sending -= 1;
            }
          }
        };
        const writing = Date.now();
        const writers = Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
        const kills: { from: number; to: number }[] = [];
        const timeline: string[] = [];
        const mark = (what: string) =>
          timeline.push(
            `${what} ${((Date.now() - writing) / 1000).toFixed(1)} s (${String(answered)} writes)`,
          );
        const restart = async (index: number) => {
          mark(`kill ${String(index)}`);
          const from = Date.now();
          await (servers[index] as ServerProcess).kill();
          kills.push({ from, to: Date.now() });
          await sleep(500);
          servers[index] = await startServerProcess(ports[index] ?? 0, serverEnv);
          mark(`back ${String(index)}`);
        };
        // the kills (of one server, twice) and the receiver's failure spread over the run, by the
        // writes answered
        const reached = (share: number) => until(() => stop || answered >= WRITES * share);
        const chaos = (async () => {
          await reached(0.15);
          await restart(1);
          await reached(0.5);
          await restart(1);
        })();
        chaos.catch(() => undefined);
        const failure = (async () => {
          await reached(0.3);
          down = true;
          mark('receiver fails');
          await sleep(DOWN_MS);
          down = false;
          mark('receiver back');
        })();
        failure.catch(() => undefined);
        try {
          await writers;
          mark('writers done');
          const wrote = Date.now() - writing;
          await chaos;
          await failure;
          expect(answered).toBe(WRITES);

          // every answered write's event has come, and no delivery is open any more
          const missing = () => {
            const seen = new Set(
              copies
                .filter((one) => one.status === 200)
                .map((one) => `${String(one.key)}:${String(one.qty)}`),
            );
            return [...written].flatMap(([key, writes]) =>
              writes
                .filter((write) => write.answered && !seen.has(`${String(key)}:${String(write.qty)}`))
                .map((write) => `${String(key)}:${String(write.qty)}`),
            );
          };
          const open = async () =>
            (await database(SYSTEM.webhookDelivery)
              .where({ tableName: table })
              .whereIn('status', ['pending', 'failed'])
              .orderBy('id')
              .select(
                'id',
                'recordKey',
                'status',
                'attempts',
                'nextAttemptAt',
                'leaseUntil',
                'lastError',
              )) as Record<string, unknown>[];
          const draining = Date.now();
          const progress: string[] = [];
          for (;;) {
            const lost = missing();
            const left = await open();
            if (lost.length === 0 && left.length === 0) break;
            const now = Date.now();
            if (now - draining > DRAIN_MS) {
              const late = left.slice(0, 5).map((row) => ({
                ...row,
                nextAttemptAt: Number(row.nextAttemptAt) - now,
                leaseUntil: row.leaseUntil === null ? null : Number(row.leaseUntil) - now,
              }));
              const head = left[0] ?? {};
              const headEvent = String(
                (
                  (await database(SYSTEM.webhookDelivery).where({ id: head.id }).first('eventId')) as
                    { eventId: unknown } | undefined
                )?.eventId,
              );
              const since = (at: number) => ((at - writing) / 1000).toFixed(1);
              const tried = (
                (await database(OUTCOMES).where({ eventId: headEvent }).orderBy('id')) as Record<
                  string,
                  unknown
                >[]
              ).map((row) => `${String(row.attempts)} ${String(row.status)} ${String(row.lastError)}`);
              const came = copies
                .filter((copy) => copy.eventId === headEvent)
                .map((copy) => `${String(copy.copy)}:${String(copy.status)}@${since(copy.at)}`);
              expect.fail(
                `${timeline.join(', ')}; the first open delivery's attempts: ${tried.join('; ')}; its copies: ` +
                  `${came.join(' ')}; ` +
                  `not delivered within ${String(DRAIN_MS)} ms: ${String(lost.length)} answered writes ` +
                  `(${lost.slice(0, 5).join(', ')}), ${String(left.length)} deliveries open, the first: ` +
                  `${JSON.stringify(late)}; open by 10 s: ${progress.join(' ')}`,
              );
            }
            if (progress.length < Math.floor((now - draining) / 10_000)) progress.push(String(left.length));
            await sleep(250);
          }
          const drained = Date.now() - draining;

          // copies of one change carry its event id, and an event id names one change
          const byEvent = new Map<string, string>();
          const byChange = new Map<string, string>();
          for (const one of copies) {
            const change = `${String(one.key)}:${String(one.qty)}`;
            expect(byEvent.get(one.eventId) ?? change).toBe(change);
            expect(byChange.get(change) ?? one.eventId).toBe(one.eventId);
            byEvent.set(one.eventId, change);
            byChange.set(change, one.eventId);
          }
          // each record's events, first copies answered 2xx, in the order its writer wrote them
          const accepted = copies.filter((one) => one.status === 200);
          for (const [key, writes] of written) {
            const firsts = new Set<string>();
            const order = accepted
              .filter((one) => one.key === key && !firsts.has(one.eventId) && firsts.add(one.eventId))
              .map((one) => one.qty);
            const sent = writes.map((write) => write.qty);
            expect(order, `record ${String(key)}`).toEqual(sent.filter((qty) => order.includes(qty)));
          }

          // a copy again only after a failed attempt (see the top of the file)
          const deliveries = (await database(SYSTEM.webhookDelivery)
            .where({ tableName: table })
            .select('id', 'eventId', 'status', 'attempts')) as Record<string, unknown>[];
          const outcomes: Outcome[] = (
            (await database(OUTCOMES).where({ tableName: table }).orderBy('id')) as Record<string, unknown>[]
          ).map((row) => ({
            eventId: String(row.eventId),
            attempts: Number(row.attempts),
            status: String(row.status),
            responseCode: row.responseCode === null ? null : Number(row.responseCode),
            responseBody: row.responseBody === null ? null : String(row.responseBody),
          }));
          const outcomesOf = new Map<string, Outcome[]>();
          for (const one of outcomes)
            outcomesOf.set(one.eventId, [...(outcomesOf.get(one.eventId) ?? []), one]);
          const copiesByEvent = new Map<string, Copy[]>();
          for (const one of copies)
            copiesByEvent.set(one.eventId, [...(copiesByEvent.get(one.eventId) ?? []), one]);
          const killed = kills.map(() => 0);
          let gaveUp = 0;
          let duplicates = 0;
          let afterKill = 0;
          let afterGivingUp = 0;
          for (const delivery of deliveries) {
            const eventId = String(delivery.eventId);
            const recorded = outcomesOf.get(eventId) ?? [];
            const received = copiesByEvent.get(eventId) ?? [];
            const what = `event ${eventId}`;
            expect(delivery.status, what).toBe('delivered');
            // one recorded outcome per attempt, the last the only `delivered`, naming a 2xx copy
            expect(
              recorded.map((one) => one.attempts),
              what,
            ).toEqual(recorded.map((_, index) => index + 1));
            expect(Number(delivery.attempts), what).toBe(recorded.length);
            expect(
              recorded.map((one) => one.status),
              what,
            ).toEqual(recorded.map((_, index) => (index === recorded.length - 1 ? 'delivered' : 'failed')));
            const named = new Set<number>();
            let silent = 0;
            for (const one of recorded) {
              if (one.responseCode === null) {
                silent += 1;
                continue;
              }
              const number = Number(/^copy (\d+)$/.exec(one.responseBody ?? '')?.[1]);
              const copy = received.find((each) => each.copy === number);
              expect(copy?.status, `${what}: ${JSON.stringify(one)}`).toBe(one.responseCode);
              expect(named.has(number), `${what}: copy ${String(number)} recorded twice`).toBe(false);
              named.add(number);
            }
            gaveUp += silent;
            // copies no outcome names: the sender gave up (each such outcome explains one), or
            // was killed while it could hold the lease
            const unnamed = received.filter((copy) => !named.has(copy.copy));
            duplicates += received.filter((copy) => copy.status === 200).length - 1;
            // those outside every kill's reach need a give-up each; the give-ups left over explain
            // copies within a kill's reach first, the others count against that kill
            const reach = (copy: Copy) =>
              kills.findIndex((kill) => copy.at >= kill.from - LEASE_MS && copy.at <= kill.to + 5000);
            const outside = unnamed.filter((copy) => reach(copy) < 0);
            expect(
              outside.length,
              `${what}: copies ${outside.map((copy) => copy.copy).join(', ')} sent again without a failure`,
            ).toBeLessThanOrEqual(silent);
            let left = silent - outside.length;
            for (const copy of unnamed) {
              const at = reach(copy);
              if (at < 0 || left > 0) {
                if (at >= 0) left -= 1;
                if (copy.status === 200) afterGivingUp += 1;
              } else {
                killed[at] = (killed[at] ?? 0) + 1;
                if (copy.status === 200) afterKill += 1;
              }
            }
          }
          // a server holds one round's deliveries at a time
          for (const count of killed) expect(count).toBeLessThanOrEqual(BATCH);
          expect(duplicates).toBe(afterKill + afterGivingUp);

          const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
          console.info(
            `${db.name}: ${String(answered)} writes answered in ${seconds(wrote)} ` +
              `(refused: ${JSON.stringify(Object.fromEntries(refused))}), ` +
              `${String(deliveries.length)} events delivered, ${String(copies.length)} copies received ` +
              `(${String(copies.filter((one) => one.status === 500).length)} answered 500), ` +
              `${String(duplicates)} duplicates (${String(afterKill)} after a kill, ${String(afterGivingUp)} after ` +
              `the sender gave up), ${String(gaveUp)} attempts given up, ${killed.join('+')} copies unrecorded ` +
              `at the kills; all delivered ${seconds(drained)} after the writes and the 500s ended, ${seconds(Date.now() - started)} in all; ${timeline.join(', ')}`,
          );
        } finally {
          stop = true;
          down = false;
          await Promise.allSettled([writers, chaos, failure]);
          for (const server of servers) await server.kill();
        }
      },
      TEST_MS,
    );
  },
  (db) => db.name !== 'sqlite',
);
