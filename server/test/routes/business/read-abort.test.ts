import type { Knex } from 'knex';
import { afterEach, expect, it } from 'vitest';
import { createTable } from '../../helpers/business-tables';
import { bareApp } from '../../helpers/clean-admin';
import { apiClient, SYSTEM_COLUMNS } from '../../helpers/metadata-api';
import { login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A read whose client goes away stops on the database (read-abort.ts): while another session
 * holds a lock on the table, a list waits for it; once its HTTP request is aborted, the waiting
 * statement is cancelled at once instead of at the query timeout. SQLite runs a statement to its
 * end on the event loop and has nothing to cancel.
 */
describeEachDatabase(
  'a read whose client goes away ($name)',
  (db) => {
    const apps = useTestApps(db);
    const cleanups: (() => Promise<unknown>)[] = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    /** Statements of other sessions that read `parcel` and have not finished. */
    const waitingReads = async (knex: Knex): Promise<number> => {
      if (db.name === 'pg') {
        const { rows } = await knex.raw(
          `SELECT count(*) AS n FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid() AND state = 'active'
            AND query ILIKE 'select%"parcel"%'`,
        );
        return Number(rows[0].n);
      }
      const [rows] = await knex.raw(
        `SELECT count(*) AS n FROM information_schema.processlist
          WHERE db = database() AND id <> connection_id() AND command = 'Query'
            AND info LIKE 'select%parcel%'`,
      );
      return Number(rows[0].n);
    };

    /** Another session's lock that makes every read of `parcel` wait, until the returned release. */
    const lockTable = async (knex: Knex): Promise<() => Promise<void>> => {
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked = () => {};
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const holding = knex.transaction(async (trx) => {
        await trx.raw(
          db.name === 'pg' ? 'LOCK TABLE parcel IN ACCESS EXCLUSIVE MODE' : 'LOCK TABLES parcel WRITE',
        );
        locked();
        await released;
        if (db.name === 'mysql') await trx.raw('UNLOCK TABLES');
      });
      await isLocked;
      return async () => {
        release();
        await holding;
      };
    };

    it('cancels the statement of an aborted list, and the next list is answered', async () => {
      const { app, knex } = await bareApp(apps);
      const admin = apiClient(app, (await login(app)).cookie);
      await createTable(admin, { name: 'parcel', columns: SYSTEM_COLUMNS });
      expect((await admin.post('/api/business/parcel', { name: '包裹' })).statusCode).toBe(201);
      const { cookie } = await login(app);
      const address = await app.listen({ host: '127.0.0.1', port: 0 });
      const unlock = await lockTable(knex);
      cleanups.push(unlock);

      const controller = new AbortController();
      const asked = fetch(`${address}/api/business/parcel?search=x&offset=0&limit=10`, {
        headers: { cookie },
        signal: controller.signal,
      }).catch((error: unknown) => error);
      const waitFor = async (expected: number, withinMs: number) => {
        const until = Date.now() + withinMs;
        while ((await waitingReads(knex)) !== expected && Date.now() < until) await sleep(50);
        return waitingReads(knex);
      };
      expect(await waitFor(1, 5000), 'the list waits for the lock').toBe(1);
      await sleep(1000);
      expect(await waitingReads(knex), 'and still waits a second later').toBe(1);
      controller.abort();
      expect(await asked).toBeInstanceOf(Error);
      expect(await waitFor(0, 3000), 'cancelled once its client went away').toBe(0);

      await unlock();
      const next = await fetch(`${address}/api/business/parcel?offset=0&limit=10`, { headers: { cookie } });
      expect(next.status).toBe(200);
      expect(await next.json()).toHaveLength(1);
    });
  },
  (db) => db.name !== 'sqlite',
);
