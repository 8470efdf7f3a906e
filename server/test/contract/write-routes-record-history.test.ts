/**
 * The record-history contract of the write routes: every route that can write business records
 * (POST / PUT / PATCH / DELETE under /api/business/ and /api/ext/) records one revision per record
 * it changed, in the same request. The routes are read from the app's own route table, so a new
 * write route fails this test until it has a scenario here (or an exemption saying why it writes
 * no business record).
 *
 * Each step prepares its records (not watched), then makes one call through `app.inject` as the
 * super admin; the physical rows of the business tables before and after that call are compared
 * with the revisions the call added to `cb_revision`: each inserted, updated, soft-deleted,
 * restored or deleted row has exactly one revision of that action and key, and there is no
 * revision without a row change. The step also states which records it changes, so that a call
 * that silently does nothing cannot pass.
 */
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RevisionAction } from '../../../contract/revision';
import { buildApp, type App } from '../../src/app';
import type { DataSourceConfig } from '../../src/config';
import { SHARED_STATE } from '../../src/db/table-names';
import { serverExtensions } from '../../src/extensions/index';
import { defineServerExtension, hookRecords, records } from '../../src/extensions/sdk';
import { createRelation, createTable, type CreatedTable } from '../helpers/business-tables';
import { BROWSER, createPurchaseTables } from '../helpers/history-tables';
import { apiClient, SYSTEM_COLUMNS, type ApiClient } from '../helpers/metadata-api';
import { multipartBody } from '../helpers/multipart';
import { xlsxBook } from '../helpers/xlsx-book';
import { ADMIN_PASSWORD, login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase, type TestEnvironment } from '../helpers/test-databases';
import { routeTable } from '../helpers/route-table';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Where routes can write business records: the business API and the extensions' routes. */
const RECORD_ROUTES = ['/api/business/', '/api/ext/'];

/**
 * An extension of this test's own, besides those crudboard ships: its route writes records
 * through the SDK (`records(request)`), which must record them like /api/business does.
 */
const probe = defineServerExtension({
  name: 'history-probe',
  // A write hook writing a record of its own (`hookRecords`): recorded with the write.
  hooks: [
    {
      tables: ['purchase'],
      afterCreate: async (event) => {
        if (event.values.note === '钩子') await hookRecords(event.write, 'lineTag').create({ name: '钩' });
      },
    },
  ],
  routes: async (app) => {
    app.post('/records/:table', async (request, reply) => {
      const { table } = request.params as { table: string };
      const key = await records(request, table).create(request.body as Record<string, unknown>);
      return reply.code(201).send({ key });
    });
  },
});

/** Write routes that write no business record, each with why. */
const exempt: Record<string, string> = {
  'POST /api/business/export': 'reads whole tables into a JSON download file; writes no record',
  'POST /api/business/:table/export': 'reads the list query into an .xlsx download file; writes no record',
  'POST /api/business/:table/export/xml': 'reads the list query into an .xml download file; writes no record',
  'POST /api/business/sequence/:name/nextval':
    "advances a sequence's counter, a metadata row (cb_ system table), not a business record",
};

/** The write routes the enabled extensions declare as writing no record, with their reasons. */
const extensionExempt: Record<string, string> = Object.fromEntries(
  serverExtensions.flatMap((extension) =>
    Object.entries(extension.writesNoRecord ?? {}).map(([route, why]) => {
      const [method, path] = route.split(' ');
      return [`${method} /api/ext/${extension.name}${path}`, why];
    }),
  ),
);

