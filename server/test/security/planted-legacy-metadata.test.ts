import { join } from 'node:path';
import knex, { type Knex } from 'knex';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app';
import type { DataSourceConfig } from '../../src/config';
import { runMigrations } from '../../src/db/migrate';
import { moveSourceMetadata } from '../../src/db/move-source-metadata';
import { META, SYSTEM } from '../../src/db/table-names';
import { apiClient } from '../helpers/metadata-api';
import { login } from '../helpers/test-app';
import { describeEachDatabase, itOn, type TestEnvironment } from '../helpers/test-databases';
import { createUser } from '../helpers/users';

const ADMIN_PASSWORD = 'Test-admin-Pass-1';
const PEEK_PASSWORD = 'Peek-pass-1';
const stamps = { createdDate: 1, lastModifiedDate: 1 };

/**
 * Someone who may write to a connected database, but has no account in crudboard, plants `cb_meta_*`
 * rows there as an earlier release kept them, hoping the upgrade moves them into `primary`: tables
 * naming crudboard's own tables of `primary` (users with their password hashes, role grants), a
 * column whose name carries a quote, a systemable table nobody could delete, a table that does not
 * exist. Nothing of it may reach `primary`; the server starts, names the rows, and serves the rest.
 */
describeEachDatabase('metadata planted in a connected database ($name)', { timeout: 120_000 }, (db) => {
  let primaryEnv: TestEnvironment;
  let sourceEnv: TestEnvironment | undefined;
  const open: App[] = [];
  const logs: string[] = [];

  beforeEach(async () => {
    primaryEnv = await db.create();
    // MySQL: a database of its own on the same server (whose account reaches primary's database).
    sourceEnv = db.name === 'mysql' ? await db.create() : undefined;
    logs.length = 0;
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((app) => app.close()));
    await sourceEnv?.drop();
    await primaryEnv?.drop();
  });

  const primaryConfig = (): DataSourceConfig => {
    const [config] = primaryEnv.config().dataSources;
    if (!config) throw new Error('no primary database');
    return config;
  };

  /**
   * The connected database `legacy`: SQLite, a file of its own; PostgreSQL, a schema of primary's
   * database (public, where primary's tables are, stays on its search path); MySQL, a database of
   * its own on primary's server.
   */
  const sourceConfig = (): DataSourceConfig => {
    if (db.name === 'sqlite')
      return {
        name: 'legacy',
        caption: '旧系统',
        client: 'sqlite',
        connection: join(primaryEnv.dataDir, 'legacy.sqlite'),
        database: 'legacy.sqlite',
      };
    if (db.name === 'pg') return { ...primaryConfig(), name: 'legacy', caption: '旧系统', schema: 'legacy' };
    const [config] = (sourceEnv as TestEnvironment).config().dataSources;
    if (!config) throw new Error('no source database');
    return { ...config, name: 'legacy', caption: '旧系统' };
  };

  /** How the attacker's table names reach `primary`'s `cb_` tables from the connected database. */
  const reach = (table: string): string =>
    db.name === 'mysql'
      ? `${primaryConfig().database}.${table}`
      : db.name === 'pg'
        ? `public.${table}`
        : `main.${table}`;

  const openSource = (): Knex => {
    const config = sourceConfig();
    return knex({
      client: db.name === 'sqlite' ? 'better-sqlite3' : db.name === 'pg' ? 'pg' : 'mysql2',
      connection: db.name === 'sqlite' ? { filename: config.connection } : config.connection,
      ...(db.name === 'pg' ? { searchPath: ['legacy', 'public'] } : {}),
      useNullAsDefault: true,
    });
  };

  const build = async (): Promise<App> => {
    const app = await buildApp(primaryEnv.config({ adminPassword: ADMIN_PASSWORD }, [sourceConfig()]), {
      webRoot: '/nonexistent-web-root',
      logger: { level: 'warn', stream: { write: (line: string) => logs.push(line) } },
    });
    open.push(app);
    return app;
  };

  const addTable = async (
    source: Knex,
    table: { name: string; tableName: string; systemable?: boolean },
    columns: { name: string; dataType: string; length?: number; primary?: boolean }[],
  ): Promise<number> => {
    await source(META.table).insert({ reverse: true, systemable: false, ...table, ...stamps });
    const { id } = (await source(META.table).where('name', table.name).first('id')) as { id: number };
    for (const [i, column] of columns.entries())
      await source(META.column).insert({
        tableId: id,
        name: column.name,
        dataType: column.dataType,
        length: column.length ?? null,
        indexType: column.primary ? 'PRIMARY' : null,
        nullable: !column.primary,
        queryable: true,
        displayOrder: i,
        ...stamps,
      });
    return id;
  };

  const ID = { name: 'id', dataType: 'BIGINT', primary: true };

  /** The release before: a real table `note`, its metadata, and the attacker's rows beside it. */
  const plant = async (): Promise<void> => {
    // Primary's tables are there for the attack to aim at: it started once without the source.
    const first = await buildApp(primaryEnv.config({ adminPassword: ADMIN_PASSWORD }), {
      webRoot: '/nonexistent-web-root',
    });
    await first.close();
    if (db.name === 'pg') {
      const admin = knex({ client: 'pg', connection: primaryConfig().connection });
      await admin.raw('CREATE SCHEMA legacy');
      await admin.destroy();
    }
    const source = openSource();
    try {
      for (const name of ['note', 'quoted', 'locked']) {
        await source.schema.createTable(name, (t) => {
          t.bigIncrements('id');
          t.string('body', 100);
        });
      }
      await source('note').insert([{ body: 'a' }, { body: 'b' }]);
      await runMigrations(source, { system: false });
      await addTable(source, { name: 'note', tableName: 'note' }, [
        ID,
        { name: 'body', dataType: 'VARCHAR', length: 100 },
      ]);
      await addTable(source, { name: 'users', tableName: reach('cb_user') }, [
        ID,
        { name: 'username', dataType: 'VARCHAR', length: 100 },
        { name: 'password', dataType: 'VARCHAR', length: 200 },
      ]);
      await addTable(
        source,
        { name: 'grants', tableName: db.name === 'pg' ? 'cb_user_role' : reach('cb_user_role') },
        [ID, { name: 'userId', dataType: 'BIGINT' }, { name: 'roleId', dataType: 'BIGINT' }],
      );
      await addTable(source, { name: 'quoted', tableName: 'quoted' }, [
        ID,
        { name: 'bo"dy', dataType: 'VARCHAR', length: 100 },
      ]);
      await addTable(source, { name: 'locked', tableName: 'locked', systemable: true }, [
        ID,
        { name: 'body', dataType: 'VARCHAR', length: 100 },
      ]);
      await addTable(source, { name: 'ghost', tableName: 'ghost' }, [ID]);
    } finally {
      await source.destroy();
    }
  };

  const PLANTED = ['users', 'grants', 'quoted', 'locked', 'ghost'];

  it('moves none of the planted rows into primary, names them, and serves everything else', async () => {
    await plant();
    const app = await build();
    const primary = app.dataSources.primary.knex;

    // Nothing of the source reached primary's metadata: the move was refused as a whole.
    expect(await primary(META.table).where('dataSource', 'legacy').select('name')).toEqual([]);
    // Start-up said so, naming each planted row and what is wrong with it.
    const refusal = logs
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((entry) => entry.dataSource === 'legacy' && String(entry.msg).includes('not moved'));
    expect(refusal, logs.join('\n')).toBeDefined();
    const problems = (refusal?.problems ?? []) as string[];
    for (const name of PLANTED)
      expect(
        problems.some((problem) => problem.includes(`(${name})`)),
        `${name}: ${problems.join('\n')}`,
      ).toBe(true);
    expect(problems.some((problem) => problem.includes('(note)'))).toBe(false);
    // The source's own copies stay where they were, for the administrator to look at.
    const sourceDb = app.dataSources.get('legacy')?.knex as Knex;
    expect(await sourceDb.schema.hasTable(META.table)).toBe(true);

    // Running the move again refuses it the same way, and names the rows by id.
    const again = await moveSourceMetadata(primary, sourceDb, 'legacy');
    expect(again.kind).toBe('refused');
    if (again.kind === 'refused')
      expect(again.problems.find((problem) => problem.includes('(locked)'))).toMatch(/cb_meta_table #\d+/);

    // The server serves: signing in, primary's tables, the connected database (reversed anew).
    const { cookie } = await login(app, 'superadmin', ADMIN_PASSWORD);
    const legacy = apiClient(app, cookie, { dataSource: 'legacy' });
    expect((await apiClient(app, cookie).get('/api/metadata/tables?limit=5')).statusCode).toBe(200);
    expect((await legacy.get('/api/metadata/tables')).json()).toEqual([]);
  });

  it('gives a user granted the planted tables neither the users’ password hashes nor a role', async () => {
    await plant();
    const app = await build();
    const primary = app.dataSources.primary.knex;
    const peekId = await createUser(app, {
      username: 'peek',
      password: PEEK_PASSWORD,
      roles: { ROLE_PEEK: 'business:legacy.users:read,business:legacy.grants:create' },
    });
    const superRole = (await primary(SYSTEM.role).where('code', 'ROLE_SUPER_ADMIN').first('id')) as {
      id: number;
    };
    const peek = apiClient(app, (await login(app, 'peek', PEEK_PASSWORD)).cookie, { dataSource: 'legacy' });
    const read = await peek.get('/api/business/users');
    expect(read.body).not.toContain('superadmin');
    expect(read.statusCode).toBe(404);
    const grant = await peek.post('/api/business/grants', { userId: peekId, roleId: superRole.id });
    expect(grant.statusCode).toBe(404);
    const roles = (await primary(SYSTEM.userRole).where('userId', peekId).select('roleId')).map((row) =>
      Number(row.roleId),
    );
    expect(roles).not.toContain(Number(superRole.id));
  });

  it('moves the connected database once its planted rows are gone', async () => {
    await plant();
    await (await build()).close();
    const source = openSource();
    try {
      const planted = source(META.table).whereIn('name', PLANTED).select('id');
      await source(META.column).whereIn('tableId', planted).delete();
      await source(META.table).whereIn('name', PLANTED).delete();
    } finally {
      await source.destroy();
    }
    const app = await build();
    const { cookie } = await login(app, 'superadmin', ADMIN_PASSWORD);
    const legacy = apiClient(app, cookie, { dataSource: 'legacy' });
    expect(
      ((await legacy.get('/api/metadata/tables')).json() as { name: string }[]).map((t) => t.name),
    ).toEqual(['note']);
    const rows = (await legacy.get('/api/business/note?orderby=id%20ASC')).json() as { body: string }[];
    expect(rows.map((row) => row.body)).toEqual(['a', 'b']);
    expect(await (app.dataSources.get('legacy')?.knex as Knex).schema.hasTable(META.table)).toBe(false);
  });

  itOn(
    db,
    'pg',
    'mysql',
  )('aims at primary’s users, which the connected database reaches', async () => {
    await plant();
    const source = openSource();
    try {
      expect((await source(reach('cb_user')).select('username')).length).toBeGreaterThan(0);
    } finally {
      await source.destroy();
    }
  });
});
