import { expect, it } from 'vitest';
import type { App } from '../../../src/app';
import { dateTimeText } from '../../../src/db/clock';
import { META, SYSTEM } from '../../../src/db/table-names';
import { apiClient, createTableViaApi, SYSTEM_COLUMNS, type ApiClient } from '../../helpers/metadata-api';
import { multipartBody } from '../../helpers/multipart';
import {
  clearTables,
  physicalColumns,
  physicalIndexNames,
  physicalTables,
} from '../../helpers/physical-schema';
import { ADMIN_PASSWORD, login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';
import { createUser } from '../../helpers/users';

interface Column {
  id: number;
  name: string;
  seqId: number | null;
  [key: string]: unknown;
}
interface Table {
  id: number;
  name: string;
  tableName: string;
  columns: Column[];
  indexs: { indexLines: { id: number; column: { id: number; name: string } }[]; [key: string]: unknown }[];
  [key: string]: unknown;
}

const EXPORT = '/api/metadata/tables/export';
const IMPORT = '/api/metadata/tables/import';
const FILE_IMPORT = '/api/metadata/tables/file/import';
const RELATIONS = '/api/metadata/tablerelations';

const columnId = (table: Table, name: string) => table.columns.find((column) => column.name === name)?.id;

/** Two tables using a sequence, a composite index and two relations between them. */
const createShop = async (api: ApiClient) => {
  const sequence = (
    await api.post('/api/metadata/sequences', {
      name: 'customerNo',
      caption: '客户编号',
      sequenceType: 'STRING',
      format: 'C%06d',
      nextValue: 5,
    })
  ).json();
  const customer: Table = await createTableViaApi(api, {
    name: 'customer',
    pluralName: 'customers',
    caption: '客户',
    columns: [
      ...SYSTEM_COLUMNS,
      { name: 'code', dataType: 'VARCHAR', length: 20, seqId: sequence, indexType: 'UNIQUE' },
      { name: 'city', dataType: 'VARCHAR', length: 50 },
      { name: 'level', dataType: 'INT', defaultValue: '1' },
    ],
    indexs: [
      {
        name: 'ix_city_level',
        indexType: 'INDEX',
        indexLines: [{ column: { name: 'city' } }, { column: { name: 'level' } }],
      },
    ],
  });
  const order: Table = await createTableViaApi(api, {
    name: 'salesOrder',
    tableName: 'sales_order',
    caption: '订单',
    columns: [
      ...SYSTEM_COLUMNS,
      { name: 'customerId', dataType: 'BIGINT', indexType: 'INDEX' },
      { name: 'amount', dataType: 'DECIMAL', precision: 12, scale: 2 },
    ],
  });
  for (const relation of [
    {
      name: 'customer',
      relationType: 'ManyToOne',
      fromTable: { id: order.id },
      fromColumn: { id: columnId(order, 'customerId') },
      toTable: { id: customer.id },
      toColumn: { id: columnId(customer, 'id') },
    },
    {
      name: 'orders',
      caption: '订单',
      relationType: 'OneToMany',
      fromTable: { id: customer.id },
      fromColumn: { id: columnId(customer, 'id') },
      toTable: { id: order.id },
      toColumn: { id: columnId(order, 'customerId') },
    },
  ]) {
    const created = await api.post(RELATIONS, relation);
    if (created.statusCode !== 201) throw new Error(created.body);
  }
  return { customer, order, sequence };
};

/** Metadata without ids and timestamps, sequences and tables by name: what must survive a round trip. */
const portable = async (app: App, api: ApiClient, names: string[]) => {
  const sequences = (await api.get('/api/metadata/sequences')).json();
  const sequenceName = new Map(sequences.map((s: { id: number; name: string }) => [s.id, s.name]));
  const tables: Table[] = (await api.get('/api/metadata/tables?limit=1000'))
    .json()
    .filter((table: Table) => names.includes(table.name))
    .sort((a: Table, b: Table) => a.name.localeCompare(b.name));
  const knex = app.dataSources.primary.knex;
  const physical: Record<string, unknown> = {};
  for (const table of tables) {
    physical[table.tableName] = {
      columns: await physicalColumns(knex, table.tableName),
      indexes: await physicalIndexNames(knex, table.tableName),
    };
  }
  return {
    sequences: sequences.map(({ id: _i, createdDate: _c, lastModifiedDate: _m, ...rest }: Column) => rest),
    tables: tables.map(({ id: _i, createdDate: _c, lastModifiedDate: _m, columns, indexs, ...rest }) => ({
      ...rest,
      columns: columns.map(({ id: _ci, createdDate: _cc, lastModifiedDate: _cm, seqId, ...column }) => ({
        ...column,
        seq: seqId === null ? null : sequenceName.get(seqId),
      })),
      indexs: indexs.map(({ id: _xi, createdDate: _xc, lastModifiedDate: _xm, indexLines, ...index }) => ({
        ...index,
        lines: indexLines.map((line) => line.column.name),
      })),
    })),
    relations: (await api.get(RELATIONS))
      .json()
      .filter((relation: { fromTable: { name: string } }) => names.includes(relation.fromTable.name))
      .map(
        (relation: {
          name: string;
          caption: string;
          description: string | null;
          relationType: string;
          fromTable: { name: string };
          toTable: { name: string };
          fromColumn: { name: string };
          toColumn: { name: string };
        }) => ({
          name: relation.name,
          caption: relation.caption,
          description: relation.description,
          relationType: relation.relationType,
          ends: [
            relation.fromTable.name,
            relation.fromColumn.name,
            relation.toTable.name,
            relation.toColumn.name,
          ],
        }),
      ),
    physical,
  };
};

describeEachDatabase('metadata export and import ($name)', (db) => {
  const apps = useTestApps(db);

  const setup = async () => {
    const app = await apps.build();
    const { cookie } = await login(app);
    await clearTables(app.dataSources.primary.knex);
    return { app, api: apiClient(app, cookie), cookie };
  };

  const download = async (app: App, cookie: string, url: string) => {
    const response = await app.inject({ method: 'GET', url, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    return response;
  };

  // Two databases' worth of DDL: on MariaDB beside the other suites this took over 30 s.
  it('exports tables to a download that imports into a fresh database unchanged', async () => {
    const { app, api, cookie } = await setup();
    const { customer, order } = await createShop(api);
    const before = await portable(app, api, ['customer', 'salesOrder']);
    const now = dateTimeText(new Date());
    await app.dataSources.primary.knex(SYSTEM.tableFormBuilder).insert({
      tableId: customer.id,
      name: 'customer form',
      device: 'pc',
      type: 'create',
      body: JSON.stringify([{ columnId: columnId(customer, 'city'), width: 12 }, { columnId: 999999 }]),
      createdDate: now,
      lastModifiedDate: now,
    });

    const exported = await api.post(EXPORT, [customer.id, order.id]);
    expect(exported.statusCode).toBe(201);
    expect(exported.headers['content-type']).toContain('text/plain');
    expect(exported.body).toMatch(/^\/download\/[0-9a-f-]{36}\.json$/);
    const file = await download(app, cookie, exported.body);
    expect(file.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="primary-metadata-\d{4}-\d{2}-\d{2}\.json"; filename\*=UTF-8''primary-metadata-/,
    );
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    const bundle = file.json();
    expect(Object.keys(bundle).sort()).toEqual([
      'sequences',
      'tableFormBuilders',
      'tablePermissions',
      'tableRelations',
      'tables',
    ]);
    expect(bundle.sequences.map((s: { name: string }) => s.name)).toEqual(['customerNo']);
    expect(bundle.tables.map((t: Table) => t.name)).toEqual(['customer', 'salesOrder']);
    expect(bundle.tableRelations.map((r: { name: string }) => r.name)).toEqual(['customer', 'orders']);
    expect(bundle.tableFormBuilders).toMatchObject([{ tableId: customer.id, device: 'pc', type: 'create' }]);

    // Only relations between exported tables go with them.
    const one = await download(app, cookie, (await api.post(EXPORT, [order.id])).body);
    expect(one.json().tableRelations).toEqual([]);
    expect(one.json().sequences).toEqual([]);

    const fresh = await db.create();
    try {
      const other = await apps.build({}, fresh.config({ adminPassword: ADMIN_PASSWORD }));
      const otherApi = apiClient(other, (await login(other)).cookie);
      // Ids in the file must not matter: take some ids in the fresh database first.
      await otherApi.post('/api/metadata/sequences', { name: 'filler', sequenceType: 'GUID' });
      await createTableViaApi(otherApi, { name: 'filler', columns: SYSTEM_COLUMNS });
      const imported = await otherApi.post(IMPORT, bundle);
      expect(imported.statusCode).toBe(201);
      expect(imported.json()).toHaveLength(2);
      await otherApi.delete('/api/metadata/sequences', [
        (await otherApi.get('/api/metadata/sequences?search=filler')).json()[0].id,
      ]);
      expect(await portable(other, otherApi, ['customer', 'salesOrder'])).toEqual(before);
      const newCustomer = (await otherApi.get('/api/metadata/tables/name/customer')).json();
      const layouts = await other.dataSources.primary.knex(SYSTEM.tableFormBuilder).select('*');
      expect(layouts).toHaveLength(1);
      expect(layouts[0]).toMatchObject({ name: 'customer form', device: 'pc', type: 'create' });
      expect(Number(layouts[0].tableId)).toBe(newCustomer.id);
      expect(JSON.parse(layouts[0].body)).toEqual([
        { columnId: columnId(newCustomer, 'city'), width: 12 },
        { columnId: 999999 },
      ]);

      // The imported tables work: the sequence fills the code, the relation embeds.
      const created = await otherApi.post('/api/business/customer', { name: 'Ann', city: 'Paris' });
      expect(created.statusCode).toBe(201);
      const stored = (await otherApi.get(`/api/business/customer/${created.json()}`)).json();
      expect(stored.code).toBe('C000005');
    } finally {
      await fresh.drop();
    }
  }, 120_000);

  it('imports a file sent as multipart, and refuses what is not a metadata file', async () => {
    const { app, api, cookie } = await setup();
    const { customer, order } = await createShop(api);
    const text = (await download(app, cookie, (await api.post(EXPORT, [customer.id, order.id])).body)).body;
    await clearTables(app.dataSources.primary.knex);
    await app.dataSources.primary.knex(META.sequence).delete();

    const send = (parts: Parameters<typeof multipartBody>[0]) => {
      const { payload, headers } = multipartBody(parts);
      return app.inject({ method: 'POST', url: FILE_IMPORT, payload, headers: { ...headers, cookie } });
    };
    const notJson = await send([{ name: 'file', filename: 'meta.json', value: '{"tables": [' }]);
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().errors).toEqual({ file: '文件不是合法的 JSON' });
    const noFile = await send([{ name: 'other', value: 'x' }]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().errors).toHaveProperty('file');
    const plainJson = await app.inject({
      method: 'POST',
      url: FILE_IMPORT,
      payload: JSON.parse(text),
      headers: { cookie },
    });
    // The endpoint takes multipart only.
    expect(plainJson.statusCode).toBe(415);
    expect(plainJson.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const badShape = await send([
      { name: 'file', filename: 'meta.json', value: '{"tables": [{"columns": {"a": 1}}]}' },
    ]);
    expect(badShape.statusCode).toBe(400);
    expect(badShape.json().errors).toHaveProperty(['tables.0.columns']);
    expect(await app.dataSources.primary.knex(META.table).count({ n: '*' }).first()).toMatchObject({ n: 0 });

    const imported = await send([{ name: 'file', filename: 'meta.json', value: `\uFEFF${text}` }]);
    expect(imported.statusCode).toBe(201);
    expect((await api.get('/api/metadata/tables/name/customer')).json().columns).toHaveLength(12);
    expect((await api.get(`${RELATIONS}/count`)).json()).toBe(2);
  });

  it('refuses malformed import bodies with 400', async () => {
    const { app, api, cookie } = await setup();
    const cases: [unknown, string][] = [
      [[], 'body'],
      [{}, 'body'],
      [{ tables: [], sequences: [], tableRelations: [] }, 'body'],
      [{ tables: { a: 1 } }, 'tables'],
      [
        { tables: [{ name: 'a', columns: [{ name: 'id', dataType: 'NOPE' }] }] },
        'tables.0.columns.0.dataType',
      ],
      [{ tables: [{ name: 'bad name', columns: SYSTEM_COLUMNS }] }, 'tables.0.name'],
      [{ tables: [{ name: 'nokey', columns: [{ name: 'x', dataType: 'INT' }] }] }, 'tables.0.columns'],
      [{ sequences: [{ name: 's1' }] }, 'sequences.0.sequenceType'],
      [{ tables: [{ name: 'ghost', reverse: true, columns: SYSTEM_COLUMNS }] }, 'tables.0.tableName'],
      [
        {
          tables: [
            {
              name: 'a',
              columns: [...SYSTEM_COLUMNS, { name: 'code', dataType: 'VARCHAR', length: 9, seqId: 7 }],
            },
          ],
        },
        'tables.0.columns.9.seqId',
      ],
      [
        {
          tables: [{ id: 1, name: 'a', columns: SYSTEM_COLUMNS }],
          tableRelations: [
            {
              name: 'toB',
              relationType: 'ManyToOne',
              fromTable: { id: 1 },
              fromColumn: { name: 'ownerId' },
              toTable: { name: 'nowhere' },
              toColumn: { name: 'id' },
            },
          ],
        },
        'tableRelations.0.toTable',
      ],
      [
        {
          tables: [{ id: 1, name: 'a', columns: SYSTEM_COLUMNS }],
          tableRelations: [
            {
              name: 'self',
              relationType: 'ManyToOne',
              fromTable: { id: 1 },
              fromColumn: { name: 'fullTextBody' },
              toTable: { id: 1 },
              toColumn: { name: 'id' },
            },
          ],
        },
        'tableRelations.0.fromColumn',
      ],
      [
        {
          tables: [
            { name: 'a', columns: SYSTEM_COLUMNS },
            { name: 'A', columns: SYSTEM_COLUMNS },
          ],
        },
        'tables.1.name',
      ],
      [
        {
          tables: [{ id: 1, name: 'a', columns: SYSTEM_COLUMNS }],
          tableFormBuilders: [{ tableId: 2, device: 'pc', type: 'list', body: '[]' }],
        },
        'tableFormBuilders.0.tableId',
      ],
      [
        {
          tables: [{ id: 1, name: 'a', columns: SYSTEM_COLUMNS }],
          tableFormBuilders: [{ tableId: 1, device: 'pc', type: 'list', body: '[{' }],
        },
        'tableFormBuilders.0.body',
      ],
      [
        {
          tables: [{ id: 1, name: 'a', columns: SYSTEM_COLUMNS }],
          tableFormBuilders: [{ tableId: 1, device: 'tv', type: 'list' }],
        },
        'tableFormBuilders.0.device',
      ],
    ];
    for (const [body, field] of cases) {
      const response = await api.post(IMPORT, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
      expect(Object.keys(response.json().errors), JSON.stringify(body)).toContain(field);
    }
    const invalidJson = await app.inject({
      method: 'POST',
      url: IMPORT,
      payload: '{"tables": [',
      headers: { cookie, 'content-type': 'application/json' },
    });
    expect(invalidJson.statusCode).toBe(400);
    expect((await api.get('/api/metadata/tables/count')).json()).toBe(0);
    expect((await api.get('/api/metadata/sequences/count')).json()).toBe(0);
  });

  it('refuses an import that conflicts, listing every conflict, and changes nothing', async () => {
    const { app, api, cookie } = await setup();
    const { customer, order } = await createShop(api);
    const bundle = (
      await download(app, cookie, (await api.post(EXPORT, [customer.id, order.id])).body)
    ).json();
    // Keep only salesOrder's metadata: its physical table stays, so a re-import of it conflicts too.
    expect((await api.delete(`/api/metadata/tables/${order.id}`)).statusCode).toBe(204);
    const knex = app.dataSources.primary.knex;
    const snapshot = async () => ({
      tables: await physicalTables(knex),
      metadata: JSON.stringify(
        await Promise.all(
          [META.table, META.column, META.index, META.indexLine, META.relation, META.sequence].map((table) =>
            knex(table).select('*').orderBy('id'),
          ),
        ),
      ),
    });
    const parent = await api.post(RELATIONS, {
      name: 'parent',
      relationType: 'ManyToOne',
      fromTable: { id: customer.id },
      fromColumn: { id: columnId(customer, 'level') },
      toTable: { id: customer.id },
      toColumn: { id: columnId(customer, 'id') },
    });
    expect(parent.statusCode).toBe(201);
    const before = await snapshot();

    const refused = await app.inject({
      method: 'POST',
      url: IMPORT,
      payload: bundle,
      headers: { cookie, 'accept-language': 'en' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('CONFLICT');
    expect(refused.json().message).toBe('The import conflicts with existing metadata; nothing was imported');
    expect(refused.json().errors).toEqual({
      'sequences.0.name': 'sequence customerNo exists already',
      'tables.0.name': 'customer is already used by table customer',
      'tables.0.pluralName': 'customers is already used by table customer',
      'tables.1.tableName': 'the database already has a table sales_order; reverse-engineer it to manage it',
    });
    expect(await snapshot()).toEqual(before);

    const relationOnly = await api.post(IMPORT, {
      tableRelations: [
        {
          ...bundle.tableRelations[1],
          name: 'PARENT',
          fromTable: { name: 'CUSTOMERS' },
          toTable: { name: 'customer' },
          toColumn: { name: 'level' },
        },
      ],
    });
    expect(relationOnly.statusCode).toBe(409);
    expect(relationOnly.json().errors).toEqual({
      'tableRelations.0.name': '表 customer 已有名为 PARENT 的关系',
    });
    expect(await snapshot()).toEqual(before);

    // A renamed copy of the customer table imports next to the original, relations to the
    // existing table resolve by name.
    const copy = {
      sequences: [],
      tables: [{ ...bundle.tables[0], id: 77, name: 'client', pluralName: null, tableName: 'client' }],
      tableRelations: [
        {
          name: 'orders',
          relationType: 'OneToMany',
          fromTable: { id: 77 },
          fromColumn: { name: 'id' },
          toTable: { name: 'customer' },
          toColumn: { name: 'level' },
        },
      ],
    };
    copy.tables[0].columns = copy.tables[0].columns.map((column: Column) => ({ ...column, seqId: null }));
    const imported = await api.post(IMPORT, copy);
    expect(imported.statusCode).toBe(201);
    const [clientId] = imported.json();
    expect((await api.get(`${RELATIONS}/fromTable/${clientId}`)).json()).toMatchObject([
      { name: 'orders', toTable: { name: 'customer' }, toColumn: { name: 'level' } },
    ]);
  });

  it('undoes the physical tables when writing the metadata fails', async () => {
    const { app, api, cookie } = await setup();
    const { customer, order } = await createShop(api);
    const bundle = (
      await download(app, cookie, (await api.post(EXPORT, [customer.id, order.id])).body)
    ).json();
    await clearTables(app.dataSources.primary.knex);
    await app.dataSources.primary.knex(META.sequence).delete();
    const knex = app.dataSources.primary.knex;
    const tablesBefore = await physicalTables(knex);
    const { importMetadata } = await import('../../../src/services/transfer/import-metadata');
    await expect(
      importMetadata(knex, bundle, {
        hooks: {
          afterStep: (index) => {
            if (index === 1) throw new Error('step failed');
          },
        },
      }),
    ).rejects.toThrow('step failed');
    expect(await physicalTables(knex)).toEqual(tablesBefore);
    expect(Number((await knex(META.table).count({ n: '*' }).first())?.n)).toBe(0);
    expect(Number((await knex(META.sequence).count({ n: '*' }).first())?.n)).toBe(0);
    expect(Number((await knex(META.relation).count({ n: '*' }).first())?.n)).toBe(0);
    // The same file then imports cleanly.
    expect((await api.post(IMPORT, bundle)).statusCode).toBe(201);
  });

  it('needs metadata:read to export and metadata:write to import', async () => {
    const { app, api } = await setup();
    const { customer } = await createShop(api);
    await createUser(app, {
      username: 'reader',
      password: 'Reader-pass-1',
      roles: { READER: 'metadata:read' },
    });
    const reader = apiClient(app, (await login(app, 'reader', 'Reader-pass-1')).cookie);
    const exported = await reader.post(EXPORT, [customer.id]);
    expect(exported.statusCode).toBe(201);
    const bundle = (await reader.get(exported.body)).json();
    // Table permissions go only to an exporter who may read them.
    expect(bundle.tablePermissions).toBeUndefined();
    expect((await reader.post(IMPORT, bundle)).statusCode).toBe(403);
    expect((await apiClient(app, '').post(EXPORT, [customer.id])).statusCode).toBe(401);
    expect((await api.post(EXPORT, [customer.id, 99999])).statusCode).toBe(404);
    expect((await api.post(EXPORT, [])).statusCode).toBe(400);
  });

  it('carries table permissions: roles by code, column rules on the new columns, row rules that work, all or nothing', async () => {
    const { app, api, cookie } = await setup();
    const { customer, order } = await createShop(api);
    const knexHere = app.dataSources.primary.knex;
    await knexHere(SYSTEM.userRole).whereNot('userId', 1).delete();
    await knexHere(SYSTEM.user).whereNot('id', 1).delete();
    await knexHere(SYSTEM.role).where('code', 'ROLE_CLERK').delete();
    await createUser(app, { username: 'clerk', password: 'Clerk-pass-1', roles: { ROLE_CLERK: '' } });
    const clerkRole = await knexHere(SYSTEM.role).where('code', 'ROLE_CLERK').first();
    const rowRules = JSON.stringify({ read: { columnName: 'city', operatorType: 'EQ', values: ['Paris'] } });
    const now = dateTimeText(new Date());
    await knexHere(SYSTEM.tablePermission).insert({
      tableId: customer.id,
      roleId: clerkRole.id,
      dataSource: 'primary',
      permissions: 'business:customer:read',
      columns: JSON.stringify([{ columnId: columnId(customer, 'level'), read: false, update: false }]),
      rowRules,
      createdDate: now,
      lastModifiedDate: now,
    });
    const bundle = (
      await download(app, cookie, (await api.post(EXPORT, [customer.id, order.id])).body)
    ).json();
    expect(bundle.tablePermissions).toEqual([
      {
        tableId: customer.id,
        roleCode: 'ROLE_CLERK',
        permissions: 'business:customer:read',
        columns: JSON.stringify([{ columnId: columnId(customer, 'level'), read: false, update: false }]),
        rowRules,
      },
    ]);

    const fresh = await db.create();
    try {
      const other = await apps.build({}, fresh.config({ adminPassword: ADMIN_PASSWORD }));
      const otherApi = apiClient(other, (await login(other)).cookie);
      const knex = other.dataSources.primary.knex;
      const nothingImported = async () => {
        expect(Number((await knex(SYSTEM.tablePermission).count({ n: '*' }))[0]?.n)).toBe(0);
        expect((await otherApi.get('/api/metadata/tables/name/customer')).statusCode).toBe(404);
        expect((await physicalTables(knex)).map((name) => name.toLowerCase())).not.toContain('customer');
      };
      // The role does not exist here: a conflict naming it, nothing imported.
      const noRole = await otherApi.post(IMPORT, bundle);
      expect(noRole.statusCode, noRole.body).toBe(409);
      expect(Object.keys(noRole.json().errors)).toContain('tablePermissions.0.roleCode');
      expect(JSON.stringify(noRole.json())).toContain('ROLE_CLERK');
      await nothingImported();

      await createUser(other, { username: 'clerk', password: 'Clerk-pass-1', roles: { ROLE_CLERK: '' } });
      // A row rule on a column the table does not have: 400 naming it, and the tables are undone.
      const badRule = {
        ...bundle,
        tablePermissions: [
          {
            ...bundle.tablePermissions[0],
            rowRules: JSON.stringify({ read: { columnName: 'nowhere', operatorType: 'EQ', values: [1] } }),
          },
        ],
      };
      const refusedRule = await otherApi.post(IMPORT, badRule);
      expect(refusedRule.statusCode, refusedRule.body).toBe(400);
      expect(Object.keys(refusedRule.json().errors)).toContain('tablePermissions.0.rowRules');
      await nothingImported();

      // An importer who may write metadata but not grant table permissions: 403, nothing imported.
      await createUser(other, {
        username: 'designer',
        password: 'Designer-pass-1',
        roles: { DESIGNER: 'metadata:read,metadata:write,business:customer:read' },
      });
      const designer = apiClient(other, (await login(other, 'designer', 'Designer-pass-1')).cookie);
      const notAllowed = await designer.post(IMPORT, bundle);
      expect(notAllowed.statusCode, notAllowed.body).toBe(403);
      await nothingImported();

      const imported = await otherApi.post(IMPORT, bundle);
      expect(imported.statusCode, imported.body).toBe(201);
      const newCustomer = (await otherApi.get('/api/metadata/tables/name/customer')).json();
      const [permission] = await knex(SYSTEM.tablePermission).select('*');
      expect(Number(permission.tableId)).toBe(newCustomer.id);
      expect(JSON.parse(permission.columns)).toEqual([
        { columnId: columnId(newCustomer, 'level'), read: false, update: false },
      ]);
      // The rules work on the new table: the clerk sees Paris only, without the hidden level.
      for (const [name, city] of [
        ['Ann', 'Paris'],
        ['Bo', 'Rome'],
      ]) {
        expect((await otherApi.post('/api/business/customer', { name, city })).statusCode).toBe(201);
      }
      const clerk = apiClient(other, (await login(other, 'clerk', 'Clerk-pass-1')).cookie);
      const seen = (await clerk.get('/api/business/customer')).json() as Record<string, unknown>[];
      expect(seen.map((row) => row.name)).toEqual(['Ann']);
      expect(seen[0]).not.toHaveProperty('level');
    } finally {
      await fresh.drop();
    }
  });
});