/** The documented routes (OpenAPI), as `METHOD /url/:param`: a check on the route table's reading. */
const documentedRoutes = (app: App): string[] => {
  const paths = (app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
  return Object.entries(paths).flatMap(([path, operations]) =>
    Object.keys(operations).map(
      (method) => `${method.toUpperCase()} ${path.replaceAll(/\{([^}]+)\}/g, ':$1')}`,
    ),
  );
};

const writeRoutes = (routes: readonly string[]): string[] =>
  [...new Set(routes)]
    .filter((route) => {
      const [method = '', url = ''] = route.split(' ');
      return WRITE_METHODS.has(method) && RECORD_ROUTES.some((prefix) => url.startsWith(prefix));
    })
    .sort();

type Source = 'primary' | 'second';

/** A record a call changes, and how; no key: a new record whose key the step cannot know beforehand. */
interface Change {
  source?: Source;
  table: string;
  key?: number;
  action: RevisionAction;
}

/** One watched call, its records prepared: the request, its answer's status, what it changes. */
interface Call {
  call: () => Promise<LightMyRequestResponse>;
  status: number;
  changes: Change[];
}

interface Step {
  title: string;
  prepare: (ctx: Ctx) => Promise<Call>;
}

interface Ctx {
  app: App;
  cookie: string;
  admin: ApiClient;
  /** The administrator's client on the second data source. */
  second: ApiClient;
  knex: Record<Source, Knex>;
  /** The watched business tables of each data source. */
  tables: Record<Source, CreatedTable[]>;
}

const answered = (response: LightMyRequestResponse, status: number): void => {
  expect(response.statusCode, response.body).toBe(status);
};

const json = (response: LightMyRequestResponse, status: number): unknown => {
  answered(response, status);
  return response.json();
};

/** Creates a purchase (and its lines) through the API: its id. */
const purchase = async (ctx: Ctx, body: Record<string, unknown> = {}): Promise<number> =>
  Number(json(await ctx.admin.post('/api/business/purchase', { name: '订单', amount: 1, ...body }), 201));

/** The keys of the rows of `table` whose `column` is `value`, in key order. */
const keysWhere = async (ctx: Ctx, table: string, column: string, value: number): Promise<number[]> =>
  (await ctx.knex.primary(table).where(column, value).orderBy('id').select('id')).map(
    (row: { id: unknown }) => Number(row.id),
  );

const linesOf = (ctx: Ctx, purchaseId: number) => keysWhere(ctx, 'purchaseLine', 'purchaseId', purchaseId);

/** What a purchase's hard delete takes with it: its lines, their tags, its invoice. */
const cascadeOf = async (ctx: Ctx, purchaseId: number): Promise<Change[]> => {
  const lines = await linesOf(ctx, purchaseId);
  const tags = (await Promise.all(lines.map((line) => keysWhere(ctx, 'lineTag', 'lineId', line)))).flat();
  return [
    ...changes('purchaseLine', 'delete', lines),
    ...changes('lineTag', 'delete', tags),
    ...changes('invoice', 'delete', await keysWhere(ctx, 'invoice', 'purchaseId', purchaseId)),
  ];
};

/** The revision ids of a record, newest first. */
const revisionIds = async (ctx: Ctx, table: string, id: number): Promise<number[]> =>
  (json(await ctx.admin.get(`/api/business/${table}/${id}/history?limit=100`), 200) as { id: number }[]).map(
    (revision) => revision.id,
  );

let skuCount = 0;
const sku = () => `S-${++skuCount}`;

const workbook = (rows: (string | number)[][]): Promise<Buffer> => xlsxBook(rows, '数据');

const upload = (ctx: Ctx, url: string, file: Buffer, filename: string) => {
  const { payload, headers } = multipartBody([{ name: 'file', value: file, filename }]);
  return ctx.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, ...BROWSER, cookie: ctx.cookie },
  });
};

const changes = (table: string, action: RevisionAction, keys: readonly number[]): Change[] =>
  keys.map((key) => ({ table, key, action }));

/** `count` new records of a table. */
const created = (table: string, count: number, source?: Source): Change[] =>
  Array.from({ length: count }, () => ({ table, action: 'create', ...(source ? { source } : {}) }));

