import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../../src/app';
import type { DataSourceConfig } from '../../../src/config';
import { dateTimeText } from '../../../src/db/clock';
import { system009StatePerDataSource } from '../../../src/db/migrations/system-009-state-per-data-source';
import { SYSTEM } from '../../../src/db/table-names';
import { apiClient, SYSTEM_COLUMNS, type ApiClient } from '../../helpers/metadata-api';
import { createTable, type CreatedTable } from '../../helpers/business-tables';
import { ADMIN_PASSWORD, login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase, type TestEnvironment } from '../../helpers/test-databases';

/** `filter` JSON of one equality (a `dataSource=` query parameter would name the data source). */
const whereEq = (column: string, value: string | number) =>
  encodeURIComponent(JSON.stringify({ columnName: column, operatorType: 'EQ', values: [value] }));

const count = async (app: App, table: string): Promise<number> =>
  Number(((await app.dataSources.primary.knex(table).count({ n: '*' }).first()) as { n: unknown }).n);

describeEachDatabase(
  "crudboard's state about another data source's tables lives in primary ($name)",
  (db) => {
    const apps = useTestApps(db);
    // The second data source: a SQLite file next to a SQLite primary, else a second database of
    // the same server (PostgreSQL, MariaDB).
    let secondDatabase: TestEnvironment | undefined;
    beforeAll(async () => {
      if (db.name !== 'sqlite') secondDatabase = await db.create();
    });
    afterAll(async () => {
      await secondDatabase?.drop();
    });

    /** An app with a second data source holding a table `remote`, and the admin's clients. */
    const setup = async (): Promise<{
      app: App;
      api: ApiClient;
      second: ApiClient;
      remote: CreatedTable;
    }> => {
      const env = apps.env();
      const [other] = secondDatabase?.config().dataSources ?? [];
      const source: DataSourceConfig = other
        ? { ...other, name: 'second', caption: '第二数据源' }
        : {
            name: 'second',
            caption: '第二数据源',
            client: 'sqlite',
            connection: join(env.dataDir, `second-${Date.now()}.sqlite`),
            database: 'second',
          };
      const app = await apps.build({}, env.config({ adminPassword: ADMIN_PASSWORD }, [source]));
      const { cookie } = await login(app);
      for (const table of [SYSTEM.tableFormBuilder, SYSTEM.columnExtProperty, SYSTEM.sqlQuery])
        await app.dataSources.primary.knex(table).delete();
      const second = apiClient(app, cookie, { dataSource: 'second' });
      // What primary still knows of the last test's tables goes, with the tables.
      const stale = (await second.get('/api/metadata/tables?limit=999')).json() as { id: number }[];
      if (stale.length > 0)
        expect(
          (
            await second.delete(
              '/api/metadata/tables?isDropPhysicalTable=true',
              stale.map((table) => table.id),
            )
          ).statusCode,
        ).toBe(204);
      const remote = await createTable(second, {
        name: 'remote',
        columns: [...SYSTEM_COLUMNS, { name: 'note', dataType: 'VARCHAR', length: 100 }],
      });
      return { app, api: apiClient(app, cookie), second, remote };
    };

    it('stores form layouts, value dialogs and saved SQL of another source in primary, apart from primary’s own', async () => {
      const { app, api, second, remote } = await setup();
      expect(await app.dataSources.get('second')?.knex.schema.hasTable(SYSTEM.tableFormBuilder)).toBe(false);
      const noteId = remote.columns.find((column) => column.name === 'note')?.id;

      const layout = { tableId: remote.id, device: 'pc', type: 'list', body: '[]' };
      expect(
        (await api.post('/api/business/tableFormBuilder', { ...layout, dataSource: 'second' })).statusCode,
      ).toBe(201);
      expect((await api.post('/api/business/tableFormBuilder', layout)).statusCode).toBe(201);
      const secondLayouts = (
        await api.get(`/api/business/tableFormBuilder?filter=${whereEq('dataSource', 'second')}`)
      ).json();
      expect(secondLayouts).toMatchObject([{ tableId: remote.id, dataSource: 'second' }]);

      // The same column's property on two sources: two records (ids are per source).
      const property = { tableId: remote.id, columnId: noteId, key: 'interface', value: '"textarea"' };
      expect(
        (await api.post('/api/business/columnExtProperty', { ...property, dataSource: 'second' })).statusCode,
      ).toBe(201);
      expect((await api.post('/api/business/columnExtProperty', property)).statusCode).toBe(201);
      expect(
        (await api.post('/api/business/columnExtProperty', { ...property, dataSource: 'second' })).statusCode,
      ).toBe(409);

      // A saved statement's name is unique within its source.
      const sql = { name: 'remoteNotes', sql: 'select * from remote' };
      expect((await api.post('/api/business/sqlQuery', { ...sql, dataSource: 'second' })).statusCode).toBe(
        201,
      );
      expect((await api.post('/api/business/sqlQuery', sql)).statusCode).toBe(201);
      expect((await api.post('/api/business/sqlQuery', { ...sql, dataSource: 'second' })).statusCode).toBe(
        409,
      );
      expect(
        (await api.get(`/api/business/sqlQuery?filter=${whereEq('dataSource', 'primary')}`)).json(),
      ).toMatchObject([{ name: 'remoteNotes', dataSource: 'primary' }]);

      // The second source itself holds none of crudboard's own tables.
      expect((await second.get('/api/business/tableFormBuilder')).statusCode).toBe(404);
    });

    it('refuses a record about a data source that is not configured, and stores nothing', async () => {
      const { app, api, remote } = await setup();
      const before = await Promise.all(
        [SYSTEM.tableFormBuilder, SYSTEM.columnExtProperty, SYSTEM.sqlQuery, SYSTEM.tablePermission].map(
          (table) => count(app, table),
        ),
      );
      const roleId = Number(
        (await app.dataSources.primary.knex(SYSTEM.role).whereNot('code', 'ROLE_SUPER_ADMIN').first())?.id ??
          (await api.post('/api/business/role', { name: '访客', code: 'ROLE_GUEST' })).json(),
      );
      const bodies: [string, Record<string, unknown>][] = [
        ['tableFormBuilder', { tableId: remote.id, device: 'pc', type: 'list', body: '[]' }],
        ['columnExtProperty', { tableId: remote.id, columnId: remote.columns[0]?.id, key: 'k', value: '1' }],
        ['sqlQuery', { name: 'nowhereSql', sql: 'select 1' }],
        ['tablePermission', { tableId: remote.id, roleId, permissions: '', columns: '{}' }],
      ];
      for (const [table, body] of bodies) {
        const refused = await api.post(`/api/business/${table}`, { ...body, dataSource: 'nowhere' });
        expect(refused.statusCode, table).toBe(400);
        expect(refused.json().errors?.dataSource, table).toMatch(/nowhere/);
      }
      const after = await Promise.all(
        [SYSTEM.tableFormBuilder, SYSTEM.columnExtProperty, SYSTEM.sqlQuery, SYSTEM.tablePermission].map(
          (table) => count(app, table),
        ),
      );
      expect(after).toEqual(before);
    });

    it('exports and imports the form layouts of another source’s tables', async () => {
      const { app, api, second, remote } = await setup();
      const noteId = remote.columns.find((column) => column.name === 'note')?.id;
      await api.post('/api/business/tableFormBuilder', {
        tableId: remote.id,
        dataSource: 'second',
        device: 'pc',
        type: 'create',
        body: JSON.stringify([{ columnId: noteId }]),
      });
      const exported = await second.post('/api/metadata/tables/export', [remote.id]);
      expect(exported.statusCode).toBe(201);
      const file = await app.inject({
        method: 'GET',
        url: exported.body,
        headers: { cookie: (await login(app)).cookie },
      });
      const bundle = file.json();
      expect(bundle.tableFormBuilders).toMatchObject([{ tableId: remote.id, type: 'create' }]);

      const renamed = {
        ...bundle,
        tables: bundle.tables.map((table: { name: string; pluralName: string; tableName: string }) => ({
          ...table,
          name: 'remoteCopy',
          pluralName: 'remoteCopies',
          tableName: 'remote_copy',
        })),
      };
      const imported = await second.post('/api/metadata/tables/import?tables=create', renamed);
      expect(imported.statusCode).toBe(201);
      const [copyId] = imported.json() as number[];
      const copy = (await second.get(`/api/metadata/tables/${copyId}`)).json() as CreatedTable;
      const layouts = await app.dataSources.primary
        .knex(SYSTEM.tableFormBuilder)
        .where({ dataSource: 'second', tableId: copyId });
      expect(layouts).toHaveLength(1);
      expect(JSON.parse(String(layouts[0].body))).toEqual([
        { columnId: copy.columns.find((column) => column.name === 'note')?.id },
      ]);
    });

    it('keeps every existing record on upgrade, as primary’s', async () => {
      const { app, api, remote } = await setup();
      const knex = app.dataSources.primary.knex;
      // The schema of the release before: no dataSource column.
      const { down } = system009StatePerDataSource;
      if (!down) throw new Error('system-009 has no down migration');
      await down(knex);
      expect(await knex.schema.hasColumn(SYSTEM.sqlQuery, 'dataSource')).toBe(false);
      const now = dateTimeText(new Date());
      const stamps = { createdDate: now, lastModifiedDate: now };
      await knex(SYSTEM.tableFormBuilder).insert({
        tableId: remote.id,
        device: 'pc',
        type: 'list',
        body: '[]',
        ...stamps,
      });
      await knex(SYSTEM.columnExtProperty).insert({
        tableId: remote.id,
        columnId: 1,
        key: 'k',
        value: '1',
        ...stamps,
      });
      await knex(SYSTEM.sqlQuery).insert({ name: 'kept', sql: 'select 1', ...stamps });

      await system009StatePerDataSource.up(knex);
      for (const table of [SYSTEM.tableFormBuilder, SYSTEM.columnExtProperty, SYSTEM.sqlQuery]) {
        const rows: Record<string, unknown>[] = await knex(table).select('dataSource');
        expect(
          rows.map((row) => row.dataSource),
          table,
        ).toEqual(['primary']);
      }
      // The unique rules now hold per data source.
      expect((await api.post('/api/business/sqlQuery', { name: 'kept', sql: 'select 2' })).statusCode).toBe(
        409,
      );
      expect(
        (await api.post('/api/business/sqlQuery', { name: 'kept', sql: 'select 2', dataSource: 'second' }))
          .statusCode,
      ).toBe(201);
    });
  },
);
