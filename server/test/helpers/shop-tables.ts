import type { Knex } from 'knex';
import { createRelation, createTable } from './business-tables';
import { SYSTEM_COLUMNS, type ApiClient } from './metadata-api';

/** customer ← salesOrder (tags) → lines → notes, and a one-to-one detail. */
export const createShop = async (api: ApiClient, knex: Knex) => {
  const customer = await createTable(api, {
    name: 'customer',
    columns: [
      ...SYSTEM_COLUMNS,
      { name: 'city', dataType: 'VARCHAR', length: 50, displayable: true },
      { name: 'level', dataType: 'VARCHAR', length: 10 },
    ],
  });
  const tag = await createTable(api, { name: 'tag', columns: SYSTEM_COLUMNS });
  const order = await createTable(api, {
    name: 'salesOrder',
    columns: [
      ...SYSTEM_COLUMNS,
      { name: 'customerId', dataType: 'BIGINT', queryable: true },
      { name: 'tagIds', dataType: 'VARCHAR', length: 100, multipleValue: true },
    ],
  });
  const line = await createTable(api, {
    name: 'orderLine',
    columns: [
      ...SYSTEM_COLUMNS,
      { name: 'orderId', dataType: 'BIGINT', nullable: false },
      { name: 'qty', dataType: 'INT', nullable: false },
      { name: 'sku', dataType: 'VARCHAR', length: 20, indexType: 'UNIQUE' },
    ],
  });
  const note = await createTable(api, {
    name: 'lineNote',
    columns: [...SYSTEM_COLUMNS, { name: 'lineId', dataType: 'BIGINT', nullable: false }],
  });
  const detail = await createTable(api, {
    name: 'orderDetail',
    columns: [
      ...SYSTEM_COLUMNS,
      { name: 'orderId', dataType: 'BIGINT', nullable: false },
      { name: 'address', dataType: 'VARCHAR', length: 100 },
    ],
  });
  await createRelation(knex, {
    name: 'customer',
    relationType: 'ManyToOne',
    from: order,
    fromColumn: 'customerId',
    to: customer,
    toColumn: 'id',
  });
  await createRelation(knex, {
    name: 'tags',
    relationType: 'ManyToOne',
    from: order,
    fromColumn: 'tagIds',
    to: tag,
    toColumn: 'id',
  });
  await createRelation(knex, {
    name: 'lines',
    relationType: 'OneToMany',
    from: order,
    fromColumn: 'id',
    to: line,
    toColumn: 'orderId',
  });
  await createRelation(knex, {
    name: 'detail',
    relationType: 'OneToOneMainToSub',
    from: order,
    fromColumn: 'id',
    to: detail,
    toColumn: 'orderId',
  });
  await createRelation(knex, {
    name: 'notes',
    relationType: 'OneToMany',
    from: line,
    fromColumn: 'id',
    to: note,
    toColumn: 'lineId',
  });
  await createRelation(knex, {
    name: 'order',
    relationType: 'OneToOneSubToMain',
    from: line,
    fromColumn: 'orderId',
    to: order,
    toColumn: 'id',
  });

  for (const [name, city] of [
    ['张三', '上海'],
    ['李四', '北京'],
  ]) {
    await api.post('/api/business/customer', { name, city, level: 'gold' });
  }
  for (const name of ['红', '绿', '蓝']) await api.post('/api/business/tag', { name });
};
