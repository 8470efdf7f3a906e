import type { Knex } from 'knex';
import { expect, it } from 'vitest';
import { META } from '../../src/db/table-names';
import { listTables } from '../../src/services/metadata-store';
import { clearTables } from '../helpers/physical-schema';
import { useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';

const stamps = { createdDate: 1700000000000, lastModifiedDate: 1700000000500 };

const idOf = async (knex: Knex, table: string, where: Record<string, unknown>): Promise<number> =>
  Number((await knex(table).select('id').where(where).first()).id);

const seed = async (knex: Knex) => {
  await knex(META.sequence).insert({ name: 'orderNo', sequenceType: 'STRING', format: 'SO_%09d', ...stamps });
  const seqId = await idOf(knex, META.sequence, { name: 'orderNo' });
  // One row per insert: a multi-row insert on SQLite turns keys missing from a row into NULLs.
  await knex(META.table).insert({
    name: 'customer',
    pluralName: 'customers',
    tableName: 'customer',
    caption: '客户',
    ...stamps,
  });
  await knex(META.table).insert({
    name: 'order',
    tableName: 'cb_order',
    caption: '订单',
    readOnly: true,
    ...stamps,
  });
  const customer = await idOf(knex, META.table, { name: 'customer' });
  const order = await idOf(knex, META.table, { name: 'order' });
  const column = (
    tableId: number,
    name: string,
    displayOrder: number,
    extra: Record<string, unknown> = {},
  ) => ({
    tableId,
    name,
    caption: name,
    displayOrder,
    dataType: 'VARCHAR',
    length: 200,
    ...stamps,
    ...extra,
  });
  for (const row of [
    column(customer, 'id', 0, {
      dataType: 'BIGINT',
      length: null,
      indexType: 'PRIMARY',
      autoIncrement: true,
      nullable: false,
    }),
    column(customer, 'name', 1, { queryable: true, displayable: true }),
    column(order, 'customerId', 2, { dataType: 'BIGINT', length: null }),
    column(order, 'code', 1, { seqId, indexType: 'UNIQUE', indexName: 'uq_code' }),
    column(order, 'lineNo', 0, { dataType: 'INT', length: null, unsigned: true }),
    column(order, 'amount', 3, {
      dataType: 'DECIMAL',
      length: null,
      precision: 12,
      scale: 2,
      defaultValue: '0',
    }),
  ]) {
    await knex(META.column).insert(row);
  }
  const codeId = await idOf(knex, META.column, { tableId: order, name: 'code' });
  const lineNoId = await idOf(knex, META.column, { tableId: order, name: 'lineNo' });
  await knex(META.index).insert({
    tableId: order,
    name: 'pk_order',
    caption: '主键',
    indexType: 'PRIMARY',
    indexStorage: 'BTREE',
    ...stamps,
  });
  const indexId = await idOf(knex, META.index, { name: 'pk_order' });
  await knex(META.indexLine).insert([
    { indexId, columnId: codeId, displayOrder: 0 },
    { indexId, columnId: lineNoId, displayOrder: 1 },
  ]);
  await knex(META.relation).insert({
    name: 'customer',
    relationType: 'ManyToOne',
    fromTableId: order,
    toTableId: customer,
    fromColumnId: await idOf(knex, META.column, { tableId: order, name: 'customerId' }),
    toColumnId: await idOf(knex, META.column, { tableId: customer, name: 'id' }),
    ...stamps,
  });
  return { customer, order, seqId, indexId, codeId, lineNoId };
};

describeEachDatabase('metadata store ($name)', (db) => {
  const apps = useTestApps(db);

  it('reads tables with columns (display order) and indexes with lines, typed as the contract says', async () => {
    const app = await apps.build();
    const knex = app.dataSources.primary.knex;
    await clearTables(knex);
    expect(await listTables(knex)).toEqual([]);
    const ids = await seed(knex);

    const tables = await listTables(knex);
    expect(tables.map((t) => [t.name, t.pluralName, t.tableName, t.readOnly, t.primaryNames])).toEqual([
      ['customer', 'customers', 'customer', false, ['id']],
      ['order', 'order', 'cb_order', true, ['code', 'lineNo']],
    ]);
    const order = tables[1];
    expect(order?.columns.map((c) => c.name)).toEqual(['lineNo', 'code', 'customerId', 'amount']);
    expect(order?.columns[1]).toEqual({
      id: ids.codeId,
      name: 'code',
      caption: 'code',
      captions: null,
      description: null,
      displayOrder: 1,
      dataType: 'VARCHAR',
      length: 200,
      precision: null,
      scale: null,
      unsigned: false,
      indexType: 'UNIQUE',
      indexStorage: null,
      indexName: 'uq_code',
      autoIncrement: false,
      seqId: ids.seqId,
      nullable: true,
      defaultValue: null,
      nativeType: null,
      nativeDefault: null,
      insertable: true,
      updatable: true,
      queryable: false,
      displayable: false,
      systemable: false,
      multipleValue: false,
      options: null,
      ...stamps,
    });
    expect(order?.columns[3]).toMatchObject({
      dataType: 'DECIMAL',
      precision: 12,
      scale: 2,
      defaultValue: '0',
    });
    expect(order?.indexs).toEqual([
      {
        id: ids.indexId,
        name: 'pk_order',
        caption: '主键',
        description: null,
        indexType: 'PRIMARY',
        indexStorage: 'BTREE',
        ...stamps,
        indexLines: [
          { id: expect.any(Number), column: { id: ids.codeId, name: 'code' } },
          { id: expect.any(Number), column: { id: ids.lineNoId, name: 'lineNo' } },
        ],
      },
    ]);
    expect((await listTables(knex, [ids.customer])).map((t) => t.name)).toEqual(['customer']);
  });

  it('enforces the schema: unique names per table, cascades from tables, sequences in use kept', async () => {
    const app = await apps.build();
    const knex = app.dataSources.primary.knex;
    const { order, seqId } = await knex.transaction(async (trx) => {
      await trx(META.relation).delete();
      await trx(META.table).delete();
      await trx(META.sequence).delete();
      return seed(trx);
    });
    await expect(
      knex(META.column).insert({ tableId: order, name: 'code', dataType: 'INT', ...stamps }),
    ).rejects.toThrow();
    await expect(knex(META.sequence).where('id', seqId).delete()).rejects.toThrow();
    await knex(META.table).where('id', order).delete();
    expect(await knex(META.column).where('tableId', order).select('id')).toEqual([]);
    expect(await knex(META.index).where('tableId', order).select('id')).toEqual([]);
    expect(await knex(META.relation).select('id')).toEqual([]);
    expect((await listTables(knex)).map((t) => t.name)).toEqual(['customer']);
  });
});