/** The write routes' scenarios, by `METHOD url-pattern` as the route table names them. */
const scenarios: Record<string, Step[]> = {
  'POST /api/business/:table': [
    {
      title: 'a create with nested children: OneToMany lines with their own tags, a MainToSub invoice',
      prepare: async (ctx) => ({
        call: () =>
          ctx.admin.post('/api/business/purchase', {
            name: '新订单',
            amount: 5,
            pin: 'Pin-secret-1',
            lines: [
              { name: '甲', sku: sku(), tags: [{ name: '急' }, { name: '大' }] },
              { name: '乙', sku: sku() },
            ],
            invoice: { name: '发票' },
          }),
        status: 201,
        changes: [
          ...created('purchase', 1),
          ...created('purchaseLine', 2),
          ...created('lineTag', 2),
          ...created('invoice', 1),
        ],
      }),
    },
    {
      title: "a create whose extension write hook writes a record of its own (the SDK's hookRecords)",
      prepare: async (ctx) => ({
        call: () => ctx.admin.post('/api/business/purchase', { name: '挂钩', note: '钩子' }),
        status: 201,
        changes: [...created('purchase', 1), ...created('lineTag', 1)],
      }),
    },
    {
      title: 'a create in a second data source (revision in primary)',
      prepare: async (ctx) => ({
        call: () => ctx.second.post('/api/business/remote', { name: '远', note: 'n' }),
        status: 201,
        changes: created('remote', 1, 'second'),
      }),
    },
  ],
  'POST /api/ext/history-probe/records/:table': [
    {
      title: "a create through an extension's route (the SDK's records), nested children included",
      prepare: async (ctx) => ({
        call: () =>
          ctx.admin.post('/api/ext/history-probe/records/purchase', {
            name: '扩展',
            lines: [{ name: '甲', sku: sku() }],
          }),
        status: 201,
        changes: [...created('purchase', 1), ...created('purchaseLine', 1)],
      }),
    },
  ],
  'PATCH /api/business/:table/:id': [
    {
      title: 'an update of plain columns',
      prepare: async (ctx) => {
        const id = await purchase(ctx, { note: 'old' });
        return {
          call: () => ctx.admin.patch(`/api/business/purchase/${id}`, { amount: 42, note: 'new' }),
          status: 200,
          changes: [{ table: 'purchase', key: id, action: 'update' }],
        };
      },
    },
    {
      title:
        'a relation sync of nested children: a line changed, one added, one removed with its tag, one kept; the invoice removed',
      prepare: async (ctx) => {
        const id = await purchase(ctx, {
          lines: [
            { name: '改', sku: sku() },
            { name: '删', sku: sku(), tags: [{ name: '随行' }] },
            { name: '留', sku: sku() },
          ],
          invoice: { name: '发票' },
        });
        const [changed, removed = 0, kept] = await linesOf(ctx, id);
        const gone = [
          ...changes('lineTag', 'delete', await keysWhere(ctx, 'lineTag', 'lineId', removed)),
          ...changes('invoice', 'delete', await keysWhere(ctx, 'invoice', 'purchaseId', id)),
        ];
        const keptSku = (await ctx.knex.primary('purchaseLine').where('id', kept).first('sku')) as {
          sku: string;
        };
        const changedSku = (await ctx.knex.primary('purchaseLine').where('id', changed).first('sku')) as {
          sku: string;
        };
        return {
          call: () =>
            ctx.admin.patch(`/api/business/purchase/${id}`, {
              amount: 7,
              lines: [
                { id: changed, name: '改过', sku: changedSku.sku },
                { id: kept, name: '留', sku: keptSku.sku },
                { name: '加', sku: sku() },
              ],
              invoice: null,
            }),
          status: 200,
          changes: [
            { table: 'purchase', key: id, action: 'update' },
            { table: 'purchaseLine', key: changed ?? 0, action: 'update' },
            ...created('purchaseLine', 1),
            { table: 'purchaseLine', key: removed, action: 'delete' },
            ...gone,
          ],
        };
      },
    },
    {
      title: 'an update that sets isDeleted: the record goes to the recycle bin',
      prepare: async (ctx) => {
        const id = await purchase(ctx);
        return {
          call: () => ctx.admin.patch(`/api/business/purchase/${id}`, { isDeleted: true, note: '作废' }),
          status: 200,
          changes: [{ table: 'purchase', key: id, action: 'softDelete' }],
        };
      },
    },
    {
      title: 'an update that clears isDeleted: the record comes back from the recycle bin',
      prepare: async (ctx) => {
        const id = await purchase(ctx);
        answered(await ctx.admin.delete(`/api/business/purchase/${id}?isSoftDelete=true`), 204);
        return {
          call: () => ctx.admin.patch(`/api/business/purchase/${id}`, { isDeleted: false }),
          status: 200,
          changes: [{ table: 'purchase', key: id, action: 'restore' }],
        };
      },
    },
  ],
  'DELETE /api/business/:table/:id': [
    {
      title: 'a soft delete',
      prepare: async (ctx) => {
        const id = await purchase(ctx, { lines: [{ name: '甲', sku: sku() }] });
        return {
          call: () => ctx.admin.delete(`/api/business/purchase/${id}?isSoftDelete=true`),
          status: 204,
          changes: [{ table: 'purchase', key: id, action: 'softDelete' }],
        };
      },
    },
    {
      title: 'a hard delete cascading to the children and theirs: lines, their tags, the MainToSub invoice',
      prepare: async (ctx) => {
        const id = await purchase(ctx, {
          lines: [
            { name: '甲', sku: sku(), tags: [{ name: '急' }] },
            { name: '乙', sku: sku() },
          ],
          invoice: { name: '发票' },
        });
        return {
          call: () => ctx.admin.delete(`/api/business/purchase/${id}`),
          status: 204,
          changes: [{ table: 'purchase', key: id, action: 'delete' }, ...(await cascadeOf(ctx, id))],
        };
      },
    },
  ],
  'DELETE /api/business/:table': [
    {
      title: 'a batch soft delete',
      prepare: async (ctx) => {
        const ids = [await purchase(ctx), await purchase(ctx)];
        return {
          call: () => ctx.admin.delete('/api/business/purchase?isSoftDelete=true', ids),
          status: 204,
          changes: changes('purchase', 'softDelete', ids),
        };
      },
    },
    {
      title: 'a batch hard delete with its cascade',
      prepare: async (ctx) => {
        const ids = [
          await purchase(ctx, { lines: [{ name: '甲', sku: sku(), tags: [{ name: '急' }] }] }),
          await purchase(ctx, { invoice: { name: '发票' } }),
        ];
        return {
          call: () => ctx.admin.delete('/api/business/purchase', ids),
          status: 204,
          changes: [
            ...changes('purchase', 'delete', ids),
            ...(await cascadeOf(ctx, ids[0] ?? 0)),
            ...(await cascadeOf(ctx, ids[1] ?? 0)),
          ],
        };
      },
    },
  ],
  'POST /api/business/:table/restore': [
    {
      title: 'a batch restore from the recycle bin',
      prepare: async (ctx) => {
        const ids = [await purchase(ctx), await purchase(ctx)];
        answered(await ctx.admin.delete('/api/business/purchase?isSoftDelete=true', ids), 204);
        return {
          call: () => ctx.admin.post('/api/business/purchase/restore', ids),
          status: 200,
          changes: changes('purchase', 'restore', ids),
        };
      },
    },
  ],
  'POST /api/business/:table/:id/restore': [
    {
      title: 'one restore from the recycle bin',
      prepare: async (ctx) => {
        const id = await purchase(ctx);
        answered(await ctx.admin.delete(`/api/business/purchase/${id}?isSoftDelete=true`), 204);
        return {
          call: () => ctx.admin.post(`/api/business/purchase/${id}/restore`, {}),
          status: 200,
          changes: [{ table: 'purchase', key: id, action: 'restore' }],
        };
      },
    },
  ],
  'POST /api/business/:table/:id/history/:revisionId/restore': [
    {
      title: 'a restore from history (the update path)',
      prepare: async (ctx) => {
        const id = await purchase(ctx, { amount: 1 });
        answered(await ctx.admin.patch(`/api/business/purchase/${id}`, { amount: 2, note: 'x' }), 200);
        const [, created] = await revisionIds(ctx, 'purchase', id);
        return {
          call: () => ctx.admin.post(`/api/business/purchase/${id}/history/${created}/restore`, {}),
          status: 200,
          changes: [{ table: 'purchase', key: id, action: 'update' }],
        };
      },
    },
    {
      title: 'a restore from history of a record hard-deleted since (the create path)',
      prepare: async (ctx) => {
        const id = await purchase(ctx, { amount: 3 });
        const [created] = await revisionIds(ctx, 'purchase', id);
        answered(await ctx.admin.delete(`/api/business/purchase/${id}`), 204);
        return {
          call: () => ctx.admin.post(`/api/business/purchase/${id}/history/${created}/restore`, {}),
          status: 200,
          changes: [{ table: 'purchase', key: id, action: 'create' }],
        };
      },
    },
  ],
  'POST /api/business/:table/deleted/:revisionId/restore': [
    {
      title: 'a deleted record brought back with its key',
      prepare: async (ctx) => {
        const id = await purchase(ctx, { amount: 4 });
        answered(await ctx.admin.delete(`/api/business/purchase/${id}`), 204);
        const [deletion] = await revisionIds(ctx, 'purchase', id);
        return {
          call: () => ctx.admin.post(`/api/business/purchase/deleted/${deletion}/restore`, {}),
          status: 200,
          changes: [{ table: 'purchase', key: id, action: 'create' }],
        };
      },
    },
  ],
  'POST /api/business/:table/import': [
    {
      title: 'an all-or-nothing .xlsx import: one row updates a stored record, two are new',
      prepare: async (ctx) => {
        const id = await purchase(ctx, { amount: 1 });
        const file = await workbook([
          ['id', 'name', 'amount'],
          [id, '改名', 11],
          ['', '新一', 12],
          ['', '新二', 13],
        ]);
        return {
          call: () => upload(ctx, '/api/business/purchase/import', file, 'data.xlsx'),
          status: 201,
          changes: [{ table: 'purchase', key: id, action: 'update' }, ...created('purchase', 2)],
        };
      },
    },
    {
      title: 'an all-or-nothing .xlsx import with a bad row: nothing written',
      prepare: async (ctx) => {
        const file = await workbook([
          ['name', 'amount'],
          ['好', 1],
          ['坏', 'many'],
        ]);
        return {
          call: () => upload(ctx, '/api/business/purchase/import', file, 'data.xlsx'),
          status: 400,
          changes: [],
        };
      },
    },
    {
      title: 'a partial .xlsx import: the good rows only',
      prepare: async (ctx) => {
        const file = await workbook([
          ['name', 'amount'],
          ['好一', 1],
          ['坏', 'many'],
          ['好二', 2],
        ]);
        return {
          call: () => upload(ctx, '/api/business/purchase/import?partial=true', file, 'data.xlsx'),
          status: 201,
          changes: created('purchase', 2),
        };
      },
    },
    {
      title: 'an .xlsx import that sets isDeleted of a stored record: a soft delete',
      prepare: async (ctx) => {
        const id = await purchase(ctx);
        const file = await workbook([
          ['id', 'name', 'isDeleted'],
          [id, '作废', 'true'],
        ]);
        return {
          call: () => upload(ctx, '/api/business/purchase/import', file, 'data.xlsx'),
          status: 201,
          changes: [{ table: 'purchase', key: id, action: 'softDelete' }],
        };
      },
    },
  ],
  'POST /api/business/import': [
    {
      title: 'a JSON import of a parent table (one stored record updated) and its children',
      prepare: async (ctx) => {
        const stored = await purchase(ctx, { amount: 1 });
        const file = Buffer.from(
          JSON.stringify({
            purchase: [
              { id: 900_001, name: '导入', amount: 9 },
              { id: stored, name: '覆盖', amount: 2 },
            ],
            purchaseLine: [
              { name: '甲', sku: sku(), purchaseId: 900_001 },
              { name: '乙', sku: sku(), purchaseId: 900_001 },
            ],
          }),
        );
        return {
          call: () => upload(ctx, '/api/business/import', file, 'data.json'),
          status: 201,
          changes: [
            ...created('purchase', 1),
            { table: 'purchase', key: stored, action: 'update' },
            ...created('purchaseLine', 2),
          ],
        };
      },
    },
  ],
};

