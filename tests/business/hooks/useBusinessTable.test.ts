import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_LIMIT, type Relation, type Table } from '../../../contract';
import { loadBusinessTableMeta as loadMeta } from '../../../src/business/hooks/useBusinessTable';
import { appClient } from '../../../src/providers/app-client';
import { registerTables, resetRegisteredTables } from '../../../src/resources/useRegisteredTables';
import { installFakeHttp, type FakeHttp } from '../../helpers/fakeHttp';

const { dataProviders } = appClient();

const order: Table = {
  id: 3,
  name: 'order',
  primaryNames: ['id'],
  columns: [
    { id: 30, name: 'id', dataType: 'BIGINT' },
    { id: 31, name: 'customerId', dataType: 'BIGINT' },
  ],
};
const customer: Table = { id: 4, name: 'customer', primaryNames: ['id'], columns: [] };
const relation: Relation = {
  name: 'customer',
  relationType: 'ManyToOne',
  fromTable: { id: 3, name: 'order' },
  toTable: { id: 4, name: 'customer' },
  fromColumn: { id: 31, name: 'customerId' },
  toColumn: { id: 40, name: 'id' },
};

const providers = { records: dataProviders.default, metadata: dataProviders.metadata, dataSource: 'chinook' };
const loadBusinessTableMeta = (name: string) => loadMeta(providers, name);

let server: FakeHttp;
beforeEach(() => {
  server = installFakeHttp();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  server.restore();
  resetRegisteredTables();
  vi.restoreAllMocks();
});

describe('loadBusinessTableMeta (docs/product.md §7 order)', () => {
  it('loads table, relations, related tables, layouts, value dialogs and column widgets in that order', async () => {
    server.on('GET', '/metadata/tables/name/order', { data: order });
    server.on('GET', '/metadata/tablerelations/fromTable/name/order', { data: [relation, relation] });
    server.on('GET', '/metadata/tables/name/customer', { data: customer });
    server.on('GET', '/business/tableFormBuilder', {
      data: [{ id: 1, tableId: 3, device: 'pc', type: 'list', body: '[{"columnId":31}]' }],
    });
    server.on('GET', '/business/columnExtProperty', {
      data: [
        { columnId: 31, key: 'valueDialog', value: '{"name":"n","url":"/u"}' },
        { id: 7, columnId: 31, key: 'display', value: '{"id":"kanban-tag"}' },
      ],
    });
    const meta = await loadBusinessTableMeta('order');
    expect(server.requests.map((r) => r.url)).toEqual([
      '/metadata/tables/name/order',
      '/metadata/tablerelations/fromTable/name/order',
      '/metadata/tables/name/customer',
      '/business/tableFormBuilder',
      '/business/columnExtProperty',
      '/business/columnExtProperty',
    ]);
    // crudboard's records about a table live in primary and name the table's data source.
    const ofChinook = JSON.stringify({
      conditionType: 'AND',
      conditions: [{ columnName: 'dataSource', operatorType: 'EQ', values: ['chinook'] }],
    });
    expect(server.sent('GET', '/business/tableFormBuilder')[0]).toMatchObject({
      dataSource: 'primary',
      params: { filter: ofChinook, tableId: '3', offset: '0', limit: String(MAX_LIMIT) },
    });
    expect(server.sent('GET', '/business/columnExtProperty')[0]).toMatchObject({
      dataSource: 'primary',
      params: { filter: ofChinook, tableId: '3', key: 'valueDialog', offset: '0', limit: String(MAX_LIMIT) },
    });
    expect(meta.table).toEqual(order);
    expect(meta.relatedTables).toEqual({ customer });
    expect(meta.layouts).toEqual([
      { id: 1, tableId: 3, device: 'pc', type: 'list', body: [{ columnId: 31 }] },
    ]);
    expect(server.sent('GET', '/business/columnExtProperty')[1]?.params).toEqual({
      filter: ofChinook,
      tableId: '3',
      key: 'interface,display',
      offset: '0',
      limit: String(MAX_LIMIT),
    });
    expect(meta.valueDialogs).toEqual([{ columnId: 31, name: 'n', url: '/u' }]);
    expect(meta.widgets).toEqual(new Map([[31, { display: 'kanban-tag' }]]));
  });

  it('treats failed layouts, value dialogs, column widgets and relations as empty, with a warning', async () => {
    server.on('GET', '/metadata/tables/name/order', { data: order });
    server.on('GET', '/metadata/tablerelations/fromTable/name/order', { status: 500, data: {} });
    server.on('GET', '/business/tableFormBuilder', { status: 404, data: { message: 'no' } });
    server.on('GET', '/business/columnExtProperty', { status: 403, data: { message: 'no' } });
    const meta = await loadBusinessTableMeta('order');
    expect(meta).toEqual({
      table: order,
      relations: [],
      relatedTables: {},
      layouts: [],
      valueDialogs: [],
      widgets: new Map(),
    });
    expect(console.warn).toHaveBeenCalledTimes(4);
  });

  it('fails when the table cannot be loaded and the user does not have it either', async () => {
    server.on('GET', '/metadata/tables/name/nope', { status: 404, data: { message: '表不存在' } });
    await expect(loadBusinessTableMeta('nope')).rejects.toMatchObject({ statusCode: 404 });
    expect(server.requests).toHaveLength(1);
  });

  it("asks for the user's tables when opened by URL before the menu loaded them", async () => {
    server.on('GET', '/metadata/tables/name/order', { status: 403, data: { message: 'forbidden' } });
    server.on('GET', '/users/me/table', { data: [{ ...order, id: undefined }] });
    server.on('GET', '/metadata/tablerelations/fromTable/name/order', { data: [] });
    const meta = await loadBusinessTableMeta('order');
    expect(meta.table.name).toBe('order');
    expect(server.requests).toHaveLength(3);
  });

  it('uses the table of /users/me/table when the metadata is not readable', async () => {
    registerTables('primary', [{ ...order, id: undefined }]);
    server.on('GET', '/metadata/tables/name/ORDER', { status: 403, data: { message: 'forbidden' } });
    server.on('GET', '/metadata/tablerelations/fromTable/name/order', { data: [] });
    const meta = await loadBusinessTableMeta('ORDER');
    expect(meta.table.name).toBe('order');
    // without a table id there is nothing to look up layouts and dialogs by
    expect(server.requests).toHaveLength(2);
  });
});

