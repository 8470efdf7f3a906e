import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DataSourceConfig } from '../../../src/config';
import { apiClient, type ApiClient } from '../../helpers/metadata-api';
import { ADMIN_PASSWORD, login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';

/**
 * A PostgreSQL data source may name a schema other than the connection's default: crudboard then
 * sees, reverses, queries and changes the tables of that schema only, and the SQL console runs there.
 */
describeEachDatabase(
  'a PostgreSQL data source on a schema of its own ($name)',
  (db) => {
    const apps = useTestApps(db);
    let owner: Knex;
    let primary: DataSourceConfig;

    beforeAll(async () => {
      const [first] = apps.config().dataSources;
      if (!first) throw new Error('no primary data source');
      primary = first;
      owner = knex({ client: 'pg', connection: primary.connection, pool: { min: 0, max: 1 } });
      // The same table names in public and in "Sales 2026" (a schema name that needs quoting).
      await owner.raw('CREATE TABLE public.ledger (id serial PRIMARY KEY, note text)');
      await owner.raw("INSERT INTO public.ledger (note) VALUES ('public row')");
      await owner.raw('CREATE SCHEMA "Sales 2026"');
      await owner.raw('CREATE TABLE "Sales 2026".region (id serial PRIMARY KEY, name varchar(50) NOT NULL)');
      await owner.raw(
        `CREATE TABLE "Sales 2026".ledger (
           id serial PRIMARY KEY,
           amount numeric(10, 2) NOT NULL,
           region_id integer REFERENCES "Sales 2026".region (id)
         )`,
      );
      await owner.raw(`INSERT INTO "Sales 2026".region (name) VALUES ('东区'), ('西区')`);
      await owner.raw(
        `INSERT INTO "Sales 2026".ledger (amount, region_id) VALUES (10.50, 1), (20.00, 2), (5.25, 1)`,
      );
    });
    afterAll(async () => {
      await owner?.destroy();
    });

    const setup = async (): Promise<{ api: ApiClient }> => {
      const sales: DataSourceConfig = { ...primary, name: 'sales', caption: '销售', schema: 'Sales 2026' };
      const app = await apps.build({}, apps.env().config({ adminPassword: ADMIN_PASSWORD }, [sales]));
      const { cookie } = await login(app);
      return { api: apiClient(app, cookie, { dataSource: 'sales' }) };
    };

    it('lists, reverses and serves the tables of its schema, not those of public', async () => {
      const { api } = await setup();
      const listed = await api.get('/api/metadata/tables/metadatas');
      expect(listed.statusCode, listed.body).toBe(200);
      const physical = listed.json() as { tableName: string }[];
      const names = physical.map((table) => table.tableName);
      expect(names).toEqual(expect.arrayContaining(['ledger', 'region']));
      const ledgerColumns = (await api.get('/api/metadata/tables/metadatas/ledger')).json() as {
        columns: { name: string }[];
      };
      expect(ledgerColumns.columns.map((column) => column.name)).toEqual(['id', 'amount', 'region_id']);

      const reversed = await api.post('/api/metadata/tables/metadatas/reverse', ['ledger', 'region']);
      expect(reversed.statusCode, reversed.body).toBe(201);
      expect((await api.get('/api/business/ledger/count')).json()).toBe(3);
      const listedRows = await api.get('/api/business/ledger?orderby=id');
      expect(listedRows.statusCode, listedRows.body).toBe(200);
      const rows = listedRows.json() as {
        amount: unknown;
      }[];
      expect(rows.map((row) => Number(row.amount))).toEqual([10.5, 20, 5.25]);
      expect((await api.get('/api/business/ledger/count?region_id=1')).json()).toBe(2);

      const created = await api.post('/api/business/ledger', { amount: 7, region_id: 2 });
      expect(created.statusCode, created.body).toBe(201);
      const inSchema = await owner.raw('SELECT count(*)::int AS n FROM "Sales 2026".ledger');
      expect(inSchema.rows[0].n).toBe(4);
      const inPublic = await owner.raw('SELECT count(*)::int AS n FROM public.ledger');
      expect(inPublic.rows[0].n).toBe(1);

      // The relation from the foreign key, and a column added in the designer lands in the schema.
      const relations = (await api.get('/api/metadata/tablerelations')).json() as {
        name: string;
        relationType: string;
        fromTable: { name: string };
      }[];
      const toRegion = relations.find(
        (relation) => relation.fromTable.name === 'ledger' && relation.relationType === 'ManyToOne',
      );
      if (!toRegion) throw new Error('no relation from ledger to region');
      const first = (await api.get(`/api/business/ledger/1?expand=${toRegion.name}`)).json();
      expect(first[toRegion.name]).toMatchObject({ name: '东区' });
      const table = (await api.get('/api/metadata/tables/name/ledger')).json() as {
        id: number;
        columns: unknown[];
      };
      const changed = await api.patch(`/api/metadata/tables/${table.id}`, {
        ...table,
        columns: [...table.columns, { name: 'memo', dataType: 'VARCHAR', length: 40 }],
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const memo = await owner.raw(
        `SELECT table_schema FROM information_schema.columns WHERE table_name = 'ledger' AND column_name = 'memo'`,
      );
      expect(memo.rows.map((row: { table_schema: string }) => row.table_schema)).toEqual(['Sales 2026']);
    });

    it('runs the SQL console in its schema', async () => {
      const { api } = await setup();
      const result = await api.post('/api/metadata/sqls/execute', {
        sql: 'select count(*) as n from ledger',
        readOnly: true,
      });
      expect(result.statusCode, result.body).toBe(200);
      expect(Number(result.json().rows[0][0])).toBeGreaterThanOrEqual(3);
    });
  },
  (db) => db.name === 'pg',
);
