import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../src/app';
import type { ColumnBody } from '../../src/schemas/table-body';

export const SYSTEM_COLUMNS: ColumnBody[] = [
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
  { name: 'isDeleted', caption: '是否删除', dataType: 'BOOL' },
];

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** A small client sending `headers` with every request (a session cookie, a bearer token...). */
export const headerClient = (app: App, headers: Record<string, string>) => {
  const call = (method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload: unknown) => call('POST', url, payload),
    patch: (url: string, payload: unknown) => call('PATCH', url, payload),
    delete: (url: string, payload?: unknown) => call('DELETE', url, payload),
  };
};

/** A small client for one signed-in session. */
export const apiClient = (app: App, cookie: string, headers: Record<string, string> = {}) =>
  headerClient(app, { cookie, ...headers });

export type ApiClient = ReturnType<typeof apiClient>;

/** Creates a table through the API and returns its stored metadata. */
export const createTableViaApi = async (api: ApiClient, body: Record<string, unknown>) => {
  const created = await api.post('/api/metadata/tables', body);
  if (created.statusCode !== 201) throw new Error(`create failed: ${created.statusCode} ${created.body}`);
  const table = await api.get(`/api/metadata/tables/${created.json()}`);
  return table.json();
};
