import { join } from 'node:path';
import { expect, it } from 'vitest';
import { verifyPassword } from '../../../src/auth/password';
import { apiClient, SYSTEM_COLUMNS } from '../../helpers/metadata-api';
import { createTable } from '../../helpers/business-tables';
import { clearTables } from '../../helpers/physical-schema';
import { ADMIN_PASSWORD, login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';

const EVERY_TYPE = [
  { name: 'id', dataType: 'BIGINT', indexType: 'PRIMARY', autoIncrement: true, nullable: false },
  { name: 'cChar', dataType: 'CHAR', length: 5 },
  { name: 'cVarchar', dataType: 'VARCHAR', length: 20 },
  { name: 'cText', dataType: 'TEXT' },
  { name: 'cLongtext', dataType: 'LONGTEXT' },
  { name: 'cTinyint', dataType: 'TINYINT' },
  { name: 'cSmallint', dataType: 'SMALLINT' },
  { name: 'cMediumint', dataType: 'MEDIUMINT' },
  { name: 'cInt', dataType: 'INT', unsigned: true },
  { name: 'cBigint', dataType: 'BIGINT' },
  { name: 'cFloat', dataType: 'FLOAT' },
  { name: 'cDouble', dataType: 'DOUBLE' },
  { name: 'cDecimal', dataType: 'DECIMAL', precision: 12, scale: 2 },
  { name: 'cDate', dataType: 'DATE' },
  { name: 'cTime', dataType: 'TIME' },
  { name: 'cDatetime', dataType: 'DATETIME' },
  { name: 'cBool', dataType: 'BOOL' },
  { name: 'cAttachment', dataType: 'ATTACHMENT' },
  { name: 'cPassword', dataType: 'PASSWORD' },
];

const VALUES = {
  cChar: 'abcde',
  cVarchar: '中文 and ascii',
  cText: '文本 '.repeat(100),
  cLongtext: 'x'.repeat(70000),
  cTinyint: -128,
  cSmallint: 32767,
  cMediumint: -8388608,
  cInt: 4294967295,
  cBigint: '9223372036854775807',
  cFloat: 1.5,
  cDouble: 3.141592653589793,
  cDecimal: '1234567890.12',
  cDate: '2024-02-29',
  cTime: '13:14:15',
  cDatetime: '2024-02-29 13:14:15',
  cBool: true,
  cAttachment: '/download/2024-01-01/0123456789abcdef.png',
};

const OTHER_VALUES = {
  cChar: 'z',
  cVarchar: 'changed',
  cTinyint: 127,
  cBigint: '-9223372036854775808',
  cDecimal: '-0.5',
  cDate: '1999-12-31',
  cTime: '00:00',
  cDatetime: '1999-12-31T23:59:59',
  cBool: false,
};

const HOSTILE = [
  "'; DROP TABLE product; --",
  "Robert'); DROP TABLE students;--",
  '"quoted" `back` \\ slash',
  '🙂 emoji 中文 ñ',
  '50% off_sale',
  '<script>alert(1)</script>',
];

describeEachDatabase('/api/business/{table} records ($name)', (db) => {
  const apps = useTestApps(db);

  const setup = async () => {
    const app = await apps.build();
    const { cookie } = await login(app);
    const knex = app.dataSources.primary.knex;
    await clearTables(knex);
    return { app, api: apiClient(app, cookie), knex };
  };

  it('round-trips every data type in the API value types, and never returns a password', async () => {
    const { api, knex } = await setup();
    await createTable(api, { name: 'allTypes', columns: EVERY_TYPE });

    const created = await api.post('/api/business/allTypes', { ...VALUES, cPassword: 'S3cret!pw' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toBe(1);

    const read = await api.get('/api/business/allTypes/1');
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ id: 1, ...VALUES });
    expect((await api.get('/api/business/allTypes')).json()).toEqual([{ id: 1, ...VALUES }]);

    const stored = await knex('allTypes').first();
    expect(stored.cPassword).toMatch(/^scrypt\$/);
    expect(await verifyPassword('S3cret!pw', stored.cPassword)).toBe(true);

    expect((await api.patch('/api/business/allTypes/1', OTHER_VALUES)).statusCode).toBe(200);
    expect((await api.get('/api/business/allTypes/1')).json()).toEqual({
      id: 1,
      ...VALUES,
      ...OTHER_VALUES,
      cTime: '00:00:00',
      cDatetime: '1999-12-31 23:59:59',
      cDecimal: '-0.50',
    });
    expect((await knex('allTypes').first()).cPassword).toBe(stored.cPassword);

    expect((await api.patch('/api/business/allTypes/1', { cPassword: 'other' })).statusCode).toBe(200);
    expect(await verifyPassword('other', (await knex('allTypes').first()).cPassword)).toBe(true);
    expect((await api.get('/api/business/allTypes?select=cPassword')).statusCode).toBe(400);
    expect((await api.get('/api/business/allTypes?cPassword=other')).statusCode).toBe(400);
    expect((await api.get('/api/business/allTypes?cPassword=ISNOTNULL')).json()).toHaveLength(1);
    expect((await api.get('/api/business/allTypes?cBigint=-9223372036854775808')).json()).toHaveLength(1);
    expect((await api.get('/api/business/allTypes?cBigint=-9223372036854775807')).json()).toHaveLength(0);
    expect((await api.get('/api/business/allTypes?cChar=z')).json()).toHaveLength(1);
  });

  it('fills the system columns, keeps fullTextBody hidden, ignores client values for them', async () => {
    const { api, knex } = await setup();
    await createTable(api, { name: 'product', columns: SYSTEM_COLUMNS });
    const id = (
      await api.post('/api/business/product', {
        name: '苹果',
        createdDate: '2000-01-01 00:00:00',
        createById: 99,
        ownerId: 99,
        isDeleted: true,
        fullTextBody: 'forged',
      })
    ).json();
    const record = (await api.get(`/api/business/product/${id}`)).json();
    expect(record).toEqual({
      id,
      name: '苹果',
      createdDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      lastModifiedDate: record.createdDate,
      createById: 1,
      updateById: 1,
      ownerId: 1,
      isDeleted: false,
      // who user 1 is, for readers who may not read the user table
      $userNames: { '1': '超级管理员' },
    });
    expect(record.createdDate).not.toBe('2000-01-01 00:00:00');
    expect((await knex('product').first()).fullTextBody).toBe('苹果');

    await api.patch(`/api/business/product/${id}`, {
      name: '香蕉',
      fullTextBody: 'x',
      createdDate: '2000-01-01 00:00:00',
    });
    expect((await knex('product').first()).fullTextBody).toBe('香蕉');
    expect((await api.get(`/api/business/product/${id}`)).json().createdDate).toBe(record.createdDate);
    expect((await api.get('/api/business/product?select=fullTextBody')).statusCode).toBe(400);
  });

  it('refuses bad bodies with 400 naming every field, and writes nothing', async () => {
    const { api, knex } = await setup();
    await createTable(api, {
      name: 'allTypes',
      columns: [...EVERY_TYPE, { name: 'req', dataType: 'VARCHAR', nullable: false }],
    });
    const response = await api.post('/api/business/allTypes', {
      cVarchar: 'x'.repeat(21),
      cTinyint: 300,
      cInt: -1,
      cBigint: Number.MAX_SAFE_INTEGER + 2,
      cDecimal: '12345678901',
      cDate: '2024-02-30',
      cTime: '25:00:00',
      cDatetime: 'now',
      cBool: 'maybe',
      cChar: { $gt: '' },
      bogus: 1,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(Object.keys(response.json().errors).sort()).toEqual(
      [
        'bogus',
        'cBigint',
        'cBool',
        'cChar',
        'cDate',
        'cDatetime',
        'cDecimal',
        'cInt',
        'cTime',
        'cTinyint',
        'cVarchar',
        'req',
      ].sort(),
    );
    expect(response.json().errors.req).toBe('不能为空');
    expect((await api.post('/api/business/allTypes', [1, 2])).statusCode).toBe(400);
    expect((await api.post('/api/business/allTypes', { req: 'a\u0000b' })).json().errors).toEqual({
      req: '不能包含空字符',
    });
    expect(await knex('allTypes').count({ n: '*' })).toEqual([{ n: expect.anything() }]);
    expect(Number((await knex('allTypes').count({ n: '*' }).first())?.n)).toBe(0);
  });

  it('stores hostile values verbatim and finds them exactly', async () => {
    const { api, knex } = await setup();
    await createTable(api, { name: 'product', columns: SYSTEM_COLUMNS });
    for (const name of HOSTILE)
      expect((await api.post('/api/business/product', { name })).statusCode).toBe(201);
    const names = (await api.get('/api/business/product?limit=100&orderby=id'))
      .json()
      .map((r: { name: string }) => r.name);
    expect(names).toEqual(HOSTILE);
    for (const name of HOSTILE) {
      const found = await api.get(`/api/business/product?name=${encodeURIComponent(`EQ ${name}`)}`);
      expect(found.json().map((r: { name: string }) => r.name)).toEqual([name]);
    }
    expect((await api.get(`/api/business/product?name=${encodeURIComponent('LIKE %')}`)).json()).toHaveLength(
      1,
    );
    expect((await api.get(`/api/business/product?name=${encodeURIComponent('LIKE _')}`)).json()).toHaveLength(
      1,
    );
    expect(await knex.schema.hasTable('product')).toBe(true);
  });

  it('answers 404 for unknown tables and records, 400 for unknown columns and bad paging', async () => {
    const { api } = await setup();
    await createTable(api, {
      name: 'product',
      pluralName: 'products',
      tableName: 'ca_product',
      columns: SYSTEM_COLUMNS,
    });
    await api.post('/api/business/product', { name: 'a' });
    for (const name of ['product', 'PRODUCTS', 'ca_product']) {
      expect((await api.get(`/api/business/${name}`)).json()).toHaveLength(1);
    }
    expect((await api.get('/api/business/nothing')).statusCode).toBe(404);
    expect((await api.post('/api/business/nothing', { name: 'a' })).statusCode).toBe(404);
    expect((await api.get('/api/business/cb_user')).statusCode).toBe(404);
    expect((await api.get('/api/business/product/999')).statusCode).toBe(404);
    expect((await api.patch('/api/business/product/999', { name: 'x' })).statusCode).toBe(404);
    expect((await api.delete('/api/business/product/999')).statusCode).toBe(404);
    expect((await api.get('/api/business/product/abc')).json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: { id: expect.any(String) },
    });
    expect((await api.get('/api/business/product?nope=1')).json()).toMatchObject({
      errors: { nope: '表中没有字段 nope' },
    });
    expect((await api.get('/api/business/product?orderby=name;drop')).statusCode).toBe(400);
    expect((await api.get('/api/business/product?name=a&name=b')).statusCode).toBe(400);
    for (const paging of ['limit=0', 'limit=10001', 'limit=-5', 'limit=abc', 'offset=-1', 'offset=x']) {
      expect((await api.get(`/api/business/product?${paging}`)).statusCode).toBe(400);
    }
    expect((await api.get('/api/business/product?offset=1000000000000')).json()).toEqual([]);
    expect((await api.get('/api/business/config')).statusCode).toBe(200);
  });

  it('lists, counts, pages and fetches by ids in the order asked', async () => {
    const { api } = await setup();
    await createTable(api, { name: 'product', columns: SYSTEM_COLUMNS });
    for (const name of ['a', 'b', 'c', 'd', 'e']) await api.post('/api/business/product', { name });
    const names = async (url: string) => (await api.get(url)).json().map((r: { name: string }) => r.name);
    expect(await names('/api/business/product')).toEqual(['e', 'd', 'c', 'b', 'a']);
    expect(await names('/api/business/product?offset=1&limit=2')).toEqual(['d', 'c']);
    expect((await api.get('/api/business/product/count')).json()).toBe(5);
    expect((await api.get('/api/business/product/count?name=a,b')).json()).toBe(2);
    expect(await names('/api/business/product/all?ids=3,1,99,3')).toEqual(['c', 'a']);
    expect(await names('/api/business/product/all?ids=')).toEqual([]);
    expect((await api.get('/api/business/product/all')).statusCode).toBe(400);
    expect((await api.get('/api/business/product/all?ids=1,x')).statusCode).toBe(400);
    expect((await api.get('/api/business/product/all?ids=2&select=name')).json()).toEqual([
      { id: 2, name: 'b' },
    ]);
    expect((await api.get('/api/business/product/count')).headers['content-type']).toMatch(/json/);
  });

  it('serves composite keys as k1=v1,k2=v2 in URLs, the create response and batch deletes', async () => {
    const { api, knex } = await setup();
    await createTable(api, {
      name: 'orderLine',
      columns: [
        { name: 'orderNo', dataType: 'VARCHAR', length: 20, nullable: false },
        { name: 'lineNo', dataType: 'INT', nullable: false },
        { name: 'item', dataType: 'VARCHAR', length: 50, queryable: true },
      ],
      indexs: [
        {
          name: 'pk_line',
          indexType: 'PRIMARY',
          indexLines: [{ column: { name: 'orderNo' } }, { column: { name: 'lineNo' } }],
        },
      ],
    });
    const created = await api.post('/api/business/orderLine', { orderNo: 'A,1=x', lineNo: 1, item: 'pen' });
    expect(created.statusCode).toBe(201);
    expect(created.body).toBe('orderNo=A%2C1%3Dx,lineNo=1');
    expect(created.headers['content-type']).toMatch(/^text\/plain/);
    await api.post('/api/business/orderLine', { orderNo: 'B', lineNo: 2, item: 'ink' });
    await api.post('/api/business/orderLine', { orderNo: 'B', lineNo: 3, item: 'cap' });

    const url = `/api/business/orderLine/${encodeURIComponent(created.body)}`;
    expect((await api.get(url)).json()).toEqual({ orderNo: 'A,1=x', lineNo: 1, item: 'pen' });
    expect((await api.get('/api/business/orderLine/lineNo=2,orderNo=B')).json().item).toBe('ink');
    expect((await api.get('/api/business/orderLine/orderNo=B')).statusCode).toBe(400);
    expect((await api.get('/api/business/orderLine/orderNo=B,lineNo=x')).statusCode).toBe(400);
    expect((await api.patch(url, { item: 'pencil', orderNo: 'changed' })).statusCode).toBe(200);
    expect((await api.get(url)).json()).toEqual({ orderNo: 'A,1=x', lineNo: 1, item: 'pencil' });
    expect(
      (await api.get('/api/business/orderLine/all?ids=orderNo=B,lineNo=3,orderNo=B,lineNo=2'))
        .json()
        .map((r: { item: string }) => r.item),
    ).toEqual(['cap', 'ink']);
    expect(
      (await api.post('/api/business/orderLine', { orderNo: 'B', lineNo: 3, item: 'dup' })).statusCode,
    ).toBe(409);

    expect(
      (await api.delete('/api/business/orderLine', ['orderNo=B,lineNo=2', 'orderNo=B,lineNo=9'])).statusCode,
    ).toBe(404);
    expect(await knex('orderLine').count({ n: '*' }).first()).toMatchObject({ n: expect.anything() });
    expect((await api.get('/api/business/orderLine/count')).json()).toBe(3);
    expect(
      (await api.delete('/api/business/orderLine', ['orderNo=B,lineNo=2', 'orderNo=B,lineNo=3'])).statusCode,
    ).toBe(204);
    expect((await api.delete(url)).statusCode).toBe(204);
    expect((await api.get('/api/business/orderLine/count')).json()).toBe(0);
  });

  it('locks optimistically: an older lastModifiedDate is a 409 and nothing is written', async () => {
    const { api, knex } = await setup();
    await createTable(api, { name: 'product', columns: SYSTEM_COLUMNS });
    const id = (await api.post('/api/business/product', { name: 'v1' })).json();
    await knex('product').where('id', id).update({ lastModifiedDate: '2030-01-01 10:00:00' });
    const before = await knex('product').where('id', id).first();

    const stale = await api.patch(`/api/business/product/${id}`, {
      name: 'v2',
      lastModifiedDate: '2030-01-01 09:59:59',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('CONFLICT');
    expect(await knex('product').where('id', id).first()).toEqual(before);

    const bad = await api.patch(`/api/business/product/${id}`, { name: 'v2', lastModifiedDate: 'yesterday' });
    expect(bad.statusCode).toBe(400);

    const fresh = await api.patch(`/api/business/product/${id}`, {
      name: 'v2',
      lastModifiedDate: '2030-01-01 10:00:00',
    });
    expect(fresh.statusCode).toBe(200);
    expect((await api.get(`/api/business/product/${id}`)).json()).toMatchObject({ name: 'v2' });
    expect((await api.patch(`/api/business/product/${id}`, { name: 'v3' })).statusCode).toBe(200);
  });

  it('soft deletes, restores, hard deletes and refuses an empty or missing batch', async () => {
    const { api } = await setup();
    await createTable(api, { name: 'product', columns: SYSTEM_COLUMNS });
    await createTable(api, { name: 'plain', columns: [SYSTEM_COLUMNS[0], SYSTEM_COLUMNS[1]] });
    for (const name of ['a', 'b', 'c']) await api.post('/api/business/product', { name });
    await api.post('/api/business/plain', { name: 'p' });

    expect((await api.delete('/api/business/product/1?isSoftDelete=true')).statusCode).toBe(204);
    expect((await api.get('/api/business/product/1')).json().isDeleted).toBe(true);
    expect(
      (await api.get('/api/business/product?isDeleted=false')).json().map((r: { id: number }) => r.id),
    ).toEqual([3, 2]);
    expect((await api.get('/api/business/product/count?isDeleted=true')).json()).toBe(1);
    expect((await api.patch('/api/business/product/1', { isDeleted: false })).statusCode).toBe(200);
    expect((await api.get('/api/business/product/count?isDeleted=false')).json()).toBe(3);
    expect((await api.delete('/api/business/product?isSoftDelete=true', [1, '2'])).statusCode).toBe(204);
    expect((await api.get('/api/business/product/count?isDeleted=true')).json()).toBe(2);
    expect((await api.delete('/api/business/plain/1?isSoftDelete=true')).statusCode).toBe(400);

    for (const body of [[], undefined, {}, [null]]) {
      const response = await api.delete('/api/business/product', body);
      expect(response.statusCode).toBe(400);
    }
    expect((await api.get('/api/business/product/count')).json()).toBe(3);
    expect((await api.delete('/api/business/product', [1, 99])).statusCode).toBe(404);
    expect((await api.get('/api/business/product/count')).json()).toBe(3);
    expect((await api.delete('/api/business/product', [1, 2])).statusCode).toBe(204);
    expect((await api.delete('/api/business/product/3')).statusCode).toBe(204);
    expect((await api.get('/api/business/product/count')).json()).toBe(0);
  });

  it('maps unique and not-null violations of the database to 409 / 400 naming the column, never SQL', async () => {
    const { api, knex } = await setup();
    await createTable(api, {
      name: 'product',
      columns: [...SYSTEM_COLUMNS, { name: 'code', dataType: 'VARCHAR', length: 20, indexType: 'UNIQUE' }],
    });
    expect((await api.post('/api/business/product', { name: 'a', code: 'X1' })).statusCode).toBe(201);
    const duplicate = await api.post('/api/business/product', { name: 'b', code: 'X1' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ code: 'CONFLICT', errors: { code: expect.any(String) } });
    expect(duplicate.body).not.toMatch(/insert|constraint|duplicate entry/i);
    const second = (await api.post('/api/business/product', { name: 'c', code: 'X2' })).json();
    const clash = await api.patch(`/api/business/product/${second}`, { code: 'X1' });
    expect(clash.statusCode).toBe(409);
    expect((await api.get(`/api/business/product/${second}`)).json().code).toBe('X2');
    expect(Number((await knex('product').count({ n: '*' }).first())?.n)).toBe(2);
  });

  it('maps foreign-key violations of a physical table to 409, and a database NOT NULL to 400', async () => {
    const { api, knex } = await setup();
    await knex.schema.createTable('fkParent', (t) => {
      t.bigIncrements('id');
      t.string('name', 50);
    });
    await knex.schema.createTable('fkChild', (t) => {
      t.bigIncrements('id');
      t.bigInteger('parentId').unsigned().references('id').inTable('fkParent');
      t.string('name', 50).notNullable();
    });
    const id = {
      name: 'id',
      dataType: 'BIGINT',
      indexType: 'PRIMARY',
      autoIncrement: true,
      unsigned: true,
      nullable: false,
    };
    await createTable(api, {
      name: 'fkParent',
      reverse: true,
      columns: [id, { name: 'name', dataType: 'VARCHAR', length: 50 }],
    });
    await createTable(api, {
      name: 'fkChild',
      reverse: true,
      columns: [
        id,
        { name: 'parentId', dataType: 'BIGINT', unsigned: true },
        { name: 'name', dataType: 'VARCHAR', length: 50, nullable: false, insertable: false },
      ],
    });
    await api.post('/api/business/fkParent', { name: 'p' });
    await knex('fkChild').insert({ parentId: 1, name: 'c' });
    const orphan = await api.post('/api/business/fkChild', { parentId: 99 });
    expect([orphan.statusCode, orphan.json().code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(orphan.json().errors).toEqual({ name: '不能为空' });
    await knex.schema.alterTable('fkChild', (t) => {
      t.string('name', 50).nullable().alter();
    });
    const missing = await api.post('/api/business/fkChild', { parentId: 99 });
    expect(missing.statusCode).toBe(409);
    expect(missing.json()).toMatchObject({ code: 'CONFLICT' });
    expect(missing.body).not.toMatch(/foreign|insert|constraint/i);
    const referenced = await api.delete('/api/business/fkParent/1');
    expect(referenced.statusCode).toBe(409);
    expect((await api.get('/api/business/fkParent/count')).json()).toBe(1);
  });

  it('fills columns with a sequence when the body leaves them out, and respects insertable / updatable', async () => {
    const { api } = await setup();
    const sequence = await api.post('/api/metadata/sequences', {
      name: 'orderNo',
      sequenceType: 'STRING',
      format: 'SO%05d',
      minValue: 1,
      maxValue: 99999,
      nextValue: 1,
      incrementBy: 1,
    });
    expect(sequence.statusCode).toBe(201);
    await createTable(api, {
      name: 'salesOrder',
      columns: [
        ...SYSTEM_COLUMNS,
        { name: 'orderNo', dataType: 'VARCHAR', length: 20, seqId: sequence.json(), nullable: false },
        { name: 'fixedAtCreate', dataType: 'VARCHAR', length: 20, updatable: false },
        { name: 'setLater', dataType: 'VARCHAR', length: 20, insertable: false },
      ],
    });
    await api.post('/api/business/salesOrder', { name: 'a', fixedAtCreate: 'x', setLater: 'ignored' });
    await api.post('/api/business/salesOrder', { name: 'b', orderNo: 'MANUAL' });
    await api.post('/api/business/salesOrder', { name: 'c' });
    const rows = (await api.get('/api/business/salesOrder?orderby=id')).json();
    expect(rows.map((r: { orderNo: string }) => r.orderNo)).toEqual(['SO00001', 'MANUAL', 'SO00002']);
    expect(rows[0]).toMatchObject({ fixedAtCreate: 'x', setLater: null });
    await api.patch('/api/business/salesOrder/1', { fixedAtCreate: 'y', setLater: 'now' });
    expect((await api.get('/api/business/salesOrder/1')).json()).toMatchObject({
      fixedAtCreate: 'x',
      setLater: 'now',
    });
  });

  it('serves the tables of the data source the request names', async () => {
    const env = apps.env();
    const second = {
      name: 'second',
      caption: '第二数据源',
      client: 'sqlite' as const,
      connection: join(env.dataDir, 'second.sqlite'),
      database: 'second',
    };
    const app = await apps.build({}, env.config({ adminPassword: ADMIN_PASSWORD }, [second]));
    const { cookie } = await login(app);
    await clearTables(app.dataSources.primary.knex);
    const secondApi = apiClient(app, cookie, { dataSource: 'second' });
    const primaryApi = apiClient(app, cookie);
    await createTable(secondApi, { name: 'remote', columns: SYSTEM_COLUMNS });
    expect((await secondApi.post('/api/business/remote', { name: '远程' })).statusCode).toBe(201);
    expect((await primaryApi.get('/api/business/remote')).statusCode).toBe(404);
    expect((await primaryApi.get('/api/business/remote?dataSource=second')).json()).toMatchObject([
      { name: '远程' },
    ]);
    expect((await secondApi.get('/api/business/remote?search=%E8%BF%9C%E7%A8%8B')).json()).toHaveLength(1);
    expect((await primaryApi.get('/api/business/remote?dataSource=nowhere')).statusCode).toBe(404);
  });
});