/** Columns the server stamps on every write: a change of only these is no change of the record. */
const STAMPS = new Set(['lastModifiedDate', 'updateById', 'fullTextBody']);

const isSet = (value: unknown) => value === true || Number(value) === 1;

/** The physical rows of the watched tables, by `source table key`, each without the stamps. */
const rowsOf = async (ctx: Ctx): Promise<Map<string, Record<string, unknown>>> => {
  const rows = new Map<string, Record<string, unknown>>();
  for (const source of ['primary', 'second'] as const) {
    for (const table of ctx.tables[source]) {
      for (const row of (await ctx.knex[source](table.tableName).select('*')) as Record<string, unknown>[]) {
        const kept = Object.fromEntries(Object.entries(row).filter(([column]) => !STAMPS.has(column)));
        rows.set(`${source} ${table.name} ${String(row.id)}`, kept);
      }
    }
  }
  return rows;
};

/** What the rows say a call did: `source table key action`, one per changed row. */
const rowChanges = (
  before: Map<string, Record<string, unknown>>,
  after: Map<string, Record<string, unknown>>,
): string[] => {
  const found: string[] = [];
  for (const [record, row] of after) {
    const old = before.get(record);
    if (!old) found.push(`${record} create`);
    else if (JSON.stringify(old) !== JSON.stringify(row)) {
      const [was, is] = [isSet(old.isDeleted), isSet(row.isDeleted)];
      found.push(`${record} ${was === is ? 'update' : is ? 'softDelete' : 'restore'}`);
    }
  }
  for (const record of before.keys()) if (!after.has(record)) found.push(`${record} delete`);
  return found.sort();
};

