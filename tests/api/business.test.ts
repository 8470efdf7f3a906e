import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  countRecords,
  createRecord,
  deleteRecord,
  deleteRecords,
  exportRecords,
  getRecord,
  getRecordsByIds,
  listParams,
  listRecords,
  restoreRecord,
  updateRecord,
} from '../../src/api/business';
import { clearSession } from '../../src/store/session';
import { installFakeHttp, type FakeHttp } from '../helpers/fakeHttp';
import { clerk, signIn, superAdmin } from '../helpers/session';

let server: FakeHttp;
beforeEach(() => {
  server = installFakeHttp();
  signIn(superAdmin);
});
afterEach(() => {
  expect(server.unexpected).toEqual([]);
  server.restore();
  clearSession();
});

describe('listParams (docs/api.md §3)', () => {
  it.each<[Parameters<typeof listParams>[0], Record<string, string>]>([
    [
      { offset: 0, limit: 10 },
      { offset: '0', limit: '10' },
    ],
    [
      { offset: 20, limit: 10, search: '  苹果 ' },
      { offset: '20', limit: '10', search: '苹果' },
    ],
    [{ search: '   ' }, {}],
    [
      { select: ['id', 'name'], orderby: 'id DESC' },
      { select: 'id,name', orderby: 'id DESC' },
    ],
    [{ select: [] }, {}],
    [{ filters: { name: 'a,b', isDeleted: 'false' } }, { name: 'a,b', isDeleted: 'false' }],
    [{ filter: '{"columnName":"a"}' }, { filter: '{"columnName":"a"}' }],
    // a column filter can never override a reserved parameter
    [{ limit: 10, filters: { limit: '99' } }, { limit: '10' }],
  ])('%j → %j', (query, params) => {
    expect(listParams(query)).toEqual(params);
  });
});

describe('business calls', () => {
  it('lists and counts with the filters', async () => {
    server.on('GET', '/business/product', { data: [{ id: 1 }] });
    server.on('GET', '/business/product/count', { data: 31 });
    const query = { search: 'x', filters: { isDeleted: 'false' } };
    expect(await listRecords('product', { offset: 10, limit: 10, ...query })).toEqual([{ id: 1 }]);
    expect(await countRecords('product', query)).toBe(31);
    expect(server.sent('GET', '/business/product')[0]?.params).toEqual({
      offset: '10',
      limit: '10',
      search: 'x',
      isDeleted: 'false',
    });
    expect(server.sent('GET', '/business/product/count')[0]?.params).toEqual({
      search: 'x',
      isDeleted: 'false',
    });
  });

  it('puts a composite key into one path segment', async () => {
    server.on('GET', '/business/line/a%3D1%2Cb%3Dx%252Cy', { data: { a: 1, b: 'x,y' } });
    server.on('PATCH', '/business/line/a%3D1%2Cb%3Dx%252Cy', { data: null });
    expect(await getRecord('line', 'a=1,b=x%2Cy')).toEqual({ a: 1, b: 'x,y' });
    await updateRecord('line', 'a=1,b=x%2Cy', { qty: 2 });
    expect(server.sent('PATCH', '/business/line/a%3D1%2Cb%3Dx%252Cy')[0]?.body).toEqual({ qty: 2 });
  });

  it('gets records by ids, and nothing for no ids', async () => {
    server.on('GET', '/business/product/all', { data: [{ id: 1 }, { id: 2 }] });
    expect(await getRecordsByIds('product', [])).toEqual([]);
    expect(await getRecordsByIds('product', ['1', '2'])).toHaveLength(2);
    expect(server.sent('GET', '/business/product/all')).toHaveLength(1);
    expect(server.sent('GET', '/business/product/all')[0]?.params).toEqual({ ids: '1,2' });
  });

  it.each<[unknown, string]>([
    [12, '12'],
    ['12', '12'],
    ['a=1,b=2', 'a=1,b=2'],
    ['"a=1,b=2"', 'a=1,b=2'],
  ])('reads the created key %j as %s', async (reply, key) => {
    server.on('POST', '/business/line', { status: 201, data: reply });
    expect(await createRecord('line', { a: 1 })).toBe(key);
  });

  it('deletes one or many, soft or hard, and restores', async () => {
    server.on('DELETE', '/business/product/5', { status: 204 });
    server.on('DELETE', '/business/product', { status: 204 });
    server.on('PATCH', '/business/product/5', { data: null });
    await deleteRecord('product', '5', true);
    await deleteRecords('product', ['5', '6'], false);
    await restoreRecord('product', '5');
    expect(server.sent('DELETE', '/business/product/5')[0]?.params).toEqual({ isSoftDelete: 'true' });
    const batch = server.sent('DELETE', '/business/product')[0];
    expect(batch?.params).toEqual({ isSoftDelete: 'false' });
    expect(batch?.body).toEqual(['5', '6']);
    expect(server.sent('PATCH', '/business/product/5')[0]?.body).toEqual({ isDeleted: false });
  });

  it('exports EXCEL and XML with the list filters', async () => {
    server.on('POST', '/business/product/export', { status: 201, data: '/download/a.xlsx' });
    server.on('POST', '/business/product/export/xml', { status: 201, data: '"/download/b.xml"' });
    const query = { search: 'k', filters: { isDeleted: 'false' } };
    expect(await exportRecords('product', 'excel', query)).toBe('/download/a.xlsx');
    expect(await exportRecords('product', 'xml', query)).toBe('/download/b.xml');
    expect(server.sent('POST', '/business/product/export')[0]?.params).toEqual({
      search: 'k',
      isDeleted: 'false',
    });
    expect(server.sent('POST', '/business/product/export/xml')[0]?.params).toEqual({
      search: 'k',
      isDeleted: 'false',
      isDisplayCaption: 'true',
    });
  });

  it('refuses before sending what the user may not do (docs/api.md §6)', async () => {
    signIn(clerk);
    server.on('GET', '/business/product', { data: [] });
    expect(await listRecords('product', { offset: 0, limit: 10 })).toEqual([]);
    await expect(deleteRecord('product', '1', false)).rejects.toThrow('403 forbidden');
    await expect(createRecord('product', {})).rejects.toThrow('403 forbidden');
    expect(server.requests.map((r) => r.method)).toEqual(['GET']);
  });
});
