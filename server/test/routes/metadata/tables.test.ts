import { expect, it } from 'vitest';
import { toBool } from '../../../src/db/values';
import { META } from '../../../src/db/table-names';
import { indexPhysicalName } from '../../../src/dialects/derived-name';
import { apiClient, createTableViaApi, SYSTEM_COLUMNS } from '../../helpers/metadata-api';
import {
  clearTables,
  physicalColumns,
  physicalIndexNames,
  physicalTables,
} from '../../helpers/physical-schema';
import { login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';
import { HOSTILE_NAMES } from '../../helpers/hostile-names';

const EVERY_TYPE = [
  { name: 'id', dataType: 'BIGINT', indexType: 'PRIMARY', autoIncrement: true },
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
  cBigint: 9007199254740991,
  cFloat: 1.5,
  cDouble: 3.141592653589793,
  cDecimal: '1234567890.12',
  cDate: '2024-02-29',
  cTime: '13:14:15',
  cDatetime: '2024-02-29 13:14:15',
  cBool: true,
  cAttachment: '/download/2024-01-01/0123456789abcdef.png',
  cPassword: '$scrypt$N=16384,r=8,p=1$c2FsdA$aGFzaA',
};

const PHYSICAL = {
  sqlite: {
    id: 'integer',
    cChar: 'char(5)',
    cVarchar: 'varchar(20)',
    cText: 'text',
    cLongtext: 'text',
    cTinyint: 'tinyint',
    cSmallint: 'smallint',
    cMediumint: 'mediumint',
    cInt: 'integer',
    cBigint: 'bigint',
    cFloat: 'real',
    cDouble: 'double',
    cDecimal: 'decimal(12,2)',
    cDate: 'date',
    cTime: 'time',
    cDatetime: 'datetime',
    cBool: 'boolean',
    cAttachment: 'varchar(1000)',
    cPassword: 'varchar(200)',
  },
  pg: {
    id: 'bigint',
    cChar: 'character(5)',
    cVarchar: 'character varying(20)',
    cText: 'text',
    cLongtext: 'text',
    cTinyint: 'smallint',
    cSmallint: 'smallint',
    cMediumint: 'integer',
    cInt: 'bigint',
    cBigint: 'bigint',
    cFloat: 'real',
    cDouble: 'double precision',
    cDecimal: 'numeric(12,2)',
    cDate: 'date',
    cTime: 'time(0) without time zone',
    cDatetime: 'timestamp(0) without time zone',
    cBool: 'boolean',
    cAttachment: 'character varying(1000)',
    cPassword: 'character varying(200)',
  },
  mysql: {
    id: expect.stringMatching(/^bigint(\(20\))? unsigned$/),
    cChar: 'char(5)',
    cVarchar: 'varchar(20)',
    cText: 'text',
    cLongtext: 'longtext',
    cTinyint: expect.stringMatching(/^tinyint(\(4\))?$/),
    cSmallint: expect.stringMatching(/^smallint(\(6\))?$/),
    cMediumint: expect.stringMatching(/^mediumint(\(9\))?$/),
    cInt: expect.stringMatching(/^int(\(10\))? unsigned$/),
    cBigint: expect.stringMatching(/^bigint(\(20\))?$/),
    cFloat: 'float',
    cDouble: 'double',
    cDecimal: 'decimal(12,2)',
    cDate: 'date',
    cTime: 'time',
    cDatetime: 'datetime',
    cBool: 'tinyint(1)',
    cAttachment: 'varchar(1000)',
    cPassword: 'varchar(200)',
  },
};

describeEachDatabase('/api/metadata/tables ($name)', (db) => {
  const apps = useTestApps(db);

  const setup = async () => {
    const app = await apps.build();
    const { cookie } = await login(app);
    await clearTables(app.dataSources.primary.knex);
    return { app, api: apiClient(app, cookie), knex: app.dataSources.primary.knex };
  };

  it('creates a table with every data type: values round-trip and the physical types are the mapped ones', async () => {
    const { api, knex } = await setup();
    const table = await createTableViaApi(api, {
      name: 'allTypes',
      caption: '全部类型',
      columns: EVERY_TYPE,
    });
    expect(table).toMatchObject({
      name: 'allTypes',
      pluralName: 'allTypes',
      tableName: 'allTypes',
      primaryNames: ['id'],
    });
    expect(table.columns.map((c: { dataType: string }) => c.dataType)).toEqual(
      EVERY_TYPE.map((c) => c.dataType),
    );
    expect(await physicalColumns(knex, 'allTypes')).toEqual(PHYSICAL[db.name]);

    await knex('allTypes').insert(VALUES);
    const row = await knex('allTypes').first();
    const read = { ...row, cDecimal: String(row.cDecimal), cBool: toBool(row.cBool) };
    const { id, ...values } = read;
    expect(id).toBe(1);
    expect(values).toEqual(VALUES);
  });

  it('stores the system columns, defaults, composite indexes; lists, counts and finds by any name', async () => {
    const { api, knex } = await setup();
    const product = await createTableViaApi(api, {
      name: 'product',
      pluralName: 'products',
      tableName: 'ca_product',
      caption: '产品',
      engine: 'INNODB',
      columns: [
        ...SYSTEM_COLUMNS,
        { name: 'code', dataType: 'VARCHAR', length: 32, indexType: 'UNIQUE', indexName: 'uq_code' },
        {
          name: 'price',
          dataType: 'DECIMAL',
          precision: 10,
          scale: 2,
          defaultValue: '9.90',
          nullable: false,
        },
        { name: 'stock', dataType: 'INT', indexType: 'INDEX', indexStorage: 'HASH' },
      ],
      indexs: [
        {
          name: 'nameStock',
          caption: '名称库存',
          indexType: 'INDEX',
          indexLines: [{ column: { name: 'name' } }, { column: { name: 'stock' } }],
        },
      ],
    });
    expect(
      product.columns.map((c: { name: string; displayOrder: number }) => [c.name, c.displayOrder]).slice(-3),
    ).toEqual([
      ['code', 9],
      ['price', 10],
      ['stock', 11],
    ]);
    expect(product.indexs).toEqual([
      {
        id: expect.any(Number),
        name: 'nameStock',
        caption: '名称库存',
        description: null,
        indexType: 'INDEX',
        indexStorage: null,
        createdDate: expect.any(Number),
        lastModifiedDate: expect.any(Number),
        indexLines: [
          { id: expect.any(Number), column: { id: product.columns[1].id, name: 'name' } },
          { id: expect.any(Number), column: { id: product.columns[11].id, name: 'stock' } },
        ],
      },
    ]);
    expect(product.createdDate).toBeGreaterThan(1_700_000_000_000);
    expect(await physicalIndexNames(knex, 'ca_product')).toEqual(
      expect.arrayContaining([
        indexPhysicalName('ca_product', 'uq_code'),
        indexPhysicalName('ca_product', 'idx_stock'),
        indexPhysicalName('ca_product', 'nameStock'),
      ]),
    );
    await knex('ca_product').insert({ name: 'a', createdDate: '2024-01-01 00:00:00' });
    expect(String((await knex('ca_product').first()).price)).toMatch(/^9\.90?$/);
    await expect(
      knex('ca_product').insert({ name: 'b', code: 'x', createdDate: '2024-01-01 00:00:00' }),
    ).resolves.toBeDefined();
    await expect(
      knex('ca_product').insert({ name: 'c', code: 'x', createdDate: '2024-01-01 00:00:00' }),
    ).rejects.toThrow();

    await createTableViaApi(api, { name: 'customer', caption: '客户', columns: SYSTEM_COLUMNS });
    await createTableViaApi(api, { name: 'supplier', caption: '供应商 product', columns: SYSTEM_COLUMNS });
    const names = async (url: string) => (await api.get(url)).json().map((t: { name: string }) => t.name);
    expect(await names('/api/metadata/tables')).toEqual(['supplier', 'customer', 'product']);
    expect(await names('/api/metadata/tables?offset=1&limit=1')).toEqual(['customer']);
    expect(await names('/api/metadata/tables?search=PRODUCT')).toEqual(['supplier', 'product']);
    expect(await names('/api/metadata/tables?search=%E5%AE%A2')).toEqual(['customer']);
    expect(await names('/api/metadata/tables?search=%25')).toEqual([]);
    expect(await names('/api/metadata/tables?tableName=ca_product&systemable=false')).toEqual(['product']);
    expect((await api.get('/api/metadata/tables/count?search=product')).json()).toBe(2);
    expect((await api.get('/api/metadata/tables/count')).json()).toBe(3);
    for (const name of ['product', 'PRODUCTS', 'Ca_Product']) {
      expect((await api.get(`/api/metadata/tables/name/${name}`)).json().id).toBe(product.id);
    }
    expect((await api.get('/api/metadata/tables/name/nothing')).statusCode).toBe(404);
    expect((await api.get('/api/metadata/tables/9999')).statusCode).toBe(404);
    expect((await api.get('/api/metadata/tables?limit=0')).statusCode).toBe(400);
    expect((await api.get('/api/metadata/tables?limit=10001')).statusCode).toBe(400);
  });

  it.each(HOSTILE_NAMES)('refuses the hostile name %j with 400 and creates nothing', async (hostile) => {
    const { api, knex } = await setup();
    const tablesBefore = await physicalTables(knex);
    for (const body of [
      [{ name: hostile, columns: SYSTEM_COLUMNS }, 'name'],
      [{ name: 'ok', tableName: hostile || '-', columns: SYSTEM_COLUMNS }, 'tableName'],
      [{ name: 'ok', pluralName: hostile || '-', columns: SYSTEM_COLUMNS }, 'pluralName'],
      [{ name: 'ok', columns: [...SYSTEM_COLUMNS, { name: hostile, dataType: 'INT' }] }, 'columns.9.name'],
      [
        {
          name: 'ok',
          columns: [
            ...SYSTEM_COLUMNS,
            { name: 'n', dataType: 'INT', indexType: 'UNIQUE', indexName: hostile || '-' },
          ],
        },
        'columns.9.indexName',
      ],
      [
        {
          name: 'ok',
          columns: SYSTEM_COLUMNS,
          indexs: [{ name: hostile, indexType: 'INDEX', indexLines: [{ column: { name: 'name' } }] }],
        },
        'indexs.0.name',
      ],
    ] as const) {
      const response = await api.post('/api/metadata/tables', body[0]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        errors: { [body[1]]: expect.any(String) },
      });
    }
    expect(await physicalTables(knex)).toEqual(tablesBefore);
    expect(Number((await knex(META.table).count({ n: '*' }).first())?.n)).toBe(0);
  });

  it('refuses reserved words, duplicates, existing physical tables and bad defaults, naming the field', async () => {
    const { app, api, knex } = await setup();
    const post = (body: unknown) =>
      api.post('/api/metadata/tables', body).then((r) => ({ status: r.statusCode, body: r.json() }));
    expect((await post({ name: 'order', columns: SYSTEM_COLUMNS })).body.errors).toEqual({
      name: 'order 是数据库保留字，不能用作名称',
      tableName: 'order 是数据库保留字，不能用作名称',
    });
    const { cookie } = await login(app);
    const english = await apiClient(app, cookie, { 'accept-language': 'en-US' }).post(
      '/api/metadata/tables',
      {
        name: 'order',
        tableName: 'orders',
        columns: SYSTEM_COLUMNS,
      },
    );
    expect(english.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'The request is invalid',
      errors: { name: 'order is a reserved word of a supported database' },
    });
    const response = await post({
      name: 'item',
      columns: [
        ...SYSTEM_COLUMNS,
        { name: 'qty', dataType: 'INT', defaultValue: 'many' },
        { name: 'QTY', dataType: 'INT' },
      ],
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({
      'columns.9.defaultValue': '字段 qty 的默认值 many 不符合类型 INT',
      'columns.10.name': '名称 QTY 重复（不区分大小写）',
    });
    await createTableViaApi(api, { name: 'item', columns: SYSTEM_COLUMNS });
    expect((await post({ name: 'ITEM', columns: SYSTEM_COLUMNS })).body.errors).toEqual({
      name: 'ITEM 已被表 item 使用',
      tableName: 'ITEM 已被表 item 使用',
    });
    expect((await post({ name: 'other', pluralName: 'item', columns: SYSTEM_COLUMNS })).body.errors).toEqual({
      pluralName: 'item 已被表 item 使用',
    });
    await knex.schema.createTable('legacy', (t) => t.increments('id'));
    const conflict = await post({ name: 'legacy', columns: SYSTEM_COLUMNS });
    expect(conflict.status).toBe(409);
    expect(conflict.body.code).toBe('CONFLICT');
    const reverse = await post({
      name: 'legacy',
      reverse: true,
      columns: [{ name: 'id', dataType: 'INT', indexType: 'PRIMARY', autoIncrement: true }],
    });
    expect(reverse.status).toBe(201);
    expect(await physicalColumns(knex, 'legacy')).toEqual({ id: expect.any(String) });
    expect((await post({ name: 'ghost', reverse: true, columns: SYSTEM_COLUMNS })).body.errors).toEqual({
      tableName: '数据库中不存在表 ghost',
    });
  });
});