const lastRevision = async (ctx: Ctx): Promise<number> => {
  const row = (await ctx.knex.primary(SHARED_STATE.revision).max({ top: 'id' }).first()) as
    { top: unknown } | undefined;
  return Number(row?.top ?? 0);
};

/** The revisions added after `since`: `source table key action`. */
const revisionsSince = async (ctx: Ctx, since: number): Promise<string[]> =>
  (
    (await ctx.knex
      .primary(SHARED_STATE.revision)
      .where('id', '>', since)
      .select('dataSource', 'tableName', 'recordKey', 'action')) as Record<string, unknown>[]
  )
    .map(
      (row) =>
        `${String(row.dataSource)} ${String(row.tableName)} ${String(row.recordKey)} ${String(row.action)}`,
    )
    .sort();

/** Whether the declared changes name the row changes: the same count, keys where given. */
const declaredMatch = (declared: readonly Change[], found: readonly string[]): boolean => {
  const left = [...found];
  const take = (test: (entry: string) => boolean) => {
    const index = left.findIndex(test);
    if (index < 0) return false;
    left.splice(index, 1);
    return true;
  };
  const matched = [...declared]
    // Those with a key first: a keyless one must not take a row a keyed one names.
    .sort((a, b) => Number(a.key === undefined) - Number(b.key === undefined))
    .every(({ source = 'primary', table, key, action }) =>
      take((entry) => {
        const [s, t, k, a] = entry.split(' ');
        return s === source && t === table && a === action && (key === undefined || k === String(key));
      }),
    );
  return matched && left.length === 0;
};

