import { expect, it } from 'vitest';
import { metadata008SystemColumnCaptions } from '../../../src/db/migrations/metadata-008-system-column-captions';
import { META } from '../../../src/db/table-names';
import { apiClient, createTableViaApi, SYSTEM_COLUMNS } from '../../helpers/metadata-api';
import { clearTables } from '../../helpers/physical-schema';
import { login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';

describeEachDatabase('captions per language ($name)', (db) => {
  const apps = useTestApps(db);

  const setup = async () => {
    const app = await apps.build();
    const { cookie } = await login(app);
    await clearTables(app.dataSources.primary.knex);
    return { app, api: apiClient(app, cookie) };
  };

  it('keeps a caption per UI language on tables, columns and relations, and clears them with null', async () => {
    const { api } = await setup();
    const customer = await createTableViaApi(api, {
      name: 'customer',
      caption: '客户',
      captions: { 'en-US': 'Customer' },
      columns: SYSTEM_COLUMNS,
    });
    const order = await createTableViaApi(api, {
      name: 'salesOrder',
      caption: '订单',
      captions: { 'en-US': ' Orders ', 'zh-CN': '' },
      columns: [
        ...SYSTEM_COLUMNS,
        { name: 'customerId', caption: '客户', captions: { 'en-US': 'Customer' }, dataType: 'BIGINT' },
      ],
    });
    expect(customer.captions).toEqual({ 'en-US': 'Customer' });
    // Trimmed; a blank language is no caption.
    expect(order.captions).toEqual({ 'en-US': 'Orders' });
    const customerId = order.columns.find((column: { name: string }) => column.name === 'customerId');
    expect(customerId.captions).toEqual({ 'en-US': 'Customer' });
    // System columns keeping their Chinese default caption get the English one.
    const captionsOf = (name: string) =>
      order.columns.find((column: { name: string }) => column.name === name).captions;
    expect([captionsOf('id'), captionsOf('name'), captionsOf('createdDate')]).toEqual([
      { 'en-US': 'ID' },
      { 'en-US': 'Name' },
      { 'en-US': 'Created' },
    ]);

    const patched = await api.patch(`/api/metadata/tables/${order.id}`, {
      captions: { 'en-US': 'Sales orders' },
      columns: order.columns.map((column: { id: number }) =>
        column.id === customerId.id ? { ...column, captions: null } : column,
      ),
    });
    expect(patched.statusCode, patched.body).toBeLessThan(300);
    const after = (await api.get(`/api/metadata/tables/${order.id}`)).json();
    expect(after.captions).toEqual({ 'en-US': 'Sales orders' });
    expect(after.caption).toBe('订单');
    expect(
      after.columns.find((column: { name: string }) => column.name === 'customerId').captions,
    ).toBeNull();

    const relation = await api.post('/api/metadata/tablerelations', {
      name: 'customer',
      caption: '客户',
      captions: { 'en-US': 'Customer' },
      relationType: 'ManyToOne',
      fromTable: { id: order.id },
      fromColumn: { id: customerId.id },
      toTable: { id: customer.id },
      toColumn: { id: customer.columns.find((column: { name: string }) => column.name === 'id').id },
    });
    expect(relation.statusCode, relation.body).toBe(201);
    const stored = (await api.get(`/api/metadata/tablerelations/${relation.json()}`)).json();
    expect(stored.captions).toEqual({ 'en-US': 'Customer' });
    await api.patch(`/api/metadata/tablerelations/${relation.json()}`, { captions: { 'en-US': 'Buyer' } });
    expect((await api.get(`/api/metadata/tablerelations/${relation.json()}`)).json().captions).toEqual({
      'en-US': 'Buyer',
    });
  });

  it('gives system columns of existing tables their English caption on upgrade, unless renamed', async () => {
    const { app, api } = await setup();
    const table = await createTableViaApi(api, { name: 'customer', columns: SYSTEM_COLUMNS });
    const knex = app.dataSources.primary.knex;
    await knex(META.column).where('tableId', table.id).update({ captions: null });
    await knex(META.column).where({ tableId: table.id, name: 'ownerId' }).update({ caption: '负责人' });
    await metadata008SystemColumnCaptions.up(knex);
    const after = (await api.get(`/api/metadata/tables/${table.id}`)).json();
    const captionsOf = (name: string) =>
      after.columns.find((column: { name: string }) => column.name === name).captions;
    expect(captionsOf('isDeleted')).toEqual({ 'en-US': 'Deleted' });
    expect(captionsOf('ownerId')).toBeNull();
  });

  it('refuses captions that are too long or not text, storing nothing; ignores unknown languages', async () => {
    const { app, api } = await setup();
    const before = await app.dataSources.primary.knex(META.table).count({ n: '*' });
    for (const captions of [{ 'en-US': 'x'.repeat(201) }, ['Customer'], 'Customer']) {
      const response = await api.post('/api/metadata/tables', {
        name: 'customer',
        captions,
        columns: SYSTEM_COLUMNS,
      });
      expect(response.statusCode, JSON.stringify(captions)).toBe(400);
    }
    expect(await app.dataSources.primary.knex(META.table).count({ n: '*' })).toEqual(before);
    // Like any unknown field of a body, an unknown language is left out.
    const french = await createTableViaApi(api, {
      name: 'customer',
      captions: { fr: 'Client' },
      columns: SYSTEM_COLUMNS,
    });
    expect(french.captions).toBeNull();
  });
});
