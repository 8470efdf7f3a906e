import { expect, it } from 'vitest';
import type { App } from '../../src/app';
import { SYSTEM_COLUMNS, apiClient, type ApiClient } from '../helpers/metadata-api';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';

/**
 * The requests crudapi's admin client sends on its main screens, in the order a user meets them,
 * with the status and shape each screen reads. The client sends `dataSource` as a header.
 */
describeEachDatabase('crudapi client: its screens, one after the other ($name)', (db) => {
  const apps = useTestApps(db);

  const signIn = async (): Promise<ApiClient & { app: App }> => {
    const app = await apps.build();
    const { response, cookie } = await login(app);
    expect(response.statusCode).toBe(200);
    return { ...apiClient(app, cookie, { dataSource: 'primary' }), app };
  };

  const bare = (response: { statusCode: number; body: string }, status: number) => {
    expect(response.statusCode, response.body).toBe(status);
    return JSON.parse(response.body || 'null') as unknown;
  };

  it('layout: data sources, menus, the user’s tables', async () => {
    const api = await signIn();
    expect(bare(await api.get('/api/metadata/dataSources'), 200)).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'primary', caption: expect.any(String) })]),
    );
    expect(Array.isArray(bare(await api.get('/api/users/me/menu'), 200))).toBe(true);
    const tables = bare(await api.get('/api/users/me/table'), 200) as { name: string; systemable: boolean }[];
    expect(tables.find((table) => table.name === 'user')).toMatchObject({ systemable: true });
  });

  it('metadata: creates a table, lists, counts, opens, edits its indexes', async () => {
    const api = await signIn();
    const id = bare(
      await api.post('/api/metadata/tables', {
        name: 'product',
        pluralName: 'products',
        tableName: 'product',
        caption: '产品',
        createPhysicalTable: true,
        columns: [
          ...SYSTEM_COLUMNS,
          { name: 'code', caption: '编码', dataType: 'VARCHAR', length: 20, queryable: true },
        ].map((column, displayOrder) => ({ ...column, displayOrder })),
      }),
      201,
    );
    expect(typeof id).toBe('number');
    const page = bare(await api.get('/api/metadata/tables?offset=0&limit=10&search=产品'), 200) as object[];
    expect(page).toEqual([expect.objectContaining({ id, name: 'product', columns: expect.any(Array) })]);
    expect(bare(await api.get('/api/metadata/tables/count?search=产品'), 200)).toBe(1);
    const byName = bare(await api.get('/api/metadata/tables/name/PRODUCTS'), 200) as { id: number };
    expect(byName.id).toBe(id);
    const table = bare(await api.get(`/api/metadata/tables/${id}`), 200) as {
      columns: { id: number; name: string }[];
    };
    const code = table.columns.find((column) => column.name === 'code');
    // The index page sends only the indexes.
    const patched = await api.patch(`/api/metadata/tables/${id}`, {
      indexs: [
        {
          name: 'uq_product_code',
          caption: '编码唯一',
          indexType: 'UNIQUE',
          indexLines: [{ column: { id: code?.id, name: 'code' } }],
        },
      ],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const indexed = bare(await api.get(`/api/metadata/tables/${id}`), 200) as { indexs: { name: string }[] };
    expect(indexed.indexs.map((index) => index.name)).toContain('uq_product_code');
  });

  it('reverse: lists a physical table no metadata describes, describes it, reverses it', async () => {
    const api = await signIn();
    await api.app.dataSources.primary.knex.schema.createTable('legacy_item', (table) => {
      table.increments('id').primary();
      table.string('title', 80);
    });
    // Only tables not described yet are listed (crudapi lists every table).
    expect(bare(await api.get('/api/metadata/tables/metadatas'), 200)).toEqual(
      expect.arrayContaining([expect.objectContaining({ tableName: 'legacy_item' })]),
    );
    const described = bare(await api.get('/api/metadata/tables/metadatas/legacy_item'), 200) as {
      Name: string;
      columns: { Field: string }[];
    };
    expect(described.Name).toBe('legacy_item');
    expect(described.columns.map((column) => column.Field)).toEqual(['id', 'title']);
    const id = bare(await api.post('/api/metadata/tables/metadatas/reverse/legacy_item', {}), 201);
    expect(bare(await api.get(`/api/metadata/tables/${String(id)}`), 200)).toMatchObject({
      tableName: 'legacy_item',
    });
  });

  it('business data: creates, lists with paging and filters, counts, edits, soft and batch deletes, exports', async () => {
    const api = await signIn();
    await api.post('/api/metadata/tables', {
      name: 'fruit',
      pluralName: 'fruits',
      tableName: 'fruit',
      caption: '产品',
      createPhysicalTable: true,
      columns: SYSTEM_COLUMNS.map((column, displayOrder) => ({ ...column, displayOrder })),
    });
    const ids: string[] = [];
    for (const name of ['苹果', '香蕉', '橙子']) {
      const created = await api.post('/api/business/fruit', { name });
      expect(created.statusCode).toBe(201);
      ids.push(created.body);
    }
    expect(ids.every((id) => /^\d+$/.test(id))).toBe(true);
    // The list screen: offset/limit, filter=null as the client sends it, a column filter, the count.
    const list = bare(
      await api.get('/api/business/fruits?offset=0&limit=2&filter=null&isDeleted=false'),
      200,
    ) as { name: string }[];
    expect(list.map((row) => row.name)).toEqual(['橙子', '香蕉']);
    expect(bare(await api.get('/api/business/fruits/count?isDeleted=false&name=LIKE%20香'), 200)).toBe(1);
    expect(bare(await api.get(`/api/business/fruit/${ids[0]}`), 200)).toMatchObject({ name: '苹果' });
    expect((await api.patch(`/api/business/fruit/${ids[0]}`, { name: '青苹果' })).statusCode).toBe(200);
    expect((await api.delete(`/api/business/fruit/${ids[1]}?isSoftDelete=true`)).statusCode).toBe(204);
    const kept = bare(await api.get('/api/business/fruit?offset=0&limit=10&isDeleted=false'), 200) as {
      name: string;
    }[];
    expect(kept.map((row) => row.name)).toEqual(['橙子', '青苹果']);
    // Batch delete: ids as strings in a JSON body.
    expect((await api.delete('/api/business/fruit', [ids[0], ids[2]])).statusCode).toBe(204);
    expect(bare(await api.get('/api/business/fruit/count?isDeleted=false'), 200)).toBe(0);
    // Export and template answer 201 with a download URL as text.
    const exported = await api.post('/api/business/fruit/export', {});
    expect(exported.statusCode).toBe(201);
    expect(exported.body).toMatch(/^\/download\/.+\.xlsx$/);
    const template = await api.get('/api/business/fruit/import/template');
    expect(template.statusCode).toBe(201);
    expect(template.body).toMatch(/^\/download\/.+\.xlsx$/);
  });

  it('form builder, sequences, relations: their lists and counts', async () => {
    const api = await signIn();
    const tableId = bare(
      await api.post('/api/metadata/tables', {
        name: 'widget',
        tableName: 'widget',
        caption: '产品',
        createPhysicalTable: true,
        columns: SYSTEM_COLUMNS.map((column, displayOrder) => ({ ...column, displayOrder })),
      }),
      201,
    );
    expect(
      bare(await api.get(`/api/business/tableFormBuilder?offset=0&limit=999&tableId=${tableId}`), 200),
    ).toEqual([]);
    expect(
      (
        await api.post('/api/business/tableFormBuilder', {
          tableId,
          device: 'pc',
          type: 'list',
          body: JSON.stringify([]),
        })
      ).statusCode,
    ).toBe(201);
    expect(
      bare(await api.get(`/api/business/tableFormBuilder?offset=0&limit=999&tableId=${tableId}`), 200),
    ).toEqual([expect.objectContaining({ tableId, device: 'pc', type: 'list' })]);
    expect(Array.isArray(bare(await api.get('/api/metadata/sequences?offset=0&limit=10'), 200))).toBe(true);
    expect(typeof bare(await api.get('/api/metadata/sequences/count'), 200)).toBe('number');
    expect(Array.isArray(bare(await api.get('/api/metadata/tablerelations?offset=0&limit=999'), 200))).toBe(
      true,
    );
    expect(typeof bare(await api.get('/api/metadata/tablerelations/count'), 200)).toBe('number');
    expect(
      Array.isArray(bare(await api.get('/api/metadata/tablerelations/fromTable/name/widget'), 200)),
    ).toBe(true);
  });

  it('table permission: a crudapi-shaped set is refused with what to send instead, and nothing is written', async () => {
    const api = await signIn();
    const tableId = bare(
      await api.post('/api/metadata/tables', {
        name: 'gizmo',
        tableName: 'gizmo',
        caption: '产品',
        createPhysicalTable: true,
        columns: SYSTEM_COLUMNS.map((column, displayOrder) => ({ ...column, displayOrder })),
      }),
      201,
    );
    const crudapiShaped = await api.post('/api/business/tablePermission', {
      name: '只读',
      tableId,
      value: JSON.stringify([{ columnId: 1, update: true, isText: false, isPwd: false }]),
    });
    expect(crudapiShaped.statusCode).toBe(400);
    const error = crudapiShaped.json() as { code: string; message: string; errors: Record<string, string> };
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toContain('roleId');
    expect(error.message).toContain('columns');
    expect(Object.keys(error.errors).sort()).toEqual(['name', 'value']);
    expect(
      bare(await api.get(`/api/business/tablePermission?tableId=${tableId}&offset=0&limit=10`), 200),
    ).toEqual([]);
  });
});
