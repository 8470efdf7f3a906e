import { expect, it } from 'vitest';
import { META } from '../../../src/db/table-names';
import { apiClient, createTableViaApi, SYSTEM_COLUMNS, type ApiClient } from '../../helpers/metadata-api';
import { clearTables } from '../../helpers/physical-schema';
import { login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';
import { createUser } from '../../helpers/users';

interface StoredColumn {
  id: number;
  name: string;
}
interface StoredTable {
  id: number;
  name: string;
  columns: StoredColumn[];
}

const URL = '/api/metadata/tablerelations';

const columnId = (table: StoredTable, name: string): number => {
  const column = table.columns.find((candidate) => candidate.name === name);
  if (!column) throw new Error(`no column ${name} in ${table.name}`);
  return column.id;
};

const createShop = async (api: ApiClient) => {
  const customer: StoredTable = await createTableViaApi(api, {
    name: 'customer',
    pluralName: 'customers',
    caption: '客户',
    columns: [...SYSTEM_COLUMNS, { name: 'code', dataType: 'VARCHAR', length: 20 }],
  });
  const order: StoredTable = await createTableViaApi(api, {
    name: 'salesOrder',
    caption: '订单',
    columns: [
      ...SYSTEM_COLUMNS,
      { name: 'customerId', dataType: 'BIGINT' },
      { name: 'customerCode', dataType: 'CHAR', length: 20 },
      { name: 'note', dataType: 'TEXT' },
      { name: 'amount', dataType: 'DECIMAL', precision: 10, scale: 2 },
    ],
  });
  const manyToOne = (overrides: Record<string, unknown> = {}) => ({
    name: 'customer',
    caption: '客户',
    relationType: 'ManyToOne',
    fromTable: { id: order.id },
    fromColumn: { id: columnId(order, 'customerId') },
    toTable: { id: customer.id },
    toColumn: { id: columnId(customer, 'id') },
    ...overrides,
  });
  return { customer, order, manyToOne };
};

describeEachDatabase('/api/metadata/tablerelations ($name)', (db) => {
  const apps = useTestApps(db);

  const setup = async () => {
    const app = await apps.build();
    const { cookie } = await login(app);
    await clearTables(app.dataSources.primary.knex);
    const api = apiClient(app, cookie);
    return { app, api, ...(await createShop(api)) };
  };

  it('creates, reads, lists, counts, edits and deletes relations', async () => {
    const { api, customer, order, manyToOne } = await setup();
    const created = await api.post(URL, manyToOne());
    expect(created.statusCode).toBe(201);
    const id = created.json();
    expect(typeof id).toBe('number');
    expect((await api.get(`${URL}/${id}`)).json()).toEqual({
      id,
      name: 'customer',
      caption: '客户',
      captions: null,
      description: null,
      relationType: 'ManyToOne',
      fromTable: { id: order.id, name: 'salesOrder', caption: '订单' },
      toTable: { id: customer.id, name: 'customer', caption: '客户' },
      fromColumn: {
        id: columnId(order, 'customerId'),
        name: 'customerId',
        caption: expect.any(String),
        dataType: 'BIGINT',
      },
      toColumn: { id: columnId(customer, 'id'), name: 'id', caption: expect.any(String), dataType: 'BIGINT' },
      createdDate: expect.any(Number),
      lastModifiedDate: expect.any(Number),
    });
    const back = await api.post(URL, {
      name: 'orders',
      caption: '订单列表',
      description: '客户的订单',
      relationType: 'OneToMany',
      fromTable: { id: customer.id },
      fromColumn: { id: columnId(customer, 'id') },
      toTable: { id: order.id },
      toColumn: { id: columnId(order, 'customerId') },
    });
    expect(back.statusCode).toBe(201);
    const byCode = await api.post(URL, {
      name: 'customerByCode',
      relationType: 'OneToOneSubToMain',
      fromTable: { id: order.id },
      fromColumn: { id: columnId(order, 'customerCode') },
      toTable: { id: customer.id },
      toColumn: { id: columnId(customer, 'code') },
    });
    expect(byCode.statusCode).toBe(201);
    expect((await api.get(`${URL}/${byCode.json()}`)).json()).toMatchObject({ caption: 'customerByCode' });

    const names = async (url: string) => (await api.get(url)).json().map((r: { name: string }) => r.name);
    expect(await names(URL)).toEqual(['customerByCode', 'orders', 'customer']);
    expect(await names(`${URL}?search=CODE`)).toEqual(['customerByCode']);
    expect(await names(`${URL}?search=%E5%88%97%E8%A1%A8`)).toEqual(['orders']);
    expect(await names(`${URL}?offset=1&limit=1`)).toEqual(['orders']);
    expect((await api.get(`${URL}/count`)).json()).toBe(3);
    expect((await api.get(`${URL}/count?search=customer`)).json()).toBe(2);
    expect((await api.get(`${URL}?limit=0`)).statusCode).toBe(400);
    expect((await api.get(`${URL}?limit=10001`)).statusCode).toBe(400);
    expect(await names(`${URL}/fromTable/${order.id}`)).toEqual(['customer', 'customerByCode']);
    expect(await names(`${URL}/fromTable/name/salesOrder`)).toEqual(['customer', 'customerByCode']);
    expect(await names(`${URL}/fromTable/name/CUSTOMERS`)).toEqual(['orders']);
    expect((await api.get(`${URL}/fromTable/99999`)).statusCode).toBe(404);
    expect((await api.get(`${URL}/fromTable/name/nothing`)).statusCode).toBe(404);
    expect((await api.get(`${URL}/99999`)).statusCode).toBe(404);

    const patched = await api.patch(`${URL}/${id}`, { caption: '下单客户', name: 'buyer' });
    expect(patched.statusCode).toBe(200);
    expect((await api.get(`${URL}/${id}`)).json()).toMatchObject({
      name: 'buyer',
      caption: '下单客户',
      relationType: 'ManyToOne',
      fromColumn: { name: 'customerId' },
    });
    expect((await api.patch(`${URL}/${id}`, { relationType: 'OneToOneSubToMain' })).statusCode).toBe(200);
    expect((await api.get(`${URL}/${id}`)).json()).toMatchObject({ relationType: 'OneToOneSubToMain' });
    expect((await api.patch(`${URL}/99999`, { caption: 'x' })).statusCode).toBe(404);

    expect((await api.delete(`${URL}/${id}`)).statusCode).toBe(204);
    expect((await api.get(`${URL}/${id}`)).statusCode).toBe(404);
    expect((await api.delete(`${URL}/${id}`)).statusCode).toBe(404);
    expect((await api.delete(URL, [])).statusCode).toBe(400);
    expect((await api.delete(URL)).statusCode).toBe(400);
    expect((await api.delete(URL, [back.json(), 99999])).statusCode).toBe(404);
    expect((await api.get(`${URL}/count`)).json()).toBe(2);
    expect((await api.delete(URL, [back.json(), byCode.json()])).statusCode).toBe(204);
    expect((await api.get(`${URL}/count`)).json()).toBe(0);
  });

  it('refuses invalid relations with field errors in both languages and stores nothing', async () => {
    const { api, app, customer, order, manyToOne } = await setup();
    const errorsOf = async (body: unknown, lang = 'zh-CN') => {
      const response = await app.inject({
        method: 'POST',
        url: URL,
        payload: body as object,
        headers: { cookie: (await login(app)).cookie, 'accept-language': lang },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
      return response.json().errors as Record<string, string>;
    };

    expect(Object.keys(await errorsOf({})).sort()).toEqual(
      ['fromColumn', 'fromTable', 'name', 'relationType', 'toColumn', 'toTable'].sort(),
    );
    expect(await errorsOf(manyToOne({ relationType: 'ManyToMany' }))).toHaveProperty('relationType');
    expect((await errorsOf(manyToOne({ name: '1customer' }))).name).toContain('字母');
    expect((await errorsOf(manyToOne({ name: 'cust-omer' }), 'en')).name).toContain('letters');
    expect((await errorsOf(manyToOne({ name: 'a'.repeat(65) }))).name).toBeDefined();
    expect((await errorsOf(manyToOne({ name: 'CustomerId' }))).name).toBe('与表 salesOrder 的字段同名');
    expect((await errorsOf(manyToOne({ name: 'note' }), 'en')).name).toBe(
      'table salesOrder has a column of the same name',
    );
    expect((await errorsOf(manyToOne({ fromTable: { id: 99999 } }))).fromTable).toBe('表 99999 不存在');
    expect((await errorsOf(manyToOne({ toColumn: { id: 99999 } }))).toColumn).toBe('字段 99999 不存在');
    expect((await errorsOf(manyToOne({ toColumn: { id: columnId(order, 'id') } }), 'en')).toColumn).toBe(
      'column salesOrder.id does not belong to table customer',
    );
    expect((await errorsOf(manyToOne({ fromColumn: { id: columnId(order, 'note') } }))).fromColumn).toContain(
      'TEXT',
    );
    expect(
      (await errorsOf(manyToOne({ fromColumn: { id: columnId(order, 'amount') } }))).fromColumn,
    ).toContain('DECIMAL');
    expect(
      (await errorsOf(manyToOne({ fromColumn: { id: columnId(order, 'customerCode') } }))).toColumn,
    ).toBe('两端字段类型不兼容（CHAR 与 BIGINT）：整数对整数，文本对文本');
    expect(
      (
        await errorsOf(
          manyToOne({
            fromTable: { id: customer.id },
            fromColumn: { id: columnId(customer, 'id') },
            name: 'self',
          }),
          'en',
        )
      ).toColumn,
    ).toBe('both ends of a relation cannot be the same column');
    expect((await errorsOf(manyToOne({ fromTable: null, toColumn: { id: null } }))).fromTable).toBe(
      '不能为空',
    );
    expect(await errorsOf(manyToOne({ fromTable: { id: 'x' } }))).toHaveProperty(['fromTable.id']);
    expect((await api.get(`${URL}/count`)).json()).toBe(0);

    expect((await api.post(URL, manyToOne())).statusCode).toBe(201);
    const duplicate = await api.post(URL, manyToOne({ name: 'CUSTOMER' }));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors.name).toBe('表 salesOrder 已有名为 CUSTOMER 的关系（不区分大小写）');
    // The same two columns joined again under another name (or another type) is refused too.
    for (const twin of [
      manyToOne({ name: 'buyer' }),
      manyToOne({ name: 'buyer', relationType: 'OneToOneSubToMain' }),
    ]) {
      const again = await api.post(URL, twin);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('表 salesOrder 的关系 customer 已连接这两个字段，不能重复添加');
    }
    // The same name on another from-table is fine.
    const other = await api.post(URL, {
      ...manyToOne(),
      relationType: 'OneToMany',
      fromTable: { id: customer.id },
      fromColumn: { id: columnId(customer, 'id') },
      toTable: { id: order.id },
      toColumn: { id: columnId(order, 'customerId') },
    });
    expect(other.statusCode).toBe(201);
    const stored = await app.dataSources.primary.knex(META.relation).select('*').orderBy('id');
    expect(stored).toHaveLength(2);

    const [first] = (await api.get(URL)).json().slice(-1);
    expect(
      (await api.patch(`${URL}/${first.id}`, { toColumn: { id: columnId(customer, 'name') } })).statusCode,
    ).toBe(400);
    expect((await api.patch(`${URL}/${first.id}`, { fromTable: null })).statusCode).toBe(400);
    expect(
      (
        await api.patch(`${URL}/${other.json()}`, {
          fromTable: { id: order.id },
          fromColumn: { id: columnId(order, 'customerId') },
          toTable: { id: customer.id },
          toColumn: { id: columnId(customer, 'id') },
          relationType: 'ManyToOne',
        })
      ).statusCode,
    ).toBe(409);
    expect(await app.dataSources.primary.knex(META.relation).select('*').orderBy('id')).toEqual(stored);
  });

  it('needs metadata:read to read and metadata:write to change', async () => {
    const { app, api, manyToOne } = await setup();
    const id = (await api.post(URL, manyToOne())).json();
    await createUser(app, {
      username: 'reader',
      password: 'Reader-pass-1',
      roles: { READER: 'metadata:read' },
    });
    await createUser(app, {
      username: 'nobody',
      password: 'Nobody-pass-1',
      roles: { NOBODY: 'business:*:read' },
    });
    const reader = apiClient(app, (await login(app, 'reader', 'Reader-pass-1')).cookie);
    const nobody = apiClient(app, (await login(app, 'nobody', 'Nobody-pass-1')).cookie);
    const anonymous = apiClient(app, '');

    expect((await reader.get(URL)).statusCode).toBe(200);
    expect((await reader.get(`${URL}/${id}`)).statusCode).toBe(200);
    expect((await reader.post(URL, manyToOne({ name: 'other' }))).statusCode).toBe(403);
    expect((await reader.patch(`${URL}/${id}`, { caption: 'x' })).statusCode).toBe(403);
    expect((await reader.delete(`${URL}/${id}`)).statusCode).toBe(403);
    expect((await reader.delete(URL, [id])).statusCode).toBe(403);
    expect((await nobody.get(URL)).statusCode).toBe(403);
    expect((await nobody.get(`${URL}/count`)).statusCode).toBe(403);
    expect((await anonymous.get(URL)).statusCode).toBe(401);
    expect((await anonymous.post(URL, manyToOne({ name: 'other' }))).statusCode).toBe(401);
    expect((await api.get(`${URL}/${id}`)).json()).toMatchObject({ name: 'customer', caption: '客户' });
    expect((await api.get(`${URL}/count`)).json()).toBe(1);
  });

  it('refuses to add, change or delete relations of system tables with 409, changing nothing', async () => {
    const app = await apps.build();
    const api = apiClient(app, (await login(app)).cookie);
    const relations = (await api.get(URL)).json() as {
      id: number;
      name: string;
      relationType: string;
      fromTable: { id: number; name: string };
      toTable: { id: number };
      fromColumn: { id: number };
      toColumn: { id: number };
    }[];
    const system = relations.find((relation) => relation.fromTable.name === 'userRole');
    expect(system).toBeDefined();
    if (!system) return;
    const patched = await api.patch(`${URL}/${system.id}`, { caption: 'x' });
    expect(patched.statusCode).toBe(409);
    expect(patched.json().message).toContain('userRole');
    expect((await api.delete(`${URL}/${system.id}`)).statusCode).toBe(409);
    expect((await api.delete(URL, [system.id])).statusCode).toBe(409);
    const added = await api.post(URL, {
      name: 'again',
      relationType: system.relationType,
      fromTable: { id: system.fromTable.id },
      toTable: { id: system.toTable.id },
      fromColumn: { id: system.fromColumn.id },
      toColumn: { id: system.toColumn.id },
    });
    expect(added.statusCode).toBe(409);
    expect((await api.get(URL)).json()).toEqual(relations);
  });

  it('goes away with a table or a column it uses', async () => {
    const { api, customer, order, manyToOne } = await setup();
    const toCustomer = (await api.post(URL, manyToOne())).json();
    const byCode = (
      await api.post(URL, {
        name: 'byCode',
        relationType: 'ManyToOne',
        fromTable: { id: order.id },
        fromColumn: { id: columnId(order, 'customerCode') },
        toTable: { id: customer.id },
        toColumn: { id: columnId(customer, 'code') },
      })
    ).json();
    const orderColumns = (await api.get(`/api/metadata/tables/${order.id}`)).json().columns;
    const withoutCode = orderColumns.filter((column: StoredColumn) => column.name !== 'customerCode');
    expect((await api.patch(`/api/metadata/tables/${order.id}`, { columns: withoutCode })).statusCode).toBe(
      200,
    );
    expect((await api.get(`${URL}/${byCode}`)).statusCode).toBe(404);
    expect((await api.get(`${URL}/${toCustomer}`)).statusCode).toBe(200);

    expect(
      (await api.delete(`/api/metadata/tables/${customer.id}?isDropPhysicalTable=true`)).statusCode,
    ).toBe(204);
    expect((await api.get(`${URL}/${toCustomer}`)).statusCode).toBe(404);
    expect((await api.get(`${URL}/fromTable/${order.id}`)).json()).toEqual([]);
    expect((await api.get(`${URL}/count`)).json()).toBe(0);
  });
});
