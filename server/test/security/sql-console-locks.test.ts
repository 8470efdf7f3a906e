import type { Knex } from 'knex';
import { expect, it } from 'vitest';
import { SCHEMA_LOCK } from '../../src/services/ddl/schema-lock';
import { START_UP_LOCK } from '../../src/db/start-up-lock';
import { apiClient, createTableViaApi, SYSTEM_COLUMNS } from '../helpers/metadata-api';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';
import { createUser } from '../helpers/users';

const SQL = '/api/metadata/sqls/execute';

/** The key crudboard's servers took a lock by before it was derived from a secret. */
const fixedKey: Record<'pg' | 'mysql', (name: string) => string> = {
  pg: (name) => `hashtext('crudboard'), hashtext('${name}')`,
  mysql: (name) => `CONCAT('crudboard:', LEFT(SHA1(CONCAT(DATABASE(), ':', '${name}')), 40))`,
};

/** A console statement that takes the lock by its fixed key and holds it for a few seconds. */
const holding = {
  pg: (name: string) => `SELECT pg_advisory_lock(${fixedKey.pg(name)}) AS got, pg_sleep(4) AS slept`,
  mysql: (name: string) => `SELECT GET_LOCK(${fixedKey.mysql(name)}, 10) AS got, SLEEP(4) AS slept`,
};

/** Whether some session holds the lock by its fixed key. */
const heldByOther = async (knex: Knex, client: 'pg' | 'mysql', name: string): Promise<boolean> => {
  if (client === 'mysql') {
    const [rows] = (await knex.raw(`SELECT IS_USED_LOCK(${fixedKey.mysql(name)}) AS holder`)) as [
      { holder: unknown }[],
    ];
    return rows[0]?.holder !== null && rows[0]?.holder !== undefined;
  }
  return knex.transaction(async (trx) => {
    const { rows } = (await trx.raw(`SELECT pg_try_advisory_xact_lock(${fixedKey.pg(name)}) AS got`)) as {
      rows: { got: boolean }[];
    };
    return rows[0]?.got === false;
  });
};

describeEachDatabase(
  "console statements cannot hold crudboard's own locks ($name)",
  (db) => {
    const apps = useTestApps(db);
    const client = db.name as 'pg' | 'mysql';
    let n = 0;

    const setup = async () => {
      const app = await apps.build();
      n += 1;
      await createUser(app, {
        username: `locker${n}`,
        password: 'Locker-pass-1',
        roles: { [`ROLE_LOCKER${n}`]: 'sql:execute' },
      });
      const operator = apiClient(app, (await login(app, `locker${n}`, 'Locker-pass-1')).cookie, {
        'accept-language': 'en',
      });
      const admin = apiClient(app, (await login(app)).cookie);
      return { app, operator, admin, knex: app.dataSources.primary.knex };
    };

    it('refuses the lock functions to console users, in both modes', async () => {
      const { operator } = await setup();
      const statements =
        client === 'pg'
          ? [
              holding.pg(SCHEMA_LOCK),
              holding.pg(START_UP_LOCK),
              'SELECT pg_try_advisory_lock(1)',
              'SELECT "pg_advisory_xact_lock"(1, 2)',
              'SELECT pg_catalog.PG_ADVISORY_LOCK_SHARED(1)',
            ]
          : [
              holding.mysql(SCHEMA_LOCK),
              holding.mysql(START_UP_LOCK),
              "SELECT get_lock ('x', 0)",
              "SELECT /* */ Get_Lock('crudboard:x', 0)",
            ];
      for (const sql of statements) {
        for (const readOnly of [true, false]) {
          const response = await operator.post(SQL, { sql, readOnly });
          expect(response.statusCode, `${sql}: ${response.body}`).toBe(403);
          expect(response.json().message).toMatch(/lock functions/);
        }
      }
    });

    it('a statement holding the schema lock by its former key does not hold up schema changes', async () => {
      const { admin, knex } = await setup();
      // The super admin's statements are not scanned: the keys alone must keep it apart.
      let settled = false;
      const running = admin.post(SQL, { sql: holding[client](SCHEMA_LOCK) }).finally(() => {
        settled = true;
      });
      while (!settled && !(await heldByOther(knex, client, SCHEMA_LOCK))) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(settled).toBe(false);
      const table = await createTableViaApi(admin, {
        name: `unlocked${n}`,
        caption: 'unlocked',
        columns: SYSTEM_COLUMNS,
      });
      expect(table).toBeTruthy();
      // The schema change went through while the statement still held the lock.
      expect(settled).toBe(false);
      const response = await running;
      expect(response.statusCode, response.body).toBe(200);
    });
  },
  (db) => db.name !== 'sqlite',
);
