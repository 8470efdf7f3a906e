/**
 * Three servers on one database run one schedule: every tick exactly once (the insert of its run
 * row decides which server), and after a pause of every server, at most `maxMissed` missed ticks.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { App } from '../../src/app';
import { SYSTEM } from '../../src/db/table-names';
import { buildInstances } from '../helpers/instances';
import { apiClient } from '../helpers/metadata-api';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';

/** What the receiver got: the tick each call was for, and when it arrived (epoch ms). */
const received: { tick: number; at: number }[] = [];
let receiver: Server;
let url = '';

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const body = JSON.parse(raw) as { tick: string };
      received.push({ tick: Date.parse(body.tick), at: Date.now() });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${String((receiver.address() as AddressInfo).port)}/tick`;
});
afterAll(() => new Promise<void>((done) => receiver.close(() => done())));
beforeEach(() => {
  received.length = 0;
});

const SETTINGS = {
  schedules: { pollMs: 100 },
  webhooks: { allowPrivate: '127.0.0.1', timeoutMs: 2000, retrySeconds: 60, retryBaseMs: 50, pollMs: 0 },
};

interface Run {
  tick: number;
  status: string;
  result: string | null;
  runner: string;
  /** When its row was inserted, as the database gives it back. */
  started: string;
}

describeEachDatabase(
  'a schedule run by three servers on one database ($name)',
  (db) => {
    const apps = useTestApps(db);

    const runsOf = async (app: App, id: number): Promise<Run[]> =>
      (await app.dataSources.primary.knex(SYSTEM.scheduleRun).where('scheduleId', id).orderBy('tick')).map(
        (row: Record<string, unknown>) => ({
          tick: Number(row.tick),
          status: String(row.status),
          result: row.result === null ? null : String(row.result),
          runner: String(row.runner),
          started: String(row.startedDate),
        }),
      );

    /** Three servers and a schedule of every second, made on the first. */
    const setUp = async (maxMissed: number): Promise<{ servers: App[]; id: number }> => {
      const servers = await buildInstances(apps, 3, SETTINGS);
      const [a] = servers as [App];
      await a.dataSources.primary.knex(SYSTEM.schedule).delete();
      const admin = apiClient(a, (await login(a)).cookie);
      const made = await admin.post('/api/business/schedule', {
        name: 'every second',
        cron: '*/1 * * * * *',
        url,
        maxMissed,
      });
      expect(made.statusCode, made.body).toBe(201);
      return { servers, id: Number(made.body) };
    };

    /** Disables the schedule (on `app`) and waits until no run of it is under way. */
    const stop = async (app: App, id: number): Promise<void> => {
      const admin = apiClient(app, (await login(app)).cookie);
      expect((await admin.patch(`/api/business/schedule/${String(id)}`, { enabled: false })).statusCode).toBe(
        200,
      );
      await expect
        .poll(async () => (await runsOf(app, id)).filter((run) => run.status === 'running').length)
        .toBe(0);
    };

    /** The ticks are one second apart, none missing, none twice. */
    const expectEverySecond = (ticks: readonly number[]): void => {
      expect(ticks.length).toBeGreaterThan(0);
      const first = ticks[0] ?? 0;
      expect(ticks).toEqual(ticks.map((_, i) => first + i * 1000));
    };

    it('30 ticks of every second: each received exactly once, with one run row each', async () => {
      const { servers, id } = await setUp(5);
      const [a] = servers as [App];
      await expect
        .poll(() => new Set(received.map((one) => one.tick)).size, { timeout: 60_000, interval: 250 })
        .toBeGreaterThanOrEqual(30);
      await stop(a, id);
      const ticks = received.map((one) => one.tick).sort((x, y) => x - y);
      expect(ticks.length).toBeGreaterThanOrEqual(30);
      expectEverySecond(ticks);
      const runs = await runsOf(a, id);
      expect(runs.map((run) => [run.tick, run.status, run.result])).toEqual(
        ticks.map((tick) => [tick, 'ok', 'HTTP 204']),
      );
    }, 90_000);

    it('every server stopped for several ticks: on restart at most maxMissed missed ticks run, the others are one skipped row', async () => {
      const maxMissed = 2;
      const { servers, id } = await setUp(maxMissed);
      // a server that runs no schedule reads the rows throughout
      const reader = await apps.build({}, apps.config({ ...SETTINGS, schedules: { pollMs: 0 } }));
      await expect
        .poll(async () => (await runsOf(reader, id)).filter((run) => run.status === 'ok').length, {
          timeout: 10_000,
        })
        .toBeGreaterThanOrEqual(2);
      // all three stop (each waits for its run under way)
      await Promise.all(servers.map((server) => server.close()));
      const before = await runsOf(reader, id);
      const lastTick = Math.max(...before.map((run) => run.tick));
      expect(before.every((run) => run.status === 'ok')).toBe(true);
      // a pause of five ticks and more, then three servers again
      await new Promise((resolve) => setTimeout(resolve, 5000));
      const again = await buildInstances(apps, 3, SETTINGS);
      const [b] = again as [App];
      await expect
        .poll(
          async () =>
            (await runsOf(b, id)).filter((run) => run.tick > lastTick && run.status === 'ok').length,
          { timeout: 10_000 },
        )
        .toBeGreaterThanOrEqual(maxMissed + 2);
      await stop(b, id);
      const after = (await runsOf(b, id)).filter((run) => run.tick > lastTick);
      // the ticks of the pause not run: one row standing for all of them
      const [skipped, ...ran] = after;
      expect(skipped?.status).toBe('skipped');
      const notRun = ((skipped?.tick ?? 0) - lastTick) / 1000;
      expect(notRun).toBeGreaterThanOrEqual(2);
      expect(skipped?.result).toBe(
        notRun === 1 ? 'not run: missed' : `not run: missed, with ${String(notRun - 1)} earlier missed ticks`,
      );
      // then every tick, once; of them at most maxMissed were late (the missed ones run)
      expect(ran.every((run) => run.status === 'ok')).toBe(true);
      expectEverySecond(ran.map((run) => run.tick));
      const sent = received.filter((one) => one.tick > lastTick);
      expect(sent.map((one) => one.tick).sort((x, y) => x - y)).toEqual(ran.map((run) => run.tick));
      // the round that wrote the skipped row claimed the newest tick and the missed ones it ran
      const catchUp = ran.filter((run) => run.runner === skipped?.runner && run.started === skipped.started);
      expect(catchUp.length - 1).toBe(maxMissed);
      expect(catchUp.map((run) => run.tick)).toEqual(ran.slice(0, maxMissed + 1).map((run) => run.tick));
    }, 60_000);
  },
  (db) => db.name !== 'sqlite',
);
