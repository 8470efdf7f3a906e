import { expect, it } from 'vitest';
import { serverExtensions } from '../../src/extensions/index';
import { login as signIn, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';

describeEachDatabase('OpenAPI document ($name)', (db) => {
  const apps = useTestApps(db);

  it('lists every API route with its schemas, to signed-in users', async () => {
    const app = await apps.build();
    const { cookie } = await signIn(app);
    const response = await app.inject({ method: 'GET', url: '/api/docs', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    const paths = Object.keys(doc.paths).sort();
    // The enabled extensions' routes are theirs, each under /api/ext/<name>/ and listed by the
    // extension's own tests: enabling one changes no core test.
    const names = serverExtensions.map((extension) => extension.name);
    expect(
      paths.filter((path) => path.startsWith('/api/ext/') && !names.includes(path.split('/')[3] ?? '')),
    ).toEqual([]);
    expect(paths.filter((path) => !path.startsWith('/api/ext/'))).toEqual([
      '/api/audit',
      '/api/audit/count',
      '/api/audit/export',
      '/api/auth/login',
      '/api/auth/logout',
      '/api/auth/providers',
      '/api/auth/sso/{id}',
      '/api/auth/sso/{id}/callback',
      '/api/business/config',
      '/api/business/export',
      '/api/business/import',
      '/api/business/sequence/{name}/nextval',
      '/api/business/{table}',
      '/api/business/{table}/all',
      '/api/business/{table}/count',
      '/api/business/{table}/deleted',
      '/api/business/{table}/deleted/count',
      '/api/business/{table}/deleted/{revisionId}/restore',
      '/api/business/{table}/export',
      '/api/business/{table}/export/xml',
      '/api/business/{table}/history/latest',
      '/api/business/{table}/import',
      '/api/business/{table}/import/template',
      '/api/business/{table}/restore',
      '/api/business/{table}/{id}',
      '/api/business/{table}/{id}/history',
      '/api/business/{table}/{id}/history/count',
      '/api/business/{table}/{id}/history/{revisionId}/restore',
      '/api/business/{table}/{id}/restore',
      '/api/file',
      '/api/file/big',
      '/api/file/big/{md5}',
      '/api/file/stored/{name}',
      '/api/flows/buttons',
      '/api/flows/{id}/run',
      '/api/health',
      '/api/metadata/dataSources',
      '/api/metadata/sequences',
      '/api/metadata/sequences/count',
      '/api/metadata/sequences/export',
      '/api/metadata/sequences/{id}',
      '/api/metadata/sqls/execute',
      '/api/metadata/tablerelations',
      '/api/metadata/tablerelations/count',
      '/api/metadata/tablerelations/export',
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
      '/api/metadata/tables/name/{name}/screen',
      '/api/metadata/tables/{id}',
      '/api/metadata/tables/{id}/row-count',
      '/api/metadata/tables/{id}/row-rule-preview',
      '/api/metadata/tables/{id}/schema-repair',
      '/api/metadata/tables/{id}/schema-state',
      '/api/permissions/extensions',
      '/api/ready',
      '/api/users/me',
      '/api/users/me/menu',
      '/api/users/me/password',
      '/api/users/me/table',
      '/api/users/me/tokens',
      '/api/users/me/tokens/{id}',
      '/api/users/{id}/tokens',
      '/api/users/{id}/tokens/{tokenId}',
      '/api/webhooks/deliveries/{id}/replay',
      '/api/webhooks/{id}/replay',
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
      'collation',
      'select',
      'expand',
    ]);
    expect(doc.components.securitySchemes.session).toEqual({
      type: 'apiKey',
      in: 'cookie',
      name: 'crudboard_session',
    });
    expect(doc.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/users/me/tokens'].post.security).toEqual([{ session: [] }]);
  });

  it('serves a browsable page', async () => {
    const app = await apps.build();
    const { cookie } = await signIn(app);
    const ui = await app.inject({ method: 'GET', url: '/api/docs/ui/', headers: { cookie } });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
    expect(ui.body).toContain('swagger');
  });

  it('needs a session unless PUBLIC_API_DOCS is set', async () => {
    const closed = await apps.build();
    for (const url of ['/api/docs', '/api/docs/ui/', '/api/docs/ui/static/index.html', '/api/docs?x=1']) {
      const response = await closed.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json().code).toBe('UNAUTHORIZED');
    }
    const open = await apps.build({}, apps.config({ publicApiDocs: true }));
    expect((await open.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(200);
    expect((await open.inject({ method: 'GET', url: '/api/docs/ui/' })).statusCode).toBe(200);
  });
});
