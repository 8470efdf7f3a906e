/**
 * One round of the schedule runner on each database, its clock given: ticks claimed by inserting
 * their rows (one server per tick), the webhook action's signed body, missed ticks after a pause.
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { App } from '../../../src/app';
import { dateTimeText } from '../../../src/db/clock';
import { SYSTEM } from '../../../src/db/table-names';
import { createScheduleRunner, type ScheduleRunner } from '../../../src/services/schedules/run-due-schedules';
import { apiClient, type ApiClient } from '../../helpers/metadata-api';
import { login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';

interface Received {
  headers: IncomingHttpHeaders;
  raw: string;
  body: { scheduleId: number; name: string; tick: string; at: string };
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
      received.push({ headers: request.headers, raw, body: JSON.parse(raw) as Received['body'] });
      const status = answers.shift() ?? 200;
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

const SECRET = 'schedule-secret-42';
const MINUTE = 60_000;
/** A Monday, 09:00:00 UTC. */
const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);

interface Run {
  tick: number;
  status: string;
  result: string | null;
  error: string | null;
  runner: string;
}

describeEachDatabase('schedules: one round of the runner ($name)', (db) => {
  const apps = useTestApps(db);

  /** An app whose own runner is off, a schedule made through the API, counting from T0. */
  const setUp = async (
    body: Record<string, unknown> = {},
  ): Promise<{ app: App; admin: ApiClient; id: number; runner: (instance: string) => ScheduleRunner }> => {
    const app = await apps.build(
      {},
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
    const admin = apiClient(app, (await login(app)).cookie);
    const made = await admin.post('/api/business/schedule', {
      name: '整点通知',
      cron: '* * * * *',
      timeZone: 'UTC',
      url: `${base}/tick`,
      secret: SECRET,
      ...body,
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = Number(made.body);
    await knex(SYSTEM.schedule).where('id', id).update({ activeSince: T0 });
    const runner = (instance: string) =>
      createScheduleRunner({
        dataSources: app.dataSources,
        allow: app.webhookAllowList,
        webhookTimeoutMs: 2000,
        log: app.log,
        tasks: app.extensionTasks,
        instance,
        lateMs: MINUTE / 2,
      });
    return { app, admin, id, runner };
  };

  const runsOf = async (app: App, id: number): Promise<Run[]> =>
    (await app.dataSources.primary.knex(SYSTEM.scheduleRun).where('scheduleId', id).orderBy('tick')).map(
      (row: Record<string, unknown>) => ({
        tick: Number(row.tick),
        status: String(row.status),
        result: row.result === null ? null : String(row.result),
        error: row.error === null ? null : String(row.error),
        runner: String(row.runner),
      }),
    );

  /** One round at `now`, waiting for the runs it started. */
  const roundAt = async (runner: ScheduleRunner, now: number): Promise<number> => {
    const outcome = await runner.round(now);
    await Promise.all(outcome.runs);
    return outcome.claimed;
  };

  it('runs a due tick once: the signed body sent, the outcome on its row; a second server finds it taken', async () => {
    const { app, id, runner } = await setUp();
    const a = runner('server-a');
    const b = runner('server-b');
    // nothing due before the first minute
    expect(await roundAt(a, T0 + MINUTE - 1)).toBe(0);
    expect(await roundAt(a, T0 + MINUTE + 150)).toBe(1);
    expect(await roundAt(b, T0 + MINUTE + 300)).toBe(0);
    expect(await roundAt(a, T0 + MINUTE + 400)).toBe(0);
    expect(received).toHaveLength(1);
    const [call] = received;
    expect(call?.body).toEqual({
      scheduleId: id,
      name: '整点通知',
      tick: new Date(T0 + MINUTE).toISOString(),
      at: expect.any(String),
    });
    expect(call?.headers['content-type']).toBe('application/json');
    const signature = String(call?.headers['x-crudboard-signature']);
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature) ?? [];
    expect(v1).toBe(
      createHmac('sha256', SECRET)
        .update(`${String(t)}.${String(call?.raw)}`)
        .digest('hex'),
    );
    const runs = await runsOf(app, id);
    expect(runs).toEqual([
      { tick: T0 + MINUTE, status: 'ok', result: 'HTTP 200', error: null, runner: 'server-a' },
    ]);
    const row = await app.dataSources.primary.knex(SYSTEM.scheduleRun).where('scheduleId', id).first();
    expect(Number(row.durationMs)).toBeGreaterThanOrEqual(0);
    expect(row.finishedDate).not.toBeNull();

    // an answer that is not 2xx: failed, with the answer
    answers.push(503);
    expect(await roundAt(b, T0 + 2 * MINUTE + 100)).toBe(1);
    expect((await runsOf(app, id)).at(-1)).toMatchObject({
      tick: T0 + 2 * MINUTE,
      status: 'failed',
      result: 'HTTP 503',
      error: 'HTTP 503: down for now',
      runner: 'server-b',
    });
  });

  it('three servers in the same round: each tick has one row and is sent once', async () => {
    const { app, id, runner } = await setUp({ maxMissed: 5 });
    const servers = ['a', 'b', 'c'].map((name) => runner(`server-${name}`));
    for (let minute = 1; minute <= 5; minute += 1) {
      const now = T0 + minute * MINUTE + 50;
      const claimed = await Promise.all(servers.map((server) => roundAt(server, now)));
      expect(
        claimed.reduce((sum, n) => sum + n, 0),
        `minute ${String(minute)}`,
      ).toBe(1);
    }
    const ticks = received.map((one) => Date.parse(one.body.tick));
    expect(ticks).toEqual([1, 2, 3, 4, 5].map((minute) => T0 + minute * MINUTE));
    const runs = await runsOf(app, id);
    expect(runs.map((run) => [run.tick, run.status])).toEqual(ticks.map((tick) => [tick, 'ok']));
  });

  it('after a pause at most maxMissed missed ticks run, the latest; the others are one skipped row', async () => {
    const { app, admin, id, runner } = await setUp({ maxMissed: 2 });
    const a = runner('server-a');
    // ten minutes without a server, then one looks 10 s after the tenth
    expect(await roundAt(a, T0 + 10 * MINUTE + 10_000)).toBe(3);
    expect(received.map((one) => Date.parse(one.body.tick))).toEqual([8, 9, 10].map((m) => T0 + m * MINUTE));
    expect((await runsOf(app, id)).map((run) => [run.tick, run.status, run.result])).toEqual([
      [T0 + 7 * MINUTE, 'skipped', 'not run: missed, with 6 earlier missed ticks'],
      [T0 + 8 * MINUTE, 'ok', 'HTTP 200'],
      [T0 + 9 * MINUTE, 'ok', 'HTTP 200'],
      [T0 + 10 * MINUTE, 'ok', 'HTTP 200'],
    ]);

    // maxMissed 0: the tick on time only
    expect((await admin.patch(`/api/business/schedule/${String(id)}`, { maxMissed: 0 })).statusCode).toBe(
      200,
    );
    received.length = 0;
    expect(await roundAt(a, T0 + 20 * MINUTE + 5000)).toBe(1);
    expect(received.map((one) => Date.parse(one.body.tick))).toEqual([T0 + 20 * MINUTE]);
    expect((await runsOf(app, id)).slice(4).map((run) => [run.tick, run.status])).toEqual([
      [T0 + 19 * MINUTE, 'skipped'],
      [T0 + 20 * MINUTE, 'ok'],
    ]);
    // late even for the newest (over lateMs): nothing runs, one row says so
    received.length = 0;
    expect(await roundAt(a, T0 + 25 * MINUTE + 45_000)).toBe(0);
    expect(received).toHaveLength(0);
    expect((await runsOf(app, id)).at(-1)).toMatchObject({
      tick: T0 + 25 * MINUTE,
      status: 'skipped',
      result: 'not run: missed, with 4 earlier missed ticks',
    });
  });

  it('closes a run left running by a server that stopped during it, once it is long past any time limit', async () => {
    const { app, id, runner } = await setUp({ enabled: false });
    const knex = app.dataSources.primary.knex;
    const row = (tick: number, startedAt: number) => ({
      scheduleId: id,
      tick,
      status: 'running',
      startedDate: dateTimeText(new Date(startedAt)),
      runner: 'gone-server',
    });
    await knex(SYSTEM.scheduleRun).insert([
      row(T0 - 3 * 3_600_000, T0 - 3 * 3_600_000),
      row(T0 - MINUTE, T0 - MINUTE),
    ]);
    await roundAt(runner('server-a'), T0);
    expect((await runsOf(app, id)).map((run) => [run.tick, run.status, run.error])).toEqual([
      [T0 - 3 * 3_600_000, 'failed', 'the server running it stopped before it ended'],
      [T0 - MINUTE, 'running', null],
    ]);
  });

  it('runs nothing for a disabled schedule, and nothing it missed while disabled once enabled again', async () => {
    const { app, admin, id, runner } = await setUp();
    const a = runner('server-a');
    expect((await admin.patch(`/api/business/schedule/${String(id)}`, { enabled: false })).statusCode).toBe(
      200,
    );
    expect(await roundAt(a, T0 + 3 * MINUTE + 100)).toBe(0);
    expect(await runsOf(app, id)).toEqual([]);
    expect((await admin.patch(`/api/business/schedule/${String(id)}`, { enabled: true })).statusCode).toBe(
      200,
    );
    // enabled now (the real clock): every tick before counts as never due
    const since = Number(
      (await app.dataSources.primary.knex(SYSTEM.schedule).where('id', id).first()).activeSince,
    );
    expect(await roundAt(a, since + 100)).toBe(0);
    expect(await runsOf(app, id)).toEqual([]);
    // a deleted schedule takes its runs with it
    expect(await roundAt(a, Math.ceil(since / MINUTE) * MINUTE + 200)).toBe(1);
    expect(await runsOf(app, id)).toHaveLength(1);
    expect((await admin.delete(`/api/business/schedule/${String(id)}?isHardDelete=true`)).statusCode).toBe(
      204,
    );
    expect(await runsOf(app, id)).toEqual([]);
  });
});
