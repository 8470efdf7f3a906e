import { expect, it } from 'vitest';
import { indexPhysicalName } from '../../../src/dialects/derived-name';
import { apiClient, createTableViaApi, SYSTEM_COLUMNS, type ApiClient } from '../../helpers/metadata-api';
import { clearTables, physicalColumns, physicalIndexNames, snapshot } from '../../helpers/physical-schema';
import { login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';
import { createUser } from '../../helpers/users';
import { HOSTILE_NAMES } from '../../helpers/hostile-names';

type Column = { id?: number; name: string; [key: string]: unknown };
type Table = { id: number; tableName: string; columns: Column[]; indexs: { id: number; name: string }[] };

const now = '2024-01-01 00:00:00';

const ROWS = [
  { name: '苹果', code: 'A-001', note: '红色', qty: 10, createdDate: now },
  { name: 'banana', code: 'B-0002', note: null, qty: null, createdDate: now },
  { name: '樱桃', code: 'C-03', note: 'small', qty: 300, createdDate: now },
];

describeEachDatabase('PATCH /api/metadata/tables/{id} ($name)', (db) => {
  const apps = useTestApps(db);

  const setup = async () => {
    const app = await apps.build();
    const { cookie } = await login(app);
    const knex = app.dataSources.primary.knex;
    await clearTables(knex);
    const api = apiClient(app, cookie);
    const table: Table = await createTableViaApi(api, {
      name: 'product',
      caption: '产品',
      columns: [
        ...SYSTEM_COLUMNS,
        { name: 'code', dataType: 'VARCHAR', length: 20 },
        { name: 'note', dataType: 'VARCHAR', length: 50 },
        { name: 'qty', dataType: 'INT' },
      ],
    });
    for (const row of ROWS) await knex('product').insert(row);
    return { app, api, knex, table };
  };

  /** The stored columns (id and name only) with changes applied by name. */
  const columnsWith = (
    table: Table,
    changes: Record<string, Record<string, unknown> | null>,
    added: Column[] = [],
  ) => [
    ...table.columns
      .filter((column) => changes[column.name] !== null)
      .map((column) => ({ ...column, ...(changes[column.name] ?? {}) })),
    ...added,
  ];

  const patch = (api: ApiClient, table: Table, body: unknown, confirm = false) =>
    api.patch(`/api/metadata/tables/${table.id}${confirm ? '?confirmDataLoss=true' : ''}`, body);

  it('refuses an edit made from an outdated read (lastModifiedDate older than stored): 409, nothing changes', async () => {
    const { api, knex, table } = await setup();
    const read = (await api.get(`/api/metadata/tables/${table.id}`)).json() as Table & {
      lastModifiedDate: number;
    };
    const first = await api.patch(`/api/metadata/tables/${table.id}`, {
      lastModifiedDate: read.lastModifiedDate,
      columns: columnsWith(table, {}, [{ name: 'color', dataType: 'VARCHAR', length: 20 }]),
    });
    expect(first.statusCode, first.body).toBe(200);
    const before = await snapshot(knex, 'product');

    const outdated = await api.patch(`/api/metadata/tables/${table.id}`, {
      lastModifiedDate: read.lastModifiedDate,
      columns: columnsWith(table, {}, [{ name: 'size', dataType: 'VARCHAR', length: 20 }]),
    });
    expect(outdated.statusCode).toBe(409);
    expect(outdated.json()).toMatchObject({
      code: 'CONFLICT',
      message: '表 product 在您读取后已被修改，请重新加载后再保存',
    });
    // Any field, not only columns: the whole read is outdated.
    const caption = await api.patch(`/api/metadata/tables/${table.id}`, {
      lastModifiedDate: read.lastModifiedDate,
      caption: '旧',
    });
    expect(caption.statusCode).toBe(409);
    expect(await snapshot(knex, 'product')).toEqual(before);
    const columns = (await api.get(`/api/metadata/tables/${table.id}`))
      .json()
      .columns.map((c: Column) => c.name);
    expect(columns).toContain('color');
    expect(columns).not.toContain('size');

    // Read again: the edit goes through. Without lastModifiedDate there is no check (last edit wins).
    const fresh = (await api.get(`/api/metadata/tables/${table.id}`)).json() as { lastModifiedDate: number };
    expect(fresh.lastModifiedDate).toBeGreaterThan(read.lastModifiedDate);
    const again = await api.patch(`/api/metadata/tables/${table.id}`, {
      lastModifiedDate: fresh.lastModifiedDate,
      caption: '产品表',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await api.patch(`/api/metadata/tables/${table.id}`, { caption: '产品' })).statusCode).toBe(200);
  });

  it('keeps the data through rename, retype, widening, added columns and composite indexes', async () => {
    const { api, knex, table } = await setup();
    const response = await patch(api, table, {
      columns: columnsWith(
        table,
        { name: { name: 'title' }, note: { dataType: 'TEXT', length: null }, code: { length: 100 } },
        [
          { name: 'color', dataType: 'VARCHAR', length: 10 },
          { name: 'status', dataType: 'INT', nullable: false, defaultValue: '1' },
        ],
      ),
      indexs: [
        {
          name: 'titleQty',
          indexType: 'INDEX',
          indexLines: [{ column: { name: 'title' } }, { column: { name: 'qty' } }],
        },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(
      await knex('product').select('title', 'code', 'note', 'qty', 'color', 'status').orderBy('id'),
    ).toEqual(
      ROWS.map((row) => ({
        title: row.name,
        code: row.code,
        note: row.note,
        qty: row.qty,
        color: null,
        status: 1,
      })),
    );
    const types = await physicalColumns(knex, 'product');
    expect(types.note).toBe('text');
    expect(types.code).toMatch(/varchar|character varying/);
    expect(types.code).toMatch(/100/);
    expect(types).not.toHaveProperty('name');
    expect(await physicalIndexNames(knex, 'product')).toContain(indexPhysicalName('product', 'titleQty'));

    const stored: Table = (await api.get(`/api/metadata/tables/${table.id}`)).json();
    expect(stored.columns.find((c) => c.name === 'title')?.id).toBe(table.columns[1]?.id);
    expect(stored.indexs.map((index) => index.name)).toEqual(['titleQty']);

    expect(
      (await patch(api, stored, { indexs: [{ id: stored.indexs[0]?.id, name: 'byTitleQty' }] })).statusCode,
    ).toBe(200);
    expect(await physicalIndexNames(knex, 'product')).toContain(indexPhysicalName('product', 'byTitleQty'));
    expect(await physicalIndexNames(knex, 'product')).not.toContain(indexPhysicalName('product', 'titleQty'));

    expect((await patch(api, stored, { indexs: [] })).statusCode).toBe(200);
    const after: Table = (await api.get(`/api/metadata/tables/${table.id}`)).json();
    expect(after.indexs).toEqual([]);
    expect(after.columns).toEqual(stored.columns);
    expect(await physicalIndexNames(knex, 'product')).not.toContain(
      indexPhysicalName('product', 'byTitleQty'),
    );
    expect(await knex('product').count({ n: '*' }).first()).toMatchObject({ n: expect.anything() });
    expect((await knex('product').select('title').orderBy('id')).map((row) => row.title)).toEqual([
      '苹果',
      'banana',
      '樱桃',
    ]);
  });

  it('renames the table with its data and index names', async () => {
    const { api, knex, table } = await setup();
    await patch(api, table, {
      columns: columnsWith(table, { code: { indexType: 'UNIQUE', indexName: 'uk_code' } }),
    });
    const response = await patch(api, table, { name: 'goods', tableName: 'goods', pluralName: 'goodsList' });
    expect(response.statusCode).toBe(200);
    expect(await knex.schema.hasTable('product')).toBe(false);
    expect((await knex('goods').select('code').orderBy('id')).map((row) => row.code)).toEqual([
      'A-001',
      'B-0002',
      'C-03',
    ]);
    expect(await physicalIndexNames(knex, 'goods')).toContain(indexPhysicalName('goods', 'uk_code'));
    expect((await api.get('/api/metadata/tables/name/goodsList')).json().tableName).toBe('goods');
    const created = await createTableViaApi(api, {
      name: 'product',
      columns: [
        ...SYSTEM_COLUMNS,
        { name: 'code', dataType: 'VARCHAR', indexType: 'UNIQUE', indexName: 'uk_code' },
      ],
    });
    expect(created.tableName).toBe('product');
  });

  it.each([
    ['a shorter VARCHAR', { code: { length: 5 } }, 'code', 'B-000', /超过新长度 5/],
    ['dropping a column with values', { note: null }, 'note', undefined, /删除字段会丢失 2 行/],
    ['NOT NULL over NULLs without a default', { note: { nullable: false } }, 'note', '', /1 行为空值/],
    [
      'text that is not a number to INT',
      { code: { dataType: 'INT', length: null } },
      'code',
      null,
      /不能转换为 INT/,
    ],
    ['a smaller integer range', { qty: { dataType: 'TINYINT' } }, 'qty', 10, /超出新类型的范围/],
    [
      'a type the values cannot convert to',
      { createdDate: { dataType: 'INT' } },
      'createdDate',
      0,
      /3 行的值不能转换为 INT/,
    ],
  ])(
    'refuses %s (409, nothing changed) unless confirmed',
    async (_label, change, column, expected, message) => {
      const { api, knex, table } = await setup();
      const before = await snapshot(knex, 'product');
      const body = { columns: columnsWith(table, change as Record<string, Record<string, unknown> | null>) };
      const refused = await patch(api, table, body);
      if (refused.statusCode !== 409) console.log(refused.body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        code: 'CONFLICT',
        message: `修改会丢失以下字段的数据：${column}。确认丢失数据请加参数 confirmDataLoss=true 重新提交`,
        errors: { [column]: expect.stringMatching(message) },
      });
      expect(await snapshot(knex, 'product')).toEqual(before);

      const confirmed = await patch(api, table, body, true);
      expect(confirmed.statusCode).toBe(200);
      const rows = await knex('product').select('*').orderBy('id');
      if (expected === undefined) expect(rows[0]).not.toHaveProperty(column);
      else {
        const values = rows.map((row) => row[column]);
        expect(values).toContain(expected);
      }
      expect(rows.map((row) => row.name)).toEqual(['苹果', 'banana', '樱桃']);
    },
  );

  it('says it in English on request and refuses a unique index over duplicates even when confirmed', async () => {
    const { app, api, knex, table } = await setup();
    const { cookie } = await login(app);
    const english = apiClient(app, cookie, { 'accept-language': 'en' });
    const refused = await english.patch(`/api/metadata/tables/${table.id}`, {
      columns: columnsWith(table, { code: { length: 4 } }),
    });
    expect(refused.json()).toEqual({
      code: 'CONFLICT',
      message: 'This change would lose data in: code. Repeat it with confirmDataLoss=true to accept the loss',
      errors: { code: '2 rows hold values longer than 4' },
    });

    await knex('product').insert({ name: 'dup', code: 'A-001', createdDate: now });
    const before = await snapshot(knex, 'product');
    const body = { columns: columnsWith(table, { code: { indexType: 'UNIQUE' } }) };
    for (const confirm of [false, true]) {
      const duplicate = await patch(api, table, body, confirm);
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json().errors).toEqual({ code: '1 组重复值，不能建唯一索引' });
    }
    expect(await snapshot(knex, 'product')).toEqual(before);
  });

  it('converts what it can and rounds with confirmation', async () => {
    const { api, knex, table } = await setup();
    await knex('product').where('qty', 10).update({ code: ' 42 ' });
    const response = await patch(
      api,
      table,
      { columns: columnsWith(table, { code: { dataType: 'BIGINT', length: null } }) },
      true,
    );
    expect(response.statusCode).toBe(200);
    expect((await knex('product').select('code').orderBy('id')).map((row) => row.code)).toEqual([
      42,
      null,
      null,
    ]);
    expect(
      (
        await patch(api, table, {
          columns: columnsWith(table, { qty: { dataType: 'DECIMAL', precision: 8, scale: 1 } }),
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await knex('product').select('qty').orderBy('id')).map((row) =>
        row.qty === null ? null : Number(row.qty),
      ),
    ).toEqual([10, null, 300]);
  });

  it('cuts the time of day from DATETIME → DATE only when confirmed', async () => {
    const { api, knex, table } = await setup();
    await knex('product').where('name', 'banana').update({ createdDate: '2024-01-02 10:11:12' });
    const body = { columns: columnsWith(table, { createdDate: { dataType: 'DATE' } }) };
    const refused = await patch(api, table, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual({ createdDate: '1 行的值的时间部分会被舍去' });
    expect((await patch(api, table, body, true)).statusCode).toBe(200);
    expect((await knex('product').select('createdDate').orderBy('id')).map((row) => row.createdDate)).toEqual(
      ['2024-01-01', '2024-01-02', '2024-01-01'],
    );
  });

  it('refuses unknown ids, hostile names, key changes and a missing table', async () => {
    const { api, knex, table } = await setup();
    expect((await api.patch('/api/metadata/tables/9999', { caption: 'x' })).statusCode).toBe(404);
    const unknown = await patch(api, table, {
      columns: [...table.columns, { id: 9999, name: 'ghost', dataType: 'INT' }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({
      [`columns.${table.columns.length}.id`]: '表中没有 id 为 9999 的字段',
    });
    const before = await snapshot(knex, 'product');
    for (const hostile of HOSTILE_NAMES) {
      const renamed = await patch(api, table, { columns: columnsWith(table, { code: { name: hostile } }) });
      expect(renamed.statusCode).toBe(400);
      expect(Object.keys(renamed.json().errors)).toEqual(['columns.9.name']);
      expect((await patch(api, table, { tableName: hostile || '-' })).statusCode).toBe(400);
    }
    expect(await snapshot(knex, 'product')).toEqual(before);
    const key = await patch(api, table, { columns: columnsWith(table, { id: { dataType: 'INT' } }) });
    expect(key.statusCode).toBe(400);
    expect(key.json().errors.columns).toMatch(/主键不能修改/);
  });
});

describeEachDatabase('DELETE /api/metadata/tables ($name)', (db) => {
  const apps = useTestApps(db);

  it('deletes metadata, drops the physical table only when asked, and guards system tables', async () => {
    const app = await apps.build();
    const { cookie } = await login(app);
    const knex = app.dataSources.primary.knex;
    await clearTables(knex);
    const api = apiClient(app, cookie);
    const a = await createTableViaApi(api, { name: 'alpha', columns: SYSTEM_COLUMNS });
    const b = await createTableViaApi(api, { name: 'beta', columns: SYSTEM_COLUMNS });
    const c = await createTableViaApi(api, { name: 'gamma', columns: SYSTEM_COLUMNS });
    // Only crudboard marks a table systemable (a body's flag is ignored).
    const system = await createTableViaApi(api, { name: 'sysThing', columns: SYSTEM_COLUMNS });
    await knex('cb_meta_table').where('id', system.id).update({ systemable: true });
    await knex('cb_meta_relation').insert({
      name: 'beta',
      relationType: 'ManyToOne',
      fromTableId: a.id,
      toTableId: b.id,
      fromColumnId: a.columns[5].id,
      toColumnId: b.columns[0].id,
      createdDate: 1,
      lastModifiedDate: 1,
    });

    expect((await api.delete(`/api/metadata/tables/${a.id}`)).statusCode).toBe(204);
    expect(await knex.schema.hasTable('alpha')).toBe(true);
    expect(await knex('cb_meta_relation').select('id')).toEqual([]);
    expect((await api.get(`/api/metadata/tables/${a.id}`)).statusCode).toBe(404);

    expect((await api.delete('/api/metadata/tables?isDropPhysicalTable=true', [])).statusCode).toBe(400);
    expect((await api.delete('/api/metadata/tables?isDropPhysicalTable=true')).statusCode).toBe(400);
    expect((await api.delete('/api/metadata/tables', [b.id, 9999])).statusCode).toBe(404);
    const guarded = await api.delete(`/api/metadata/tables/${system.id}?isDropPhysicalTable=true`);
    expect(guarded.statusCode).toBe(409);
    expect(guarded.json().message).toBe('系统表不能删除，至少选择一个非系统表！');

    expect(
      (await api.delete('/api/metadata/tables?isDropPhysicalTable=true', [b.id, c.id, system.id])).statusCode,
    ).toBe(204);
    expect(await knex.schema.hasTable('beta')).toBe(false);
    expect(await knex.schema.hasTable('gamma')).toBe(false);
    expect(await knex.schema.hasTable('sysThing')).toBe(true);
    expect((await api.get('/api/metadata/tables')).json().map((t: { name: string }) => t.name)).toEqual([
      'sysThing',
    ]);
    expect((await api.delete(`/api/metadata/tables/12345`)).statusCode).toBe(404);
  });

  it('does not drop a physical table that another table references', async () => {
    const app = await apps.build();
    const { cookie } = await login(app);
    const knex = app.dataSources.primary.knex;
    await clearTables(knex);
    const api = apiClient(app, cookie);
    const parent = await createTableViaApi(api, { name: 'parent', columns: SYSTEM_COLUMNS });
    await knex.schema.createTable('child', (t) => {
      t.increments('id');
      t.bigInteger('parentId').unsigned().references('id').inTable('parent').onDelete('CASCADE');
    });
    const refused = await api.delete(`/api/metadata/tables/${parent.id}?isDropPhysicalTable=true`);
    if (refused.statusCode !== 409) console.log(refused.body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('表 parent 被表 child 的外键引用，不能删除物理表');
    expect((await api.get(`/api/metadata/tables/${parent.id}`)).statusCode).toBe(200);
  });
});

describeEachDatabase('table designer permissions ($name)', (db) => {
  const apps = useTestApps(db);

  it('needs metadata:read to read and metadata:write to change', async () => {
    const app = await apps.build();
    await clearTables(app.dataSources.primary.knex);
    await createUser(app, {
      username: 'nobody',
      password: 'Nobody-pass-1',
      roles: { ROLE_NOBODY: 'business:*:read' },
    });
    await createUser(app, {
      username: 'reader',
      password: 'Reader-pass-1',
      roles: { ROLE_META_READER: 'metadata:read' },
    });
    await createUser(app, {
      username: 'writer',
      password: 'Writer-pass-1',
      roles: { ROLE_META: 'metadata:*' },
    });
    const as = async (user: string, password: string) =>
      apiClient(app, (await login(app, user, password)).cookie);
    const nobody = await as('nobody', 'Nobody-pass-1');
    const reader = await as('reader', 'Reader-pass-1');
    const writer = await as('writer', 'Writer-pass-1');
    const body = { name: 'thing', columns: SYSTEM_COLUMNS };

    expect((await nobody.get('/api/metadata/tables')).statusCode).toBe(403);
    expect((await nobody.get('/api/metadata/sequences')).statusCode).toBe(403);
    expect((await reader.get('/api/metadata/tables')).statusCode).toBe(200);
    const denied = await reader.post('/api/metadata/tables', { ...body, name: 'bad name' });
    expect(denied.statusCode).toBe(403);
    expect(await app.dataSources.primary.knex.schema.hasTable('thing')).toBe(false);
    expect(
      (await reader.post('/api/metadata/sequences', { name: 's', sequenceType: 'LONG' })).statusCode,
    ).toBe(403);
    expect((await writer.post('/api/metadata/tables', body)).statusCode).toBe(201);
    expect((await app.inject({ method: 'GET', url: '/api/metadata/tables' })).statusCode).toBe(401);
  });
});
