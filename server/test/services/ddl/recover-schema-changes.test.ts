import type { Knex } from 'knex';
import { expect, it } from 'vitest';
import { inMetaTransaction } from '../../../src/db/metadata-home';
import { SHARED_STATE } from '../../../src/db/table-names';
import { fullTextFor } from '../../../src/dialects/full-text/full-text-for';
import { finalTableOf, mysqlSteps } from '../../../src/services/ddl/mysql-steps';
import { planTableChange } from '../../../src/services/ddl/plan-table-change';
import { markApplied, markCommitted, openJournal } from '../../../src/services/ddl/schema-journal';
import { repairSchemaChanges } from '../../../src/services/ddl/schema-lock';
import { listTables } from '../../../src/services/metadata-store';
import { createTable } from '../../../src/services/tables/create-table';
import { ErrorBag } from '../../../src/services/tables/error-bag';
import { indexDeletedFlag } from '../../../src/services/tables/index-deleted-flag';
import { loadTable } from '../../../src/services/tables/load-table';
import { mergeTableBody, tableDefFromStored } from '../../../src/services/tables/table-def-from-body';
import { updateTable } from '../../../src/services/tables/update-table';
import { updateTableMetadata } from '../../../src/services/tables/write-table-metadata';
import type { ColumnBody, TableBody } from '../../../src/schemas/table-body';
import { apiClient, SYSTEM_COLUMNS } from '../../helpers/metadata-api';
import { clearTables, physicalColumns, snapshot } from '../../helpers/physical-schema';
import { login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';

const now = '2024-01-01 00:00:00';

describeEachDatabase(
  'a schema change a dead server left half-applied ($name)',
  (db) => {
    const apps = useTestApps(db);

    const setup = async () => {
      const app = await apps.build();
      const knex = app.dataSources.primary.knex;
      await clearTables(knex);
      await knex(SHARED_STATE.schemaJournal).delete();
      const id = await createTable(knex, {
        name: 'parent',
        columns: [
          ...SYSTEM_COLUMNS,
          { name: 'code', dataType: 'VARCHAR', length: 20, indexType: 'UNIQUE' },
          { name: 'note', dataType: 'VARCHAR', length: 50 },
          { name: 'qty', dataType: 'INT', unsigned: true },
        ] satisfies ColumnBody[],
      });
      for (const [i, name] of ['一', 'two', '三'].entries()) {
        await knex('parent').insert({ name, code: `c${i}`, note: `note ${i}`, qty: i, createdDate: now });
      }
      const [table] = await listTables(knex, [id]);
      if (!table) throw new Error('no table');
      return { app, knex, table };
    };

    /** Renames code, drops note, widens qty, adds an indexed column: many steps on MySQL. */
    const bigEdit = (table: Awaited<ReturnType<typeof setup>>['table']): TableBody => ({
      columns: [
        ...table.columns
          .filter((column) => column.name !== 'note')
          .map((column) =>
            column.name === 'code'
              ? { ...column, name: 'sku', length: 40 }
              : column.name === 'qty'
                ? { ...column, dataType: 'BIGINT' as const, unsigned: false }
                : column,
          ),
        { name: 'color', dataType: 'VARCHAR' as const, length: 10, indexType: 'INDEX' as const },
      ],
    });

    /**
     * What a server that dies mid-change leaves: the journal entry, the first `applied` steps done,
     * of which the first `marked` recorded as done (a server can die between a statement and its mark).
     */
    const dieDuring = async (knex: Knex, id: number, body: TableBody, applied: number, marked = applied) => {
      const existing = tableDefFromStored(await loadTable(knex, id));
      const next = indexDeletedFlag(mergeTableBody(existing, body, new ErrorBag()));
      const { ops } = planTableChange(existing, next, 'mysql');
      const steps = mysqlSteps(
        { dialect: 'mysql', fullText: await fullTextFor(knex) },
        ops,
        finalTableOf(ops),
      );
      const journal = await openJournal(knex, ops);
      for (const [index, step] of steps.slice(0, applied).entries()) {
        await step.apply(knex);
        if (index < marked) await markApplied(knex, journal, index + 1);
      }
      return { existing, next, steps, journal };
    };

    it.each([
      [1, 1],
      [3, 3],
      [3, 2],
      [5, 4],
    ])(
      'takes back a change that died after %i steps (%i marked): table, data and metadata as before',
      async (applied, marked) => {
        const { knex, table } = await setup();
        const before = await snapshot(knex, 'parent');
        const { steps } = await dieDuring(knex, table.id, bigEdit(table), applied, marked);
        expect(steps.length).toBeGreaterThan(5);
        expect(await snapshot(knex, 'parent')).not.toEqual(before);

        expect(await repairSchemaChanges(knex)).toEqual([{ tables: ['parent'], outcome: 'undone' }]);
        expect(await snapshot(knex, 'parent')).toEqual(before);
        expect(await knex(SHARED_STATE.schemaJournal).select('id')).toEqual([]);
        expect(await repairSchemaChanges(knex)).toEqual([]);
      },
    );

    it("the designer's repair takes the change back and says the table is in step again", async () => {
      const { app, knex, table } = await setup();
      const before = await snapshot(knex, 'parent');
      await dieDuring(knex, table.id, bigEdit(table), 4);
      const api = apiClient(app, (await login(app)).cookie);
      const state = (await api.get(`/api/metadata/tables/${table.id}/schema-state`)).json();
      expect(state).toMatchObject({
        inStep: false,
        unfinishedChange: true,
        missingColumns: ['code', 'note'],
      });

      const repaired = await api.post(`/api/metadata/tables/${table.id}/schema-repair`, {});
      expect(repaired.statusCode, repaired.body).toBe(200);
      expect(repaired.json()).toEqual({
        inStep: true,
        unfinishedChange: false,
        missingColumns: [],
        extraColumns: [],
      });
      expect(await snapshot(knex, 'parent')).toEqual(before);
    });

    it('finishes a change whose metadata was committed: the dropped column goes, metadata agrees', async () => {
      const { knex, table } = await setup();
      const { existing, next, steps, journal } = await dieDuring(knex, table.id, bigEdit(table), Infinity);
      await inMetaTransaction(knex, async (meta) => {
        await updateTableMetadata(meta, existing, next, Date.now());
        await markCommitted(meta, journal);
      });
      expect(steps.some((step) => step.finalize)).toBe(true);
      expect(
        Object.keys(await physicalColumns(knex, 'parent')).some((name) => name.startsWith('cb_del_')),
      ).toBe(true);

      expect(await repairSchemaChanges(knex)).toEqual([{ tables: ['parent'], outcome: 'finished' }]);
      const stored = (await listTables(knex, [table.id]))[0];
      expect(Object.keys(await physicalColumns(knex, 'parent')).sort()).toEqual(
        stored?.columns.map((column) => column.name).sort(),
      );
      expect(await knex(SHARED_STATE.schemaJournal).select('id')).toEqual([]);
    });

    it('a list of the table answers 409 while it is out of step; the next schema change repairs it first', async () => {
      const { app, knex, table } = await setup();
      const before = await snapshot(knex, 'parent');
      await dieDuring(knex, table.id, bigEdit(table), 2);

      const { cookie } = await login(app);
      for (const [lang, pattern] of [
        ['en', /table parent's design is out of step .* table designer/],
        ['zh', /表 parent 的设计与数据库中的表不一致.*表设计器/],
      ] as const) {
        const list = await apiClient(app, cookie, { 'accept-language': lang }).get('/api/business/parent');
        expect(list.statusCode, list.body).toBe(409);
        expect(list.json()).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(pattern) });
      }

      const state = await apiClient(app, cookie).get(`/api/metadata/tables/${table.id}/schema-state`);
      expect(state.json()).toMatchObject({ inStep: false, unfinishedChange: true });

      // Another table's change (or this one's) takes the schema lock: the dead change goes first.
      await createTable(knex, { name: 'other', columns: SYSTEM_COLUMNS });
      expect((await snapshot(knex, 'parent')).columns).toEqual(before.columns);
      expect(await knex(SHARED_STATE.schemaJournal).select('id')).toEqual([]);
      await updateTable(knex, table.id, bigEdit(table), { confirmDataLoss: true });
      expect((await apiClient(app, cookie).get('/api/business/parent')).statusCode).toBe(200);
    });
  },
  (db) => db.name === 'mysql',
);