const setUp = async (env: TestEnvironment, secondDatabase: TestEnvironment | undefined): Promise<Ctx> => {
  const [other] = secondDatabase?.config().dataSources ?? [];
  const source: DataSourceConfig = other
    ? { ...other, name: 'second', caption: '第二数据源' }
    : {
        name: 'second',
        caption: '第二数据源',
        client: 'sqlite',
        connection: join(env.dataDir, `second-${Date.now()}.sqlite`),
        database: 'second',
      };
  const app = await buildApp(env.config({ adminPassword: ADMIN_PASSWORD }, [source]), {
    webRoot: '/nonexistent-web-root',
    extensions: [...serverExtensions, probe],
  });
  const { cookie } = await login(app);
  const admin = apiClient(app, cookie, BROWSER);
  const second = apiClient(app, cookie, { ...BROWSER, dataSource: 'second' });
  const primaryKnex = app.dataSources.primary.knex;
  const secondKnex = app.dataSources.get('second')?.knex;
  if (!secondKnex) throw new Error('no second data source');
  const { order, line } = await createPurchaseTables(admin, primaryKnex);
  // A grandchild level (each line's tags) and a MainToSub record (the purchase's invoice): the
  // cascades recurse and a sub record is written and deleted with its main record.
  const tag = await createTable(admin, {
    name: 'lineTag',
    columns: [...SYSTEM_COLUMNS, { name: 'lineId', dataType: 'BIGINT' }],
  });
  await createRelation(primaryKnex, {
    name: 'tags',
    relationType: 'OneToMany',
    from: line,
    fromColumn: 'id',
    to: tag,
    toColumn: 'lineId',
  });
  const invoice = await createTable(admin, {
    name: 'invoice',
    columns: [...SYSTEM_COLUMNS, { name: 'purchaseId', dataType: 'BIGINT', indexType: 'UNIQUE' }],
  });
  await createRelation(primaryKnex, {
    name: 'invoice',
    relationType: 'OneToOneMainToSub',
    from: order,
    fromColumn: 'id',
    to: invoice,
    toColumn: 'purchaseId',
  });
  const remote = await createTable(second, {
    name: 'remote',
    columns: [...SYSTEM_COLUMNS, { name: 'note', dataType: 'VARCHAR', length: 100 }],
  });
  return {
    app,
    cookie,
    admin,
    second,
    knex: { primary: primaryKnex, second: secondKnex },
    tables: { primary: [order, line, tag, invoice], second: [remote] },
  };
};

