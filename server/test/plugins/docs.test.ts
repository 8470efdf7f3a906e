import { expect, it } from 'vitest';
import { useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';

describeEachDatabase('OpenAPI document ($name)', (db) => {
  const apps = useTestApps(db);

  it('lists every API route with its schemas, open without login', async () => {
    const app = await apps.build();
    const response = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/auth/login',
      '/api/auth/logout',
      '/api/business/config',
      '/api/business/export',
      '/api/business/import',
      '/api/business/sequence/{name}/nextval',
      '/api/business/{table}',
      '/api/business/{table}/all',
      '/api/business/{table}/count',
      '/api/business/{table}/export',
      '/api/business/{table}/export/xml',
      '/api/business/{table}/import',
      '/api/business/{table}/import/template',
      '/api/business/{table}/{id}',
      '/api/file',
      '/api/file/big',
      '/api/file/big/{md5}',
      '/api/metadata/dataSources',
      '/api/metadata/sequences',
      '/api/metadata/sequences/count',
      '/api/metadata/sequences/{id}',
      '/api/metadata/sqls/execute',
      '/api/metadata/tablerelations',
      '/api/metadata/tablerelations/count',
      '/api/metadata/tablerelations/fromTable/name/{name}',
      '/api/metadata/tablerelations/fromTable/{id}',
      '/api/metadata/tablerelations/{id}',
      '/api/metadata/tables',
      '/api/metadata/tables/count',
      '/api/metadata/tables/export',
      '/api/metadata/tables/file/import',
      '/api/metadata/tables/import',
      '/api/metadata/tables/metadatas',
      '/api/metadata/tables/metadatas/reverse',
      '/api/metadata/tables/metadatas/reverse/{tableName}',
      '/api/metadata/tables/metadatas/{tableName}',
      '/api/metadata/tables/name/{name}',
      '/api/metadata/tables/{id}',
      '/api/users/me',
      '/api/users/me/menu',
      '/api/users/me/table',
    ]);
    const login = doc.paths['/api/auth/login'].post;
    expect(Object.keys(login.requestBody.content)).toContain('application/x-www-form-urlencoded');
    expect(login.responses['200'].content['application/json'].schema.properties).toHaveProperty('principal');
    const patchTable = doc.paths['/api/metadata/tables/{id}'].patch;
    expect(patchTable.parameters.map((p: { name: string }) => p.name)).toEqual(['confirmDataLoss', 'id']);
    expect(patchTable.requestBody.content['application/json'].schema.properties).toHaveProperty('columns');
    const config = doc.paths['/api/business/config'].get;
    expect(config.parameters.map((p: { name: string }) => p.name)).toEqual([
      'offset',
      'limit',
      'key',
      'search',
      'filter',
      'orderby',
      'select',
      'expand',
    ]);
    expect(doc.components.securitySchemes.session).toEqual({
      type: 'apiKey',
      in: 'cookie',
      name: 'crudboard_session',
    });
  });

  it('serves a browsable page', async () => {
    const app = await apps.build();
    const ui = await app.inject({ method: 'GET', url: '/api/docs/ui/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
    expect(ui.body).toContain('swagger');
  });
});
