import { expect, it } from 'vitest';
import { apiClient } from '../../helpers/metadata-api';
import { clearTables } from '../../helpers/physical-schema';
import { login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';

const TABLE = 'Ledger Lines';
const NAME = 'ledgerLines';

describeEachDatabase(
  "keeping the row count of a reversed table, at the administrator's choice ($name)",
  (db) => {
    const apps = useTestApps(db);

    const setup = async () => {
      const app = await apps.build();
      const { cookie } = await login(app);
      const api = apiClient(app, cookie);
      const knex = app.dataSources.primary.knex;
      await knex.schema.dropViewIfExists('ledger_view');
      await clearTables(knex);
      // Another application's table, with rows before crudboard sees it.
      await knex.schema.createTable(TABLE, (t) => {
        t.increments('id');
        t.string('note', 200);
      });
      await knex(TABLE).insert(Array.from({ length: 30 }, (_, i) => ({ note: `line ${i}` })));
      const reversed = await api.post('/api/metadata/tables/metadatas/reverse', [TABLE]);
      expect(reversed.statusCode, reversed.body).toBe(201);
      const [id] = reversed.json() as number[];
      const count = async () => {
        const response = await api.get(`/api/business/${NAME}/count`);
        expect(response.statusCode, response.body).toBe(200);
        return response.json() as number;
      };
      return { app, api, knex, id: id as number, count };
    };

    it('keeps it once asked, exactly through writes and a rollback, and stops on request', async () => {
      const { api, knex, id, count } = await setup();
      const state = await api.get(`/api/metadata/tables/${id}/row-count`);
      expect(state.statusCode, state.body).toBe(200);
      if (db.name === 'sqlite') {
        expect(state.json()).toEqual({ owned: false, kept: false, estimatedRows: null, notKept: 'cheap' });
        const refused = await api.patch(`/api/metadata/tables/${id}/row-count`, { kept: true });
        expect(refused.statusCode).toBe(409);
        expect(refused.json().message).toMatch(/不需要保持行数/);
        return;
      }
      expect(state.json()).toMatchObject({ owned: false, kept: false, notKept: null });
      // Nothing of crudboard's is on the table until the administrator asks: counts scan it.
      expect(await count()).toBe(30);
      const kept = await api.patch(`/api/metadata/tables/${id}/row-count`, { kept: true });
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json()).toMatchObject({ owned: false, kept: true, notKept: null });
      // The very next count reads the kept one, though a count just found no count table there.
      const statements: string[] = [];
      knex.on('query', (query: { sql: string }) => statements.push(query.sql));
      expect(await count()).toBe(30);
      expect(statements.some((sql) => /cb_row_(delta|count)/.test(sql))).toBe(true);
      expect(statements.filter((sql) => /count\(\*\)/i.test(sql) && sql.includes(TABLE))).toEqual([]);
      await knex(TABLE).insert({ note: 'new' });
      await knex(TABLE).where('note', 'line 0').delete();
      const trx = await knex.transaction();
      await trx(TABLE).insert({ note: 'pending' });
      expect(await count()).toBe(30);
      await trx.rollback();
      expect(await count()).toBe(30);
      // Asking again changes nothing.
      expect((await api.patch(`/api/metadata/tables/${id}/row-count`, { kept: true })).json().kept).toBe(
        true,
      );
      expect(await count()).toBe(30);
      const stopped = await api.patch(`/api/metadata/tables/${id}/row-count`, { kept: false });
      expect(stopped.statusCode, stopped.body).toBe(200);
      expect(stopped.json().kept).toBe(false);
      await knex(TABLE).insert({ note: 'after' });
      expect(await count()).toBe(31);
      // No table keeps its count any more: nothing of crudboard's is left in the database.
      expect(await knex.schema.hasTable(db.name === 'pg' ? 'cb_row_delta' : 'cb_row_count')).toBe(false);
    });

    it("answers 409 for crudboard's own tables and for views, 400 for a bad body, 404 for no table", async () => {
      const { api, knex, id } = await setup();
      const own = await api.post('/api/metadata/tables', {
        name: 'ownTable',
        columns: [{ name: 'id', dataType: 'BIGINT', indexType: 'PRIMARY', autoIncrement: true }],
      });
      expect(own.statusCode, own.body).toBe(201);
      const ownId = own.json() as number;
      const ownState = (await api.get(`/api/metadata/tables/${ownId}/row-count`)).json();
      expect(ownState.owned).toBe(true);
      if (db.name !== 'sqlite') expect(ownState.kept).toBe(true);
      const ownRefused = await api.patch(`/api/metadata/tables/${ownId}/row-count`, { kept: false });
      expect(ownRefused.statusCode).toBe(409);
      expect(ownRefused.json().message).toMatch(/由 crudboard 创建/);
      expect((await api.patch(`/api/metadata/tables/${id}/row-count`, { kept: 'yes' })).statusCode).toBe(400);
      expect((await api.patch(`/api/metadata/tables/${id}/row-count`, {})).statusCode).toBe(400);
      expect((await api.get('/api/metadata/tables/999999/row-count')).statusCode).toBe(404);
      if (db.name === 'sqlite') return;
      await knex.raw(
        `CREATE VIEW ledger_view AS SELECT * FROM ${db.name === 'pg' ? '"Ledger Lines"' : '`Ledger Lines`'}`,
      );
      const view = await api.post('/api/metadata/tables/metadatas/reverse', ['ledger_view']);
      expect(view.statusCode, view.body).toBe(201);
      const [viewId] = view.json() as number[];
      expect((await api.get(`/api/metadata/tables/${viewId}/row-count`)).json().notKept).toBe('view');
      const refused = await api.patch(`/api/metadata/tables/${viewId}/row-count`, { kept: true });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/视图/);
      await api.delete('/api/metadata/tables?isDropPhysicalTable=false', [viewId, ownId]);
      await knex.schema.dropViewIfExists('ledger_view');
      if (db.name !== 'mysql') return;
      // MySQL: a cascade deletes rows without firing their triggers.
      await knex.schema.dropTableIfExists('ledger_child');
      await knex.schema.createTable('ledger_child', (t) => {
        t.increments('id');
        t.integer('lineId').unsigned().references('id').inTable(TABLE).onDelete('CASCADE');
      });
      const child = await api.post('/api/metadata/tables/metadatas/reverse', ['ledger_child']);
      expect(child.statusCode, child.body).toBe(201);
      const [childId] = child.json() as number[];
      const cascade = await api.patch(`/api/metadata/tables/${childId}/row-count`, { kept: true });
      expect(cascade.statusCode).toBe(409);
      expect(cascade.json().message).toMatch(/级联删除/);
      await api.delete('/api/metadata/tables?isDropPhysicalTable=false', [childId]);
      await knex.schema.dropTableIfExists('ledger_child');
    });
  },
);