describeEachDatabase('a table whose columns are not what its metadata says ($name)', (db) => {
  const apps = useTestApps(db);

  it('is answered 409 (never 500), and the designer says which columns are missing', async () => {
    const app = await apps.build();
    const knex = app.dataSources.primary.knex;
    await clearTables(knex);
    const id = await createTable(knex, {
      name: 'crate',
      columns: [...SYSTEM_COLUMNS, { name: 'note', dataType: 'VARCHAR', length: 50 }] satisfies ColumnBody[],
    });
    const api = apiClient(app, (await login(app)).cookie, { 'accept-language': 'en' });
    expect((await api.get(`/api/metadata/tables/${id}/schema-state`)).json()).toEqual({
      inStep: true,
      unfinishedChange: false,
      missingColumns: [],
      extraColumns: [],
    });

    // The column is dropped behind crudboard's back (the SQL console, another program).
    await knex.schema.alterTable('crate', (t) => {
      t.dropColumn('note');
    });
    for (const url of ['/api/business/crate', '/api/business/crate/count?note=x', '/api/business/crate/1']) {
      const response = await api.get(url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(409);
      expect(response.json().message).toMatch(/^table crate's design is out of step/);
    }
    expect((await api.get(`/api/metadata/tables/${id}`)).statusCode).toBe(200);
    expect((await api.get(`/api/metadata/tables/${id}/schema-state`)).json()).toEqual({
      inStep: false,
      unfinishedChange: false,
      missingColumns: ['note'],
      extraColumns: [],
    });
  });
});
