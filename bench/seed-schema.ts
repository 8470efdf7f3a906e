import type { Knex } from 'knex';
import { META } from '../server/src/db/table-names';
import type { BenchServer } from './bench-server';

/** Physical names of the benchmark tables (API names are their camelCase forms). */
export const ORDER_TABLE = 'bench_order';
export const CUSTOMER_TABLE = 'bench_customer';
export const ORDER_API = 'benchOrder';
export const CUSTOMER_API = 'benchCustomer';
export const RELATION_NAME = 'customer';

const id = {
  name: 'id',
  caption: '编号',
  dataType: 'BIGINT',
  unsigned: true,
  indexType: 'PRIMARY',
  indexStorage: 'BTREE',
  autoIncrement: true,
  nullable: false,
};
const name = {
  name: 'name',
  caption: '名称',
  dataType: 'VARCHAR',
  length: 200,
  nullable: false,
  queryable: true,
  displayable: true,
  insertable: true,
  updatable: true,
};
/** The designer's system columns (docs/api.md §2.1), as the new-table form pre-fills them. */
const fullTextBody = { name: 'fullTextBody', caption: '全文索引', dataType: 'TEXT', indexType: 'FULLTEXT' };
const createdDate = { name: 'createdDate', caption: '创建时间', dataType: 'DATETIME', nullable: false };
const lastModifiedDate = { name: 'lastModifiedDate', caption: '修改时间', dataType: 'DATETIME' };
const isDeleted = {
  name: 'isDeleted',
  caption: '是否删除',
  dataType: 'BOOL',
  insertable: true,
  updatable: true,
  queryable: true,
};
const editable = { insertable: true, updatable: true, displayable: true };

/** 10,000 customers: the target of the orders' ManyToOne relation. */
const customerBody = {
  name: CUSTOMER_API,
  tableName: CUSTOMER_TABLE,
  caption: '基准客户',
  columns: [
    id,
    name,
    { name: 'city', caption: '城市', dataType: 'VARCHAR', length: 50, ...editable, queryable: true },
    { name: 'level', caption: '等级', dataType: 'INT', ...editable },
    createdDate,
    lastModifiedDate,
    isDeleted,
  ],
};

/**
 * The measured table, 12 columns: Chinese name and remark, English title, decimal amount, indexed
 * INT quantity, order date, the customer reference, audit times, isDeleted and the full-text body.
 */
const orderBody = {
  name: ORDER_API,
  tableName: ORDER_TABLE,
  caption: '基准订单',
  columns: [
    id,
    name,
    { name: 'title', caption: '英文标题', dataType: 'VARCHAR', length: 200, ...editable, queryable: true },
    { name: 'remark', caption: '备注', dataType: 'TEXT', ...editable, queryable: true },
    { name: 'amount', caption: '金额', dataType: 'DECIMAL', precision: 12, scale: 2, ...editable },
    { name: 'quantity', caption: '数量', dataType: 'INT', indexType: 'INDEX', ...editable },
    { name: 'orderDate', caption: '下单日期', dataType: 'DATE', ...editable },
    { name: 'customerId', caption: '客户编号', dataType: 'BIGINT', unsigned: true, ...editable },
    createdDate,
    lastModifiedDate,
    isDeleted,
    fullTextBody,
  ],
};

interface StoredTableJson {
  id: number;
  columns: { id: number; name: string }[];
}

const columnId = (table: StoredTableJson, column: string): number => {
  const found = table.columns.find((candidate) => candidate.name === column);
  if (!found) throw new Error(`column ${column} missing from the created table`);
  return found.id;
};

/**
 * The ManyToOne relation orders.customerId → customers.id: through /api/metadata/tablerelations
 * when the server has it, else written into cb_meta_relation as that API would store it.
 */
const createRelation = async (
  server: BenchServer,
  db: Knex,
  order: StoredTableJson,
  customer: StoredTableJson,
): Promise<void> => {
  const body = {
    name: RELATION_NAME,
    caption: '客户',
    relationType: 'ManyToOne',
    fromTable: { id: order.id },
    toTable: { id: customer.id },
    fromColumn: { id: columnId(order, 'customerId') },
    toColumn: { id: columnId(customer, 'id') },
  };
  const response = await fetch(`${server.url}/api/metadata/tablerelations`, {
    method: 'POST',
    headers: { cookie: server.cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status === 201) return;
  if (response.status !== 404) {
    throw new Error(`creating the relation failed: ${response.status} ${await response.text()}`);
  }
  const now = Date.now();
  await db(META.relation).insert({
    name: body.name,
    caption: body.caption,
    relationType: body.relationType,
    fromTableId: order.id,
    toTableId: customer.id,
    fromColumnId: body.fromColumn.id,
    toColumnId: body.toColumn.id,
    createdDate: now,
    lastModifiedDate: now,
  });
};

/** Creates both tables through POST /api/metadata/tables, then the relation between them. */
export const createBenchSchema = async (server: BenchServer): Promise<void> => {
  const tableOf = async (body: object): Promise<StoredTableJson> => {
    const created = await server.call('POST', '/api/metadata/tables', body, 201);
    return (await server.call('GET', `/api/metadata/tables/${String(created)}`)) as StoredTableJson;
  };
  const customer = await tableOf(customerBody);
  const order = await tableOf(orderBody);
  await createRelation(server, server.app.dataSources.primary.knex, order, customer);
};
