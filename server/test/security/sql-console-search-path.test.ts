import { randomBytes } from 'node:crypto';
import knex, { type Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app';
import type { AppConfig } from '../../src/config';
import { apiClient, createTableViaApi, SYSTEM_COLUMNS, type ApiClient } from '../helpers/metadata-api';
import { ADMIN_PASSWORD, login } from '../helpers/test-app';
import { describeEachDatabase, type TestEnvironment } from '../helpers/test-databases';
import { createUser } from '../helpers/users';

const SQL = '/api/metadata/sqls/execute';
const MARKER = 'planted_marker';

/**
 * What a console user plants in the schemas the server's own connections might search, each
 * object writing a marker row (and, where the server connects as a superuser, making the console
 * role one) should the server ever run it: operators, functions shadowing those the server calls,
 * an implicit cast, a collation.
 */
const plants = (consoleRole: string): string[] => {
  const ran = (what: string) =>
    `INSERT INTO public.${MARKER} (what) VALUES ('${what}'); ALTER ROLE ${consoleRole} SUPERUSER;`;
  return [
    `CREATE FUNCTION public.planted_eq_vv(varchar, varchar) RETURNS boolean LANGUAGE sql AS $$ ${ran('=(varchar, varchar)')} SELECT texteq($1, $2) $$`,
    'CREATE OPERATOR public.= (LEFTARG = varchar, RIGHTARG = varchar, FUNCTION = public.planted_eq_vv)',
    `CREATE FUNCTION public.planted_eq_tt(text, text) RETURNS boolean LANGUAGE sql AS $$ ${ran('=(text, text)')} SELECT texteq($1, $2) $$`,
    'CREATE OPERATOR public.= (LEFTARG = text, RIGHTARG = text, FUNCTION = public.planted_eq_tt)',
    `CREATE FUNCTION public.lower(varchar) RETURNS text LANGUAGE sql AS $$ ${ran('lower')} SELECT pg_catalog.lower($1::text) $$`,
    `CREATE FUNCTION public.lower(text) RETURNS text LANGUAGE sql AS $$ ${ran('lower text')} SELECT pg_catalog.lower($1) $$`,
    `CREATE FUNCTION public.hashtext(varchar) RETURNS integer LANGUAGE sql AS $$ ${ran('hashtext')} SELECT pg_catalog.hashtext($1::text) $$`,
    `CREATE FUNCTION public.to_regclass(varchar) RETURNS regclass LANGUAGE sql AS $$ ${ran('to_regclass')} SELECT pg_catalog.to_regclass($1::text) $$`,
    `CREATE FUNCTION public.now() RETURNS timestamptz LANGUAGE sql AS $$ ${ran('now')} SELECT pg_catalog.now() $$`,
    `CREATE FUNCTION public.replace(varchar, varchar, varchar) RETURNS text LANGUAGE sql AS $$ ${ran('replace')} SELECT pg_catalog.replace($1::text, $2::text, $3::text) $$`,
    `CREATE FUNCTION public.current_schema() RETURNS name LANGUAGE sql AS $$ ${ran('current_schema')} SELECT pg_catalog.current_schema() $$`,
    `CREATE FUNCTION public.planted_int(varchar) RETURNS integer LANGUAGE sql AS $$ ${ran('cast')} SELECT 1 $$`,
    'CREATE CAST (varchar AS integer) WITH FUNCTION public.planted_int(varchar) AS IMPLICIT',
    `CREATE COLLATION public."C" (provider = libc, locale = 'C')`,
    `CREATE COLLATION public."default" (provider = libc, locale = 'C')`,
  ];
};

/** Ways to move the server's search path toward the planted objects. */
const pathTricks = (consoleRole: string, database: string, serverRole: string): string[] => [
  'SET search_path = public, pg_catalog',
  `ALTER ROLE ${consoleRole} SET search_path = public, pg_catalog`,
  `ALTER ROLE ${serverRole} SET search_path = public, pg_catalog`,
  `ALTER DATABASE "${database}" SET search_path = public, pg_catalog`,
];

interface Setup {
  app: App;
  admin: ApiClient;
  operator: ApiClient;
  /** The role console statements run under. */
  consoleRole: string;
  /** The role the server connects as. */
  serverRole: string;
}

describeEachDatabase(
  'console users cannot plant objects the server resolves ($name)',
  (db) => {
    let env: TestEnvironment;
    let root: Knex;
    let database: string;
    const plain = `cb_test_plain_${randomBytes(4).toString('hex')}`;
    let users = 0;

    const base = (): AppConfig => env.config({ adminPassword: ADMIN_PASSWORD, sqlTimeoutMs: 5000 });

    /** A database of its own; for the non-superuser setup owned by a role with CREATEROLE (README). */
    const prepare = async (superuser: boolean) => {
      env = await db.create();
      const primary = base().dataSources[0];
      if (!primary) throw new Error('no data source');
      database = primary.database ?? '';
      root = knex({ client: 'pg', connection: primary.connection, pool: { min: 0, max: 2 } });
      await root.raw(`CREATE TABLE public.${MARKER} (what text)`);
      await root.raw(`GRANT ALL ON public.${MARKER} TO PUBLIC`);
      if (!superuser) {
        await root.raw(`CREATE ROLE ${plain} LOGIN CREATEROLE PASSWORD 'plain-pass'`);
        await root.raw(`ALTER DATABASE "${database}" OWNER TO ${plain}`);
      }
    };

    const cleanUp = async (consoleRoles: Set<string>) => {
      // Should the attack have worked, the shared console role must not stay a superuser.
      for (const role of consoleRoles) {
        await root.raw(`ALTER ROLE ${role} NOSUPERUSER`).catch(() => undefined);
        await root.raw(`ALTER ROLE ${role} RESET ALL`).catch(() => undefined);
      }
      await root.raw(`ALTER DATABASE "${database}" OWNER TO CURRENT_USER`).catch(() => undefined);
      await root.raw(`REASSIGN OWNED BY ${plain} TO CURRENT_USER`).catch(() => undefined);
      await root.raw(`DROP OWNED BY ${plain}`).catch(() => undefined);
      await root.destroy();
      await env.drop();
      const admin = knex({ client: 'pg', connection: process.env.PG_URL, pool: { min: 0, max: 1 } });
      await admin.raw(`DROP ROLE IF EXISTS ${plain}`).finally(() => admin.destroy());
    };

    const build = async (superuser: boolean): Promise<Setup> => {
      const config = base();
      const connection = new URL(config.dataSources[0]?.connection ?? '');
      if (!superuser) {
        connection.username = plain;
        connection.password = 'plain-pass';
      }
      const app = await buildApp(
        {
          ...config,
          dataSources: config.dataSources.map((source) => ({ ...source, connection: connection.toString() })),
        },
        { webRoot: '/nonexistent-web-root' },
      );
      users += 1;
      const username = `planter${users}`;
      await createUser(app, {
        username,
        password: 'Planter-pass-1',
        roles: { [`ROLE_PLANTER${users}`]: 'sql:execute' },
      });
      const operator = apiClient(app, (await login(app, username, 'Planter-pass-1')).cookie, {
        'accept-language': 'en',
      });
      const admin = apiClient(app, (await login(app)).cookie);
      const who = await operator.post(SQL, { sql: 'SELECT current_user AS me, session_user AS server' });
      expect(who.statusCode, who.body).toBe(200);
      const [consoleRole, serverRole] = who.json().rows[0] as [string, string];
      expect(consoleRole).not.toBe(serverRole);
      return { app, admin, operator, consoleRole, serverRole };
    };

    /** Ordinary work of the server: sign in, list, search, create, change a table's design. */
    const ordinaryWork = async ({ app, admin }: Setup, table: string, column: string) => {
      const signedIn = await login(app);
      expect(signedIn.response.statusCode, signedIn.response.body).toBe(200);
      const wrong = await login(app, 'superadmin', 'Not-the-password-1');
      expect(wrong.response.statusCode).toBe(401);
      const created = await admin.post(`/api/business/${table}`, { name: 'widget', label: 'Blue' });
      expect(created.statusCode, created.body).toBe(201);
      const list = await admin.get(`/api/business/${table}?name=widget`);
      expect(list.statusCode, list.body).toBe(200);
      const search = await admin.get(`/api/business/${table}?search=blu`);
      expect(search.statusCode, search.body).toBe(200);
      const tables = await admin.get('/api/metadata/tables?search=plant');
      expect(tables.statusCode, tables.body).toBe(200);
      const users = await admin.get('/api/users/me');
      expect(users.statusCode, users.body).toBe(200);
      const stored = (await admin.get(`/api/metadata/tables/name/${table}`)).json();
      const changed = await admin.patch(`/api/metadata/tables/${stored.id}`, {
        lastModifiedDate: stored.lastModifiedDate,
        columns: [...stored.columns, { name: column, caption: column, dataType: 'VARCHAR', length: 30 }],
      });
      expect(changed.statusCode, changed.body).toBe(200);
    };

    const attack = async (superuser: boolean) => {
      await prepare(superuser);
      const consoleRoles = new Set<string>();
      try {
        await attackOn(superuser, consoleRoles);
      } finally {
        await cleanUp(consoleRoles);
      }
    };

    const attackOn = async (superuser: boolean, consoleRoles: Set<string>) => {
      const setup = await build(superuser);
      const { operator, admin, consoleRole, serverRole, app } = setup;
      consoleRoles.add(consoleRole);
      const table = `planted_${superuser ? 'su' : 'plain'}`;
      await createTableViaApi(admin, {
        name: table,
        caption: table,
        columns: [...SYSTEM_COLUMNS, { name: 'label', caption: 'label', dataType: 'VARCHAR', length: 30 }],
      });
      const planted: string[] = [];
      for (const sql of [...plants(consoleRole), ...pathTricks(consoleRole, database, serverRole)]) {
        const response = await operator.post(SQL, { sql, readOnly: false });
        if (response.statusCode === 200) planted.push(sql);
      }
      // The console role creates nothing where the server looks.
      expect(planted.filter((sql) => sql.startsWith('CREATE'))).toEqual([]);
      await ordinaryWork(setup, table, 'extra1');
      // A fresh server on the same database too (new connections, any role or database defaults).
      await app.close();
      const again = await build(superuser);
      await ordinaryWork(again, table, 'extra2');
      const { rows: marks } = (await root.raw(`SELECT what FROM public.${MARKER}`)) as {
        rows: { what: string }[];
      };
      expect(marks.map((mark) => mark.what)).toEqual([]);
      const { rows } = (await root.raw('SELECT rolsuper FROM pg_roles WHERE rolname = ?', [consoleRole])) as {
        rows: { rolsuper: boolean }[];
      };
      expect(rows[0]?.rolsuper).toBe(false);
      // The server's own connections search pg_catalog and the data source's schema only.
      const { rows: paths } = (await again.app.dataSources.primary.knex.raw('SHOW search_path')) as {
        rows: { search_path: string }[];
      };
      expect(paths[0]?.search_path).toMatch(/pg_catalog/);
      expect(paths[0]?.search_path).toMatch(/pg_temp$/);
      await again.app.close();
    };

    describe('on PostgreSQL', () => {
      it('the documented superuser setup runs none of them', () => attack(true), 120_000);
      it('a non-superuser crudboard account with CREATEROLE runs none of them', () => attack(false), 120_000);
    });
  },
  (db) => db.name === 'pg',
);
