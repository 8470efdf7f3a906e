import { expect, it } from 'vitest';
import type { App } from '../../src/app';
import { apiClient, createTableViaApi, SYSTEM_COLUMNS, type ApiClient } from '../helpers/metadata-api';
import { physicalColumns } from '../helpers/physical-schema';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';
import { buildTwoInstances } from '../helpers/two-instances';

interface StoredTable {
  id: number;
  lastModifiedDate: number;
  columns: { name: string }[];
}

const stored = async (api: ApiClient, name: string): Promise<StoredTable> => {
  const response = await api.get(`/api/metadata/tables/name/${name}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

/** The metadata's column names and the physical table's, each sorted. */
const both = async (app: App, api: ApiClient, name: string) => ({
  metadata: (await stored(api, name)).columns.map((column) => column.name).sort(),
  physical: Object.keys(await physicalColumns(app.dataSources.primary.knex, name)).sort(),
});

const column = (name: string) => ({ name, caption: name, dataType: 'VARCHAR', length: 40 });

describeEachDatabase(
  'schema changes from two servers on one database ($name)',
  (db) => {
    const apps = useTestApps(db);
    let tables = 0;

    it('adding different columns to one table at once: both columns exist, metadata agrees with the table', async () => {
      const { a, b } = await buildTwoInstances(apps);
      const onA = apiClient(a, (await login(a)).cookie);
      const onB = apiClient(b, (await login(b)).cookie);
      tables += 1;
      const name = `crate${tables}`;
      await createTableViaApi(onA, { name, caption: '箱', columns: SYSTEM_COLUMNS });

      // Each server adds its own column to the table as it read it, at the same time, several
      // times over. The edits take turns: one whose read is outdated by then is refused (409, nothing
      // changed) and its client reads again and retries, as the web app's user would.
      let refusals = 0;
      const add = async (api: ApiClient, columnName: string) => {
        for (let attempt = 0; attempt < 5; attempt += 1) {
          const table = await stored(api, name);
          const response = await api.patch(`/api/metadata/tables/${table.id}`, {
            lastModifiedDate: table.lastModifiedDate,
            columns: [...table.columns, column(columnName)],
          });
          if (response.statusCode !== 409) return response;
          expect(response.json().code).toBe('CONFLICT');
          refusals += 1;
        }
        throw new Error(`${columnName}: refused five times`);
      };
      for (let round = 0; round < 3; round += 1) {
        const [fromA, fromB] = await Promise.all([add(onA, `a${round}`), add(onB, `b${round}`)]);
        expect(fromA.statusCode, fromA.body).toBe(200);
        expect(fromB.statusCode, fromB.body).toBe(200);
        const state = await both(a, onA, name);
        expect(state.metadata).toEqual(state.physical);
      }
      const state = await both(b, onB, name);
      expect(state.metadata).toEqual(state.physical);
      for (const added of ['a0', 'b0', 'a1', 'b1', 'a2', 'b2']) expect(state.metadata).toContain(added);
      // The reads raced: at least one edit was caught outdated.
      expect(refusals).toBeGreaterThan(0);
    });

    it('changing one column at once on both: metadata always agrees with the physical table', async () => {
      const { a, b } = await buildTwoInstances(apps);
      const onA = apiClient(a, (await login(a)).cookie);
      const onB = apiClient(b, (await login(b)).cookie);
      tables += 1;
      const name = `crate${tables}`;
      await createTableViaApi(onA, { name, caption: '箱', columns: [...SYSTEM_COLUMNS, column('label')] });
      const knex = a.dataSources.primary.knex;
      for (let round = 0; round < 6; round += 1) {
        const resize = async (api: ApiClient, length: number) => {
          const table = await stored(api, name);
          return api.patch(`/api/metadata/tables/${table.id}`, {
            columns: table.columns.map((c) => (c.name === 'label' ? { ...c, length } : c)),
          });
        };
        const [fromA, fromB] = await Promise.all([resize(onA, 50 + round), resize(onB, 80 + round)]);
        expect(fromA.statusCode, fromA.body).toBe(200);
        expect(fromB.statusCode, fromB.body).toBe(200);
        const meta = (await stored(onA, name)).columns.find((c) => c.name === 'label') as unknown as {
          length: number;
        };
        const physical = (await physicalColumns(knex, name)).label;
        expect(physical, `round ${round}`).toContain(`(${meta.length})`);
      }
    });
  },
  (db) => db.name !== 'sqlite',
);
