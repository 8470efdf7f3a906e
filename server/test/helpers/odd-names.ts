import type { Knex } from 'knex';

/**
 * Tables with the names existing databases really have: spaces, Chinese, hyphens, mixed case,
 * reserved words as column names, Chinese, spaced and hyphenated column names, a text primary key
 * and a foreign key between two of them, plus one table whose column names the API cannot carry. Physical names are quoted by the schema
 * builder, never spelled in SQL text.
 */
export const ODD_TABLES = {
  orderDetails: 'Order Details',
  customer: '客户',
  salesOrder: 'sales-order',
  mixed: 'MixedCase',
  product: '产品',
  oddColumns: 'odd columns',
} as const;

export const dropOddTables = async (knex: Knex): Promise<void> => {
  // Children first (the foreign key).
  for (const name of [
    ODD_TABLES.salesOrder,
    ODD_TABLES.customer,
    ODD_TABLES.orderDetails,
    ODD_TABLES.mixed,
    ODD_TABLES.product,
    ODD_TABLES.oddColumns,
  ])
    await knex.schema.dropTableIfExists(name);
};

export const createOddTables = async (knex: Knex): Promise<void> => {
  await dropOddTables(knex);
  await knex.schema.createTable(ODD_TABLES.orderDetails, (t) => {
    t.bigInteger('OrderID').primary();
    t.integer('Quantity').notNullable();
    t.string('Note', 100);
  });
  await knex.schema.createTable(ODD_TABLES.customer, (t) => {
    // A text key.
    t.string('code', 20).primary();
    t.string('name', 100).notNullable();
    t.string('city', 50);
  });
  await knex.schema.createTable(ODD_TABLES.salesOrder, (t) => {
    t.bigInteger('id').primary();
    t.string('customerCode', 20).references('code').inTable(ODD_TABLES.customer);
    t.decimal('amount', 10, 2);
  });
  await knex.schema.createTable(ODD_TABLES.mixed, (t) => {
    // Not INTEGER: SQLite would number the rows itself (its rowid).
    t.bigInteger('Id').primary();
    // Reserved words as column names.
    t.string('order', 20);
    t.string('select', 20);
    t.integer('when');
  });
  await knex.schema.createTable(ODD_TABLES.product, (t) => {
    t.bigInteger('编号').primary();
    t.string('名称', 50).notNullable();
    t.decimal('单价', 10, 2);
    t.string('first name', 20);
    t.string('sales-region', 20);
  });
  await knex.schema.createTable(ODD_TABLES.oddColumns, (t) => {
    t.integer('id').primary();
    // A comma: `select` lists and record keys would split it.
    t.string('a,b', 20);
  });
};
