import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import knex, { type Knex } from 'knex';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app';
import { loadConfig, type DataSourceConfig } from '../../src/config';
import { runMigrations } from '../../src/db/migrate';
import { META, SYSTEM } from '../../src/db/table-names';
import { apiClient, type ApiClient } from '../helpers/metadata-api';
import { login } from '../helpers/test-app';
import { describeEachDatabase, type TestEnvironment } from '../helpers/test-databases';

const FIXTURE = resolve(import.meta.dirname, '../fixtures/upgrade-0.1');
/** The super admin's password in the fixture (see its make.ts). */
const FIXTURE_PASSWORD = 'Upgrade-test-1';

/**
 * crudboard's tables in a source, but for the MySQL console account's password
 * (`cb_console_account`), which that source's console account needs today; it is to move to primary.
 */
const isCrudboardTable = (name: string): boolean =>
  name.toLowerCase().startsWith('cb_') && name.toLowerCase() !== 'cb_console_account';

/** Every table of a SQLite file whose name starts with `cb_`. */
const crudboardTables = async (db: Knex): Promise<string[]> =>
  (
    (await db.raw(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'cb\\_%' ESCAPE '\\'",
    )) as {
      name: string;
    }[]
  ).map((row) => row.name);

const columnId = (table: { columns: { id: number; name: string }[] }, name: string): number => {
  const column = table.columns.find((candidate) => candidate.name === name);
  if (!column) throw new Error(`no column ${name}`);
  return column.id;
};

describe('upgrading a data directory made by release 0.1, whose second data source kept its own metadata', () => {
  let dir: string;
  let app: App | undefined;

  // A fresh copy for each test (and each retry).
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'crudboard-upgrade-'));
    for (const file of ['crudboard.sqlite', 'legacy.sqlite'])
      copyFileSync(join(FIXTURE, file), join(dir, file));
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  const start = async () => {
    await app?.close();
    const config = loadConfig(
      {
        DATA_DIR: dir,
        DATA_SOURCES: JSON.stringify([
          { name: 'legacy', caption: '旧系统', client: 'sqlite', connection: 'legacy.sqlite' },
        ]),
      },
      dir,
    );
    app = await buildApp(config, { webRoot: '/nonexistent-web-root' });
    const { cookie } = await login(app, 'superadmin', FIXTURE_PASSWORD);
    expect(cookie).not.toBe('');
    return { app, api: apiClient(app, cookie), legacy: apiClient(app, cookie, { dataSource: 'legacy' }) };
  };

  it('moves tables, sequences, relations, layouts, value dialogs and permissions into primary, losing nothing', async () => {
    const { app, api, legacy } = await start();
    const legacyDb = app.dataSources.get('legacy')?.knex as Knex;

    // The connected database holds its own tables only (the one crudboard made, `ticket`, included).
    expect(await crudboardTables(legacyDb)).toEqual([]);
    // The activity log the extension kept there moved into primary, under the source's name (the
    // feed now reads the record history; the log earlier releases wrote is kept as it was).
    const moved = (await app.dataSources.primary
      .knex('cb_ext_activity')
      .select('dataSource', 'tableName', 'action')) as {
      dataSource: string;
      tableName: string;
      action: string;
    }[];
    expect(moved).toEqual([{ dataSource: 'legacy', tableName: 'ticket', action: 'create' }]);

    const tables = (await legacy.get('/api/metadata/tables?limit=100')).json() as {
      id: number;
      name: string;
      tableName: string;
      columns: { id: number; name: string; seqId: number | null }[];
    }[];
    expect(tables.map((table) => table.tableName).sort()).toEqual(['album', 'artist', 'ticket']);
    const primaryTables = (await api.get('/api/metadata/tables?limit=100&systemable=false')).json() as {
      name: string;
    }[];
    expect(primaryTables.map((table) => table.name)).toEqual(['memo']);
    const ticket = tables.find((table) => table.name === 'ticket');
    const album = tables.find((table) => table.name === 'album');
    if (!ticket || !album) throw new Error('ticket or album missing');

    // Sequences: each source its own, the legacy one still counting from where it was.
    const sequences = (await legacy.get('/api/metadata/sequences?limit=100')).json() as {
      id: number;
      name: string;
    }[];
    expect(sequences.map((sequence) => sequence.name)).toEqual(['ticketNo']);
    expect(ticket.columns.find((column) => column.name === 'code')?.seqId).toBe(sequences[0]?.id);
    expect(
      ((await api.get('/api/metadata/sequences?limit=100')).json() as { name: string }[]).map((s) => s.name),
    ).toEqual(['memoNo']);
    const created = await legacy.post('/api/business/ticket', { subject: '退货' });
    expect(created.statusCode, created.body).toBe(201);
    const rows = (await legacy.get('/api/business/ticket?orderby=id%20ASC')).json() as { code: string }[];
    expect(rows.map((row) => row.code)).toEqual(['T0007', 'T0008']);

    // Relations: the foreign key reversed with the batch, and the one made by hand.
    const relations = (await legacy.get('/api/metadata/tablerelations?limit=100')).json() as {
      name: string;
      fromTable: { id: number };
      toTable: { id: number };
    }[];
    // The foreign key album.artist_id reversed with the batch (both ways), and the one made by hand.
    expect(relations.map((relation) => relation.name).sort()).toEqual(['album', 'albums', 'artist']);
    const expanded = (await legacy.get('/api/business/album?orderby=id%20ASC')).json() as {
      artist?: { name: string };
    }[];
    expect(expanded[0]?.artist?.name).toBe('AC/DC');

    // What primary keeps about the source's tables points at the new ids.
    const layouts: { tableId: number; body: string }[] = await app.dataSources.primary
      .knex(SYSTEM.tableFormBuilder)
      .where('dataSource', 'legacy');
    expect(layouts).toHaveLength(1);
    expect(layouts[0]?.tableId).toBe(ticket.id);
    expect(JSON.parse(String(layouts[0]?.body))).toEqual([
      { columnId: columnId(ticket, 'subject'), width: 24 },
      { columnId: columnId(ticket, 'code'), width: 12 },
    ]);
    const dialogs: { tableId: number; columnId: number }[] = await app.dataSources.primary
      .knex(SYSTEM.columnExtProperty)
      .where('dataSource', 'legacy');
    expect(dialogs.map((row) => [Number(row.tableId), Number(row.columnId)])).toEqual([
      [album.id, columnId(album, 'title')],
    ]);
    const permissions: { tableId: number; columns: string }[] = await app.dataSources.primary
      .knex(SYSTEM.tablePermission)
      .where('dataSource', 'legacy');
    expect(permissions.map((row) => Number(row.tableId))).toEqual([ticket.id]);
    expect(JSON.parse(String(permissions[0]?.columns))).toEqual([
      { columnId: columnId(ticket, 'code'), read: false, update: false },
    ]);
    const saved = (await api.get('/api/business/sqlQuery?limit=10')).json() as {
      name: string;
      dataSource: string;
    }[];
    expect(saved.map((row) => [row.name, row.dataSource])).toEqual([['albums', 'legacy']]);
  });

  it('starts again without moving anything twice', async () => {
    await start();
    const { app, legacy } = await start();
    expect(
      await app.dataSources.primary.knex(META.table).where('dataSource', 'legacy').count({ n: '*' }),
    ).toEqual([{ n: 3 }]);
    expect((await legacy.get('/api/metadata/tables/count')).json()).toBe(3);
  });
});

