import type { ApiSession } from './api-session';

export const SYSTEM_COLUMNS = [
  {
    name: 'id',
    caption: '编号',
    dataType: 'BIGINT',
    unsigned: true,
    indexType: 'PRIMARY',
    autoIncrement: true,
    nullable: false,
  },
  {
    name: 'name',
    caption: '名称',
    dataType: 'VARCHAR',
    length: 200,
    nullable: false,
    queryable: true,
    displayable: true,
  },
  {
    name: 'fullTextBody',
    caption: '全文索引',
    dataType: 'TEXT',
    indexType: 'FULLTEXT',
    indexName: 'ft_fulltext_body',
  },
  { name: 'createdDate', caption: '创建时间', dataType: 'DATETIME', nullable: false },
  { name: 'lastModifiedDate', caption: '修改时间', dataType: 'DATETIME' },
  { name: 'createById', caption: '创建者编号', dataType: 'BIGINT' },
  { name: 'updateById', caption: '修改者编号', dataType: 'BIGINT' },
  { name: 'ownerId', caption: '所有者编号', dataType: 'BIGINT' },
  // As the designer makes it: forms may not edit the flag; the recycle bin restores through its own call.
  { name: 'isDeleted', caption: '是否删除', dataType: 'BOOL', insertable: false, updatable: false },
];

/**
 * Creates a table through the metadata API: the system columns and `columns` after them, its
 * plural the name with an `s`; answers the table as the API reads it back.
 */
export const createTableWith = async (
  api: ApiSession,
  name: string,
  caption: string,
  columns: object[] = [],
) => {
  const id = await api.call<number>('POST', '/metadata/tables', {
    name,
    pluralName: `${name}s`,
    tableName: name,
    caption,
    columns: [...SYSTEM_COLUMNS, ...columns].map((column, i) => ({ displayOrder: i, ...column })),
  });
  return api.call<{ id: number; columns: { id: number; name: string }[] }>('GET', `/metadata/tables/${id}`);
};

const CITIES = ['上海', '北京', '广州', '深圳', '杭州'];

export interface Shop {
  customerIds: number[];
}

/**
 * customer ← salesOrder → orderLine: a ManyToOne picker and a OneToMany sub-table, through the real
 * metadata and business APIs; 25 customers so the list pages.
 */
export const createShop = async (api: ApiSession): Promise<Shop> => {
  const table = (name: string, caption: string, columns: object[]) =>
    createTableWith(api, name, caption, columns);
  const customer = await table('customer', '客户', [
    { name: 'city', caption: '城市', dataType: 'VARCHAR', length: 50, queryable: true, displayable: true },
    { name: 'vip', caption: '贵宾', dataType: 'BOOL', queryable: true },
  ]);
  const order = await table('salesOrder', '销售订单', [
    { name: 'customerId', caption: '客户', dataType: 'BIGINT', queryable: true },
    { name: 'amount', caption: '金额', dataType: 'DECIMAL', precision: 10, scale: 2 },
    { name: 'orderDate', caption: '下单日期', dataType: 'DATE' },
    { name: 'remark', caption: '备注', dataType: 'TEXT' },
  ]);
  const line = await table('orderLine', '订单明细', [
    { name: 'orderId', caption: '订单', dataType: 'BIGINT' },
    { name: 'qty', caption: '数量', dataType: 'INT' },
  ]);
  const col = (t: { columns: { id: number; name: string }[] }, name: string) => ({
    id: t.columns.find((c) => c.name === name)?.id,
  });
  await api.call('POST', '/metadata/tablerelations', {
    name: 'customer',
    caption: '客户',
    relationType: 'ManyToOne',
    fromTable: { id: order.id },
    toTable: { id: customer.id },
    fromColumn: col(order, 'customerId'),
    toColumn: col(customer, 'id'),
  });
  await api.call('POST', '/metadata/tablerelations', {
    name: 'lines',
    caption: '订单明细',
    relationType: 'OneToMany',
    fromTable: { id: order.id },
    toTable: { id: line.id },
    fromColumn: col(order, 'id'),
    toColumn: col(line, 'orderId'),
  });
  const customerIds: number[] = [];
  for (let i = 1; i <= 25; i += 1) {
    const city = CITIES[i % CITIES.length] ?? '上海';
    customerIds.push(
      Number(
        await api.call('POST', '/business/customer', {
          name: `${city}客户${String(i).padStart(2, '0')}`,
          city,
          vip: i % 2 === 0,
        }),
      ),
    );
  }
  return { customerIds };
};
