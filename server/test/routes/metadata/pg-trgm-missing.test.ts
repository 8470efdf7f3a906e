import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DataSourceConfig } from '../../../src/config';
import { apiClient, SYSTEM_COLUMNS } from '../../helpers/metadata-api';
import { ADMIN_PASSWORD, login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';

const ROLE = `cb_no_ext_${process.pid}`;

/**
 * A PostgreSQL account that may create tables but not install pg_trgm (it is not the database's
 * owner and holds no CREATE on it): a table with a search index is refused with a message that
 * says what the database lacks, and nothing of it is left behind. Not a 500.
 */
describeEachDatabase(
  'a search index where pg_trgm cannot be installed ($name)',
  (db) => {
    const apps = useTestApps(db);
    let owner: Knex;
    let limited: DataSourceConfig;

    beforeAll(async () => {
      const [first] = apps.config().dataSources;
      if (!first) throw new Error('no primary data source');
      owner = knex({ client: 'pg', connection: first.connection, pool: { min: 0, max: 1 } });
      await owner.raw('DROP EXTENSION IF EXISTS pg_trgm CASCADE');
      await owner.raw(`DROP ROLE IF EXISTS ${ROLE}`);
      await owner.raw(`CREATE ROLE ${ROLE} LOGIN PASSWORD 'limited'`);
      await owner.raw(`CREATE SCHEMA limited AUTHORIZATION ${ROLE}`);
      const url = new URL(first.connection);
      url.username = ROLE;
      url.password = 'limited';
      limited = {
        ...first,
        name: 'limited',
        caption: 'limited',
        connection: url.toString(),
        schema: 'limited',
      };
    });
    afterAll(async () => {
      await owner?.raw('DROP SCHEMA IF EXISTS limited CASCADE');
      await owner?.raw(`DROP OWNED BY ${ROLE}`).catch(() => undefined);
      await owner?.raw(`DROP ROLE IF EXISTS ${ROLE}`);
      await owner?.destroy();
    });

    it('refuses the table with a clear message and changes nothing', async () => {
      const app = await apps.build({}, apps.env().config({ adminPassword: ADMIN_PASSWORD }, [limited]));
      const { cookie } = await login(app);
      const api = apiClient(app, cookie, { dataSource: 'limited' });
      const created = await api.post('/api/metadata/tables', {
        name: 'memo',
        caption: 'memo',
        // fullTextBody carries the search index.
        columns: [...SYSTEM_COLUMNS, { name: 'body', caption: 'body', dataType: 'TEXT' }],
      });
      expect(created.statusCode, created.body).toBe(409);
      expect(created.json()).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/pg_trgm/) });
      const tables = await owner.raw(
        "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'limited' AND tablename = 'memo'",
      );
      expect((tables as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
      const listed = (await api.get('/api/metadata/tables?limit=100')).json() as { name: string }[];
      expect(listed.map((table) => table.name)).not.toContain('memo');

      // Without the search index the same table is made.
      const plain = await api.post('/api/metadata/tables', {
        name: 'memo',
        caption: 'memo',
        columns: [
          ...SYSTEM_COLUMNS.map(({ indexType, ...column }) =>
            indexType === 'FULLTEXT' ? column : { ...column, indexType },
          ),
          { name: 'body', caption: 'body', dataType: 'TEXT' },
        ],
      });
      expect(plain.statusCode, plain.body).toBe(201);
    });
  },
  (db) => db.name === 'pg',
);