describeEachDatabase('the metadata of another data source moves into primary on upgrade ($name)', (db) => {
  let primaryEnv: TestEnvironment;
  let sourceEnv: TestEnvironment;
  const open: App[] = [];
  // Fresh databases for each test (and each retry).
  beforeEach(async () => {
    primaryEnv = await db.create();
    sourceEnv = await db.create();
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((app) => app.close()));
    await primaryEnv?.drop();
    await sourceEnv?.drop();
  });

  /** The second environment's database as data source `legacy` of an app on the first. */
  const sourceConfig = (): DataSourceConfig => {
    const [config] = sourceEnv.config().dataSources;
    if (!config) throw new Error('no source database');
    return db.name === 'sqlite'
      ? { ...config, name: 'legacy', connection: join(sourceEnv.dataDir, 'legacy.sqlite') }
      : { ...config, name: 'legacy' };
  };

  const build = async (): Promise<{ app: App; legacy: ApiClient }> => {
    const app = await buildApp(primaryEnv.config({ adminPassword: 'Test-admin-Pass-1' }, [sourceConfig()]), {
      webRoot: '/nonexistent-web-root',
    });
    open.push(app);
    const { cookie } = await login(app);
    return { app, legacy: apiClient(app, cookie, { dataSource: 'legacy' }) };
  };

  it('copies the rows with new ids, then drops crudboard’s tables from the source', async () => {
    // The release before: the source's own metadata tables, describing a table `note`.
    const source = knex({
      client: db.name === 'sqlite' ? 'better-sqlite3' : db.name === 'pg' ? 'pg' : 'mysql2',
      connection: db.name === 'sqlite' ? { filename: sourceConfig().connection } : sourceConfig().connection,
      useNullAsDefault: true,
    });
    try {
      await source.schema.createTable('note', (t) => {
        t.increments('id');
        t.string('body', 100);
      });
      await source('note').insert([{ body: 'a' }, { body: 'b' }]);
      await runMigrations(source, { system: false });
      const stamps = { createdDate: 1, lastModifiedDate: 1 };
      // A first table taking id 1 and dropped, so that ids differ from primary's next ones.
      await source(META.table).insert({ name: 'gone', tableName: 'gone', reverse: true, ...stamps });
      await source(META.table).where('name', 'gone').delete();
      await source(META.table).insert({ name: 'note', tableName: 'note', reverse: true, ...stamps });
      const tableId = ((await source(META.table).where('name', 'note').first('id')) as { id: number }).id;
      await source(META.column).insert({
        tableId,
        name: 'id',
        dataType: 'INT',
        indexType: 'PRIMARY',
        autoIncrement: true,
        nullable: false,
        queryable: true,
        displayOrder: 0,
        ...stamps,
      });
      await source(META.column).insert({
        tableId,
        name: 'body',
        dataType: 'VARCHAR',
        length: 100,
        queryable: true,
        displayOrder: 1,
        ...stamps,
      });
    } finally {
      await source.destroy();
    }

    const { app, legacy } = await build();
    const tables = (await legacy.get('/api/metadata/tables')).json() as { id: number; name: string }[];
    expect(tables.map((table) => table.name)).toEqual(['note']);
    const rows = (await legacy.get('/api/business/note?orderby=id%20ASC')).json() as { body: string }[];
    expect(rows.map((row) => row.body)).toEqual(['a', 'b']);
    const sourceDb = app.dataSources.get('legacy')?.knex as Knex;
    const left = await physicalNames(sourceDb, db.name);
    expect(left.filter(isCrudboardTable)).toEqual([]);
  });

  it('leaves primary’s own metadata in place when a data source shares primary’s database', async () => {
    const [primary] = primaryEnv.config().dataSources;
    if (!primary) throw new Error('no primary database');
    const shared: DataSourceConfig = {
      ...primary,
      name: 'legacy',
      ...(db.name === 'sqlite' ? { connection: join(primaryEnv.dataDir, 'crudboard.sqlite') } : {}),
    };
    const config = primaryEnv.config({ adminPassword: 'Test-admin-Pass-1' });
    await (await buildApp(config, { webRoot: '/nonexistent-web-root' })).close();
    const logs: string[] = [];
    const app = await buildApp(primaryEnv.config({ adminPassword: 'Test-admin-Pass-1' }, [shared]), {
      webRoot: '/nonexistent-web-root',
      logger: { level: 'warn', stream: { write: (line: string) => logs.push(line) } },
    });
    open.push(app);
    // Neither a refused move nor metadata left in place is reported.
    expect(logs.filter((line) => /metadata|cb_meta/.test(line))).toEqual([]);
    const knex = app.dataSources.primary.knex;
    expect(await knex.schema.hasTable(META.table)).toBe(true);
    expect(await knex(META.table).where('dataSource', 'legacy').count({ n: '*' })).toEqual([{ n: 0 }]);
    const { cookie } = await login(app);
    const tables = await apiClient(app, cookie).get('/api/metadata/tables?limit=100');
    expect(tables.statusCode, tables.body).toBe(200);
    expect((tables.json() as { name: string }[]).map((table) => table.name)).toContain('user');
  });

  it('adds nothing of its own to a source it only reverses, describes and lays out', async () => {
    const { app, legacy } = await build();
    const sourceDb = app.dataSources.get('legacy')?.knex as Knex;
    await sourceDb.schema.createTable('plain', (t) => {
      t.increments('id');
      t.string('title', 50);
    });
    const reversed = await legacy.post('/api/metadata/tables/metadatas/reverse', ['plain']);
    expect(reversed.statusCode, reversed.body).toBe(201);
    // Counted and listed without any of crudboard's tables there (no kept row counts).
    await sourceDb('plain').insert([{ title: 'x' }, { title: 'y' }]);
    const count = await legacy.get('/api/business/plain/count');
    expect(count.statusCode, count.body).toBe(200);
    expect(count.json()).toBe(2);
    expect((await legacy.get('/api/business/plain?search=y')).json()).toMatchObject([{ title: 'y' }]);
    expect(
      (
        await legacy.post('/api/metadata/sequences', {
          name: 'plainNo',
          sequenceType: 'LONG',
          minValue: 1,
          maxValue: 100,
          nextValue: 1,
          incrementBy: 1,
        })
      ).statusCode,
    ).toBe(201);
    const names = await physicalNames(sourceDb, db.name);
    expect(names.filter(isCrudboardTable)).toEqual([]);
  });
});

/** The tables of the data source's database (its current schema on PostgreSQL). */
const physicalNames = async (db: Knex, client: string): Promise<string[]> => {
  if (client === 'sqlite') return crudboardTables(db);
  if (client === 'pg') {
    const { rows } = (await db.raw(
      'SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()',
    )) as { rows: { name: string }[] };
    return rows.map((row) => row.name);
  }
  const [rows] = (await db.raw(
    'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()',
  )) as [{ name: string }[]];
  return rows.map((row) => row.name);
};
