import { expect, it } from 'vitest';
import { indexPhysicalName } from '../../../src/dialects/derived-name';
import { apiClient, createTableViaApi, SYSTEM_COLUMNS } from '../../helpers/metadata-api';
import { clearTables, physicalIndexNames } from '../../helpers/physical-schema';
import { login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';

interface Table {
  id: number;
  tableName: string;
  columns: { id: number; name: string; indexType: string | null }[];
}

const withoutFlag = SYSTEM_COLUMNS.filter((column) => column.name !== 'isDeleted');
const flagOf = (table: Table) => table.columns.find((column) => column.name === 'isDeleted');

describeEachDatabase('index of the isDeleted column ($name)', (db) => {
  const apps = useTestApps(db);

  const setup = async () => {
    const app = await apps.build();
    const { cookie } = await login(app);
    const knex = app.dataSources.primary.knex;
    await clearTables(knex);
    return { api: apiClient(app, cookie), knex };
  };

  it('is created with a designed table, and for the column added later; it goes with the column', async () => {
    const { api, knex } = await setup();
    const flagIndex = (tableName: string) => indexPhysicalName(tableName, 'idx_isDeleted');

    const note: Table = await createTableViaApi(api, {
      name: 'note',
      caption: '便签',
      columns: SYSTEM_COLUMNS,
    });
    expect(flagOf(note)?.indexType).toBe('INDEX');
    expect(await physicalIndexNames(knex, 'note')).toContain(flagIndex('note'));

    const memo: Table = await createTableViaApi(api, { name: 'memo', caption: '备忘', columns: withoutFlag });
    expect(await physicalIndexNames(knex, 'memo')).not.toContain(flagIndex('memo'));
    const added = await api.patch(`/api/metadata/tables/${memo.id}`, {
      columns: [...memo.columns, { name: 'isDeleted', caption: '是否删除', dataType: 'BOOL' }],
    });
    expect(added.statusCode, added.body).toBe(200);
    const withFlag: Table = (await api.get(`/api/metadata/tables/${memo.id}`)).json();
    expect(flagOf(withFlag)?.indexType).toBe('INDEX');
    expect(await physicalIndexNames(knex, 'memo')).toContain(flagIndex('memo'));
    expect((await api.post('/api/business/memo', { name: 'm', isDeleted: true })).statusCode).toBe(201);

    // Removed on purpose: stays removed on later edits.
    const unindexed = await api.patch(`/api/metadata/tables/${memo.id}`, {
      columns: withFlag.columns.map((column) =>
        column.name === 'isDeleted' ? { ...column, indexType: null } : column,
      ),
    });
    expect(unindexed.statusCode, unindexed.body).toBe(200);
    expect(await physicalIndexNames(knex, 'memo')).not.toContain(flagIndex('memo'));
    const edited = await api.patch(`/api/metadata/tables/${memo.id}`, { caption: '备忘录' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await physicalIndexNames(knex, 'memo')).not.toContain(flagIndex('memo'));

    const dropped = await api.patch(`/api/metadata/tables/${note.id}?confirmDataLoss=true`, {
      columns: note.columns.filter((column) => column.name !== 'isDeleted'),
    });
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(await physicalIndexNames(knex, 'note')).not.toContain(flagIndex('note'));
  });

  it('is not added when the column has an index or a composite index starts with it', async () => {
    const { api, knex } = await setup();
    const unique: Table = await createTableViaApi(api, {
      name: 'tag',
      caption: '标签',
      columns: [...withoutFlag, { name: 'isDeleted', dataType: 'BOOL', indexType: 'UNIQUE' }],
    });
    expect(flagOf(unique)?.indexType).toBe('UNIQUE');

    const composite: Table = await createTableViaApi(api, {
      name: 'post',
      caption: '帖子',
      columns: SYSTEM_COLUMNS,
      indexs: [
        {
          name: 'liveByDate',
          indexType: 'INDEX',
          indexLines: [{ column: { name: 'isDeleted' } }, { column: { name: 'createdDate' } }],
        },
      ],
    });
    expect(flagOf(composite)?.indexType).toBeNull();
    const postIndexes = await physicalIndexNames(knex, 'post');
    expect(postIndexes).toContain(indexPhysicalName('post', 'liveByDate'));
    expect(postIndexes).not.toContain(indexPhysicalName('post', 'isDeleted'));
  });
});
