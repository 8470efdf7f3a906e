import { randomBytes } from 'node:crypto';
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { preparePgConsoleRole, type PgConsoleLog } from '../../../src/dialects/sql/pg-console-role';
import { describeEachDatabase, type TestEnvironment } from '../../helpers/test-databases';

const quiet: PgConsoleLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

describeEachDatabase(
  'the PostgreSQL console role ($name)',
  (db) => {
    let env: TestEnvironment;
    let owner: Knex;
    const role = `cb_test_console_${randomBytes(4).toString('hex')}`;
    const open = () => {
      const config = env.config().dataSources[0];
      if (!config) throw new Error('no data source');
      return knex({ client: 'pg', connection: config.connection, pool: { min: 0, max: 2 } });
    };
    beforeAll(async () => {
      env = await db.create();
      owner = open();
      await owner.schema.createTable('cb_secret', (table) => table.increments('id'));
      await owner.schema.createTable('business_thing', (table) => table.increments('id'));
    });
    afterAll(async () => {
      await owner.raw(`DROP OWNED BY ${role}`).catch(() => undefined);
      await owner.destroy();
      await env.drop();
      const admin = knex({ client: 'pg', connection: process.env.PG_URL, pool: { min: 0, max: 1 } });
      await admin.raw(`DROP ROLE IF EXISTS ${role}`).finally(() => admin.destroy());
    });

    it('is created once when several servers start together, with rights on business tables only', async () => {
      const servers = [open(), open(), open(), open()];
      try {
        const found = await Promise.all(
          servers.map((server) => preparePgConsoleRole(server, undefined, quiet, role)),
        );
        expect(found.map((f) => f.role)).toEqual([role, role, role, role]);
      } finally {
        await Promise.all(servers.map((server) => server.destroy()));
      }
      const rights = async (table: string) =>
        (
          (await owner.raw(
            `SELECT has_table_privilege(?, ?, 'SELECT') AS s, has_table_privilege(?, ?, 'INSERT') AS i`,
            [role, table, role, table],
          )) as { rows: { s: boolean; i: boolean }[] }
        ).rows[0];
      expect(await rights('business_thing')).toEqual({ s: true, i: true });
      expect(await rights('cb_secret')).toEqual({ s: false, i: false });
      // A table created later is covered by the default privileges.
      await owner.schema.createTable('business_later', (table) => table.increments('id'));
      expect(await rights('business_later')).toEqual({ s: true, i: true });
    });

    it('sets right at the next start what was changed by hand, and changes nothing when all is right', async () => {
      const server = open();
      try {
        await preparePgConsoleRole(server, undefined, quiet, role);
        await owner.raw(`GRANT SELECT ON cb_secret TO ${role}`);
        await owner.raw(`REVOKE DELETE ON business_thing FROM ${role}`);
        const statements: string[] = [];
        const onQuery = (query: { sql: string }) => statements.push(query.sql);
        server.on('query', onQuery);
        await preparePgConsoleRole(server, undefined, quiet, role);
        const changes = () =>
          statements.filter((sql) => /^(GRANT|REVOKE) \w+(, \w+)* ON (TABLE|SEQUENCE)/.test(sql));
        expect(changes()).toEqual([
          expect.stringMatching(/^GRANT .* ON TABLE "public"."business_thing" TO/),
          expect.stringMatching(/^REVOKE ALL ON TABLE "public"."cb_secret" FROM/),
        ]);
        const privilege = async (table: string, right: string) =>
          (
            (await owner.raw('SELECT has_table_privilege(?, ?, ?) AS p', [role, table, right])) as {
              rows: { p: boolean }[];
            }
          ).rows[0]?.p;
        expect(await privilege('cb_secret', 'SELECT')).toBe(false);
        expect(await privilege('business_thing', 'DELETE')).toBe(true);
        statements.length = 0;
        await preparePgConsoleRole(server, undefined, quiet, role);
        expect(changes()).toEqual([]);
      } finally {
        await server.destroy();
      }
    });

    it('is prepared by a non-superuser with CREATEROLE, which may then take it', async () => {
      const login = `cb_test_owner_${randomBytes(4).toString('hex')}`;
      const created = `${role}_b`;
      const database = (env.config().dataSources[0]?.database ?? '').replaceAll('"', '');
      await owner.raw(`CREATE ROLE ${login} LOGIN CREATEROLE PASSWORD 'owner-pass'`);
      const url = new URL(env.config().dataSources[0]?.connection ?? '');
      url.username = login;
      url.password = 'owner-pass';
      const server = knex({ client: 'pg', connection: url.toString(), pool: { min: 0, max: 1 } });
      try {
        await owner.raw(`GRANT CREATE, USAGE ON SCHEMA public TO ${login}`);
        await owner.raw(`GRANT CONNECT ON DATABASE "${database}" TO ${login}`);
        await server.schema.createTable('cb_owned', (table) => table.increments('id'));
        await server.schema.createTable('owned_thing', (table) => table.increments('id'));
        const found = await preparePgConsoleRole(server, undefined, quiet, created);
        expect(found).toEqual({ role: created, superuser: false, privileged: false });
        const seen = await server.transaction(async (trx) => {
          await trx.raw(`SET LOCAL ROLE ${created}`);
          const { rows } = (await trx.raw(
            `SELECT current_user AS me, has_table_privilege('owned_thing', 'SELECT') AS business,
                    has_table_privilege('cb_owned', 'SELECT') AS own`,
          )) as { rows: unknown[] };
          return rows[0];
        });
        expect(seen).toEqual({ me: created, business: true, own: false });
      } finally {
        await server.destroy();
        for (const name of [created, login]) {
          await owner.raw(`DROP OWNED BY ${name}`).catch(() => undefined);
        }
        await owner.schema.dropTableIfExists('cb_owned');
        await owner.schema.dropTableIfExists('owned_thing');
        const admin = knex({ client: 'pg', connection: process.env.PG_URL, pool: { min: 0, max: 1 } });
        try {
          await admin.raw(`DROP ROLE IF EXISTS ${created}`);
          await admin.raw(`DROP ROLE IF EXISTS ${login}`);
        } finally {
          await admin.destroy();
        }
      }
    });

    it('creates nothing where the server looks: takes back an earlier CREATE, refuses one left or what it made there', async () => {
      const created = `${role}_c`;
      const errors: string[] = [];
      const log: PgConsoleLog = { ...quiet, error: (_fields, message) => errors.push(message) };
      const creates = async () =>
        (
          (await owner.raw(`SELECT has_schema_privilege(?, 'public', 'CREATE') AS c`, [created])) as {
            rows: { c: boolean }[];
          }
        ).rows[0]?.c;
      try {
        expect((await preparePgConsoleRole(owner, undefined, quiet, created)).role).toBe(created);
        // As an earlier release granted it.
        await owner.raw(`GRANT CREATE ON SCHEMA public TO ${created}`);
        expect(await creates()).toBe(true);
        expect((await preparePgConsoleRole(owner, undefined, log, created)).role).toBe(created);
        expect(await creates()).toBe(false);
        // CREATE through PUBLIC is the operator's to take back: the role is not used meanwhile.
        await owner.raw('GRANT CREATE ON SCHEMA public TO PUBLIC');
        try {
          expect((await preparePgConsoleRole(owner, undefined, log, created)).role).toBeUndefined();
          expect(errors.pop()).toMatch(/may create objects in "public"/);
        } finally {
          await owner.raw('REVOKE CREATE ON SCHEMA public FROM PUBLIC');
        }
        // An operator a console user planted while the role could create.
        await owner.raw(
          'CREATE FUNCTION public.planted_eq(varchar, varchar) RETURNS boolean LANGUAGE sql AS $$ SELECT texteq($1, $2) $$',
        );
        await owner.raw(
          'CREATE OPERATOR public.= (LEFTARG = varchar, RIGHTARG = varchar, FUNCTION = public.planted_eq)',
        );
        await owner.raw(`ALTER FUNCTION public.planted_eq(varchar, varchar) OWNER TO ${created}`);
        await owner.raw(`ALTER OPERATOR public.= (varchar, varchar) OWNER TO ${created}`);
        expect((await preparePgConsoleRole(owner, undefined, log, created)).role).toBeUndefined();
        expect(errors.pop()).toMatch(/owns function public\.planted_eq, operator public\.=/);
        // Named by the operator, the same.
        expect((await preparePgConsoleRole(owner, created, log)).role).toBeUndefined();
        expect(errors.pop()).toMatch(/owns function/);
      } finally {
        await owner.raw('DROP OPERATOR IF EXISTS public.= (varchar, varchar)');
        await owner.raw('DROP FUNCTION IF EXISTS public.planted_eq(varchar, varchar)');
        await owner.raw(`DROP OWNED BY ${created}`).catch(() => undefined);
        await owner.raw(`DROP ROLE IF EXISTS ${created}`);
      }
    });

    it('takes a safe role named by the operator as it is', async () => {
      const named = `${role}_m`;
      await owner.raw(`CREATE ROLE ${named} NOLOGIN`);
      try {
        expect((await preparePgConsoleRole(owner, named, quiet)).role).toBe(named);
        const { rows } = (await owner.raw(`SELECT has_table_privilege(?, 'business_thing', 'SELECT') AS s`, [
          named,
        ])) as { rows: { s: boolean }[] };
        expect(rows[0]?.s).toBe(false);
      } finally {
        await owner.raw(`DROP OWNED BY ${named}`);
        await owner.raw(`DROP ROLE ${named}`);
      }
    });

    it('refuses a named role that is unsafe or missing', async () => {
      const errors: string[] = [];
      const log: PgConsoleLog = { ...quiet, error: (_fields, message) => errors.push(message) };
      expect((await preparePgConsoleRole(owner, 'no_such_role_here', log)).role).toBeUndefined();
      const { rows } = (await owner.raw('SELECT current_user AS me')) as { rows: { me: string }[] };
      // The connecting role is a superuser in the test setup.
      expect((await preparePgConsoleRole(owner, rows[0]?.me, log)).role).toBeUndefined();
      expect(errors).toEqual([expect.stringMatching(/does not exist/), expect.stringMatching(/superuser/)]);
    });
  },
  (db) => db.name === 'pg',
);