describe("loadBusinessTableMeta for a table's reader without metadata:read", () => {
  const loan: Table = {
    id: 5,
    name: 'loan',
    primaryNames: ['id'],
    columns: [
      { id: 50, name: 'id', dataType: 'BIGINT' },
      { id: 51, name: 'bookId', dataType: 'BIGINT' },
      { id: 52, name: 'memberId', dataType: 'BIGINT' },
    ],
  };
  const book: Table = { id: 6, name: 'book', primaryNames: ['id'], columns: [] };
  const to = (name: string, id: number, column: number): Relation => ({
    name,
    relationType: 'ManyToOne',
    fromTable: { id: 5, name: 'loan' },
    toTable: { id, name },
    fromColumn: { id: column, name: `${name}Id` },
    toColumn: { id: id * 10, name: 'id' },
  });

  it("reads the layouts, value dialogs and inputs from the table's screen settings; an unreadable target stays out", async () => {
    server.on('GET', '/metadata/tables/name/loan', { data: loan });
    server.on('GET', '/metadata/tablerelations/fromTable/name/loan', {
      data: [to('book', 6, 51), to('member', 7, 52)],
    });
    server.on('GET', '/metadata/tables/name/book', { data: book });
    server.on('GET', '/metadata/tables/name/member', {
      status: 403,
      data: { code: 'FORBIDDEN', message: '没有权限' },
    });
    server.on('GET', '/metadata/tables/name/loan/screen', {
      data: {
        formBuilders: [{ id: 1, tableId: 5, device: 'pc', type: 'update', body: '[{"columnId":51}]' }],
        extProperties: [
          { id: 2, tableId: 5, columnId: 51, key: 'valueDialog', value: '{"name":"n","url":"/u"}' },
          { id: 3, tableId: 5, columnId: 52, key: 'interface', value: '{"id":"number"}' },
        ],
      },
    });
    server.on('GET', '/users/me/table', { data: [loan, book] });
    const meta = await loadMeta({ ...providers, readerOnly: true }, 'loan');
    expect(server.unexpected).toEqual([]);
    expect(server.requests.map((request) => request.url)).not.toContain('/business/tableFormBuilder');
    expect(server.requests.map((request) => request.url)).not.toContain('/business/columnExtProperty');
    expect(meta.relatedTables).toEqual({ book });
    // member's records show by key: the relation is kept apart from those with a picker
    expect(meta.relations.map((relation) => relation.name)).toEqual(['book']);
    expect(meta.keyRelations?.map((relation) => relation.name)).toEqual(['member']);
    expect(meta.layouts).toEqual([
      { id: 1, tableId: 5, device: 'pc', type: 'update', body: [{ columnId: 51 }] },
    ]);
    expect(meta.valueDialogs).toEqual([{ columnId: 51, name: 'n', url: '/u' }]);
  });
});