describeEachDatabase('every write route records the history of the records it writes ($name)', (db) => {
  const apps = useTestApps(db);
  // The second data source: a SQLite file next to a SQLite primary, else a second database of the
  // same server (PostgreSQL, MariaDB).
  let secondDatabase: TestEnvironment | undefined;
  let ctx: Ctx | undefined;
  beforeAll(async () => {
    if (db.name !== 'sqlite') secondDatabase = await db.create();
    ctx = await setUp(apps.env(), secondDatabase);
  });
  afterAll(async () => {
    await ctx?.app.close();
    await secondDatabase?.drop();
  });
  const context = () => {
    if (!ctx) throw new Error('the app is not built');
    return ctx;
  };

  it('has a scenario or an exemption for every write route, and none for a route that is gone', () => {
    const { app } = context();
    const routes = routeTable(app);
    // The route table is read right: every documented route is in it.
    expect(documentedRoutes(app).filter((route) => !routes.includes(route))).toEqual([]);
    const writes = writeRoutes(routes);
    expect(writes).toContain('POST /api/business/:table');
    const uncovered = writes.filter(
      (route) => !(route in scenarios) && !(route in exempt) && !(route in extensionExempt),
    );
    expect(
      uncovered,
      `write routes without a record-history scenario (add one to scenarios, or to exempt with the reason it writes no business record; an extension declares its own in writesNoRecord): ${uncovered.join(', ')}`,
    ).toEqual([]);
    const stale = [...Object.keys(scenarios), ...Object.keys(exempt), ...Object.keys(extensionExempt)].filter(
      (route) => !writes.includes(route),
    );
    expect(stale, `scenarios or exemptions of routes that do not exist: ${stale.join(', ')}`).toEqual([]);
    const both = Object.keys(scenarios).filter((route) => route in exempt);
    expect(both, 'routes both exempt and covered').toEqual([]);
  });

  describe.each(Object.entries(scenarios))('%s', (_route, steps) => {
    it.each(steps.map((step) => [step.title, step] as const))('%s', async (_title, step) => {
      const ctx = context();
      const { call, status, changes: declared } = await step.prepare(ctx);
      const before = await rowsOf(ctx);
      const since = await lastRevision(ctx);
      const response = await call();
      expect(response.statusCode, response.body).toBe(status);
      const found = rowChanges(before, await rowsOf(ctx));
      const revisions = await revisionsSince(ctx, since);
      // Exactly one revision per changed row, of its action and key; none without a row change.
      expect(revisions).toEqual(found);
      expect(
        declaredMatch(declared, found),
        `declared ${JSON.stringify(declared)}, rows ${JSON.stringify(found)}`,
      ).toBe(true);
    });
  });
});
