import { expect, it } from 'vitest';
import { SYSTEM_COLUMNS } from '../../helpers/metadata-api';
import { physicalTables } from '../../helpers/physical-schema';
import { useTestApps } from '../../helpers/test-app';
import { cleanAdmin } from '../../helpers/clean-admin';
import { describeEachDatabase } from '../../helpers/test-databases';

/** A metadata file's table, as exported from another data source. */
const fileTable = (name: string, reverse: boolean) => ({
  id: 501,
  name,
  pluralName: `${name}s`,
  tableName: name,
  caption: name,
  reverse,
  columns: [...SYSTEM_COLUMNS, { name: 'note', caption: '备注', dataType: 'VARCHAR', length: 50 }],
});

describeEachDatabase('importing a metadata file: creating or attaching its tables ($name)', (db) => {
  const apps = useTestApps(db);

  const setup = () => cleanAdmin(apps);

  it('creates the tables of a file exported from reversed tables when asked (tables=create)', async () => {
    const { app, api } = await setup();
    const bundle = { tables: [fileTable('invoice', true)] };
    // As the file says: a reversed table needs its physical table, which this database lacks.
    const asFile = await api.post('/api/metadata/tables/import', bundle);
    expect(asFile.statusCode).toBe(400);
    expect(asFile.body).toContain('invoice');
    expect(await physicalTables(app.dataSources.primary.knex)).not.toContain('invoice');

    const created = await api.post('/api/metadata/tables/import?tables=create', bundle);
    expect(created.statusCode, created.body).toBe(201);
    expect(await physicalTables(app.dataSources.primary.knex)).toContain('invoice');
    const stored = (await api.get('/api/metadata/tables/name/invoice')).json();
    expect(stored.reverse).toBe(false);
    const id = await api.post('/api/business/invoice', { name: 'i1', note: 'created' });
    expect(id.statusCode, id.body).toBe(201);
  });

  it('attaches the tables of a file to tables the database has (tables=attach)', async () => {
    const { app, api } = await setup();
    const knex = app.dataSources.primary.knex;
    await knex.schema.createTable('ledger', (t) => {
      t.bigIncrements('id');
      t.string('name', 200).notNullable();
      t.text('fullTextBody');
      t.datetime('createdDate');
      t.datetime('lastModifiedDate');
      t.bigInteger('createById');
      t.bigInteger('updateById');
      t.bigInteger('ownerId');
      t.boolean('isDeleted').defaultTo(false);
      t.string('note', 50);
    });
    await knex('ledger').insert({ name: 'existing', note: 'kept', isDeleted: false });
    const bundle = { tables: [fileTable('ledger', false)] };
    const asFile = await api.post('/api/metadata/tables/import', bundle);
    expect(asFile.statusCode).toBe(409);

    const attached = await api.post('/api/metadata/tables/import?tables=attach', bundle);
    expect(attached.statusCode, attached.body).toBe(201);
    const stored = (await api.get('/api/metadata/tables/name/ledger')).json();
    expect(stored.reverse).toBe(true);
    const rows = (await api.get('/api/business/ledger')).json();
    expect(rows).toMatchObject([{ name: 'existing', note: 'kept' }]);
  });

  it('attaches none of crudboard’s own tables (the sessions and their tokens), changing nothing', async () => {
    const { app, api } = await setup();
    const answer = await api.post('/api/metadata/tables/import?tables=attach', {
      tables: [
        {
          name: 'sessions',
          tableName: 'cb_session',
          columns: [
            { name: 'id', dataType: 'VARCHAR', length: 200, indexType: 'PRIMARY' },
            { name: 'userId', dataType: 'BIGINT' },
          ],
        },
      ],
    });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().errors['tables.0.tableName']).toContain('cb_');
    expect((await api.get('/api/metadata/tables/name/sessions')).statusCode).toBe(404);
    expect(await physicalTables(app.dataSources.primary.knex)).toContain('cb_session');
  });

  it('refuses a mode it does not know, changing nothing', async () => {
    const { app, api } = await setup();
    const answer = await api.post('/api/metadata/tables/import?tables=replace', {
      tables: [fileTable('voucher', false)],
    });
    expect(answer.statusCode).toBe(400);
    expect(await physicalTables(app.dataSources.primary.knex)).not.toContain('voucher');
  });
});
