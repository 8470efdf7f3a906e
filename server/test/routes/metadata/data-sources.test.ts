import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { DataSourceConfig } from '../../../src/config';
import { META } from '../../../src/db/table-names';
import { login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';

const stamps = { createdDate: 1, lastModifiedDate: 1 };

describeEachDatabase('data sources ($name)', (db) => {
  const apps = useTestApps(db);
  const withSecond = () => {
    const second: DataSourceConfig = {
      name: 'archive',
      caption: '归档',
      client: 'sqlite',
      connection: join(apps.env().dataDir, 'archive.sqlite'),
      database: 'archive.sqlite',
    };
    return apps.env().config({ adminPassword: 'Test-admin-Pass-1' }, [second]);
  };

  it('lists primary first, without login and without connection details', async () => {
    const app = await apps.build({}, withSecond());
    const response = await app.inject({ method: 'GET', url: '/api/metadata/dataSources' });
    expect(response.statusCode).toBe(200);
    const primaryDatabase = db.name === 'sqlite' ? 'crudboard.sqlite' : app.dataSources.primary.database;
    expect(response.json()).toEqual([
      { name: 'primary', caption: '主数据源', database: primaryDatabase, client: db.name },
      { name: 'archive', caption: '归档', database: 'archive.sqlite', client: 'sqlite' },
    ]);
    expect(response.body).not.toContain('crudboard:crudboard');
    expect(response.body).not.toContain('://');
    expect(response.body).not.toContain(apps.env().dataDir);
  });

  it('ignores a stale dataSource header on the open routes', async () => {
    const app = await apps.build();
    const headers = { datasource: 'gone' };
    expect((await app.inject({ method: 'GET', url: '/api/metadata/dataSources', headers })).statusCode).toBe(
      200,
    );
    expect((await app.inject({ method: 'GET', url: '/api/business/config', headers })).statusCode).toBe(200);
  });

  it('selects by header, lets the query win, defaults to primary and 404s unknown names', async () => {
    const app = await apps.build({}, withSecond());
    await app.dataSources.primary
      .knex(META.table)
      .insert({ name: 'old', tableName: 'old', dataSource: 'archive', ...stamps });
    await app.dataSources.primary
      .knex(META.table)
      .insert({ name: 'current', tableName: 'current', ...stamps });
    const { cookie } = await login(app);
    const names = async (url: string, headers: Record<string, string> = {}) => {
      const response = await app.inject({ method: 'GET', url, headers: { cookie, ...headers } });
      expect(response.statusCode, response.body).toBe(200);
      return response
        .json()
        .filter((t: { systemable: boolean }) => !t.systemable)
        .map((t: { name: string }) => t.name);
    };
    expect(await names('/api/users/me/table')).toEqual(['current']);
    expect(await names('/api/users/me/table', { dataSource: 'archive' })).toEqual(['old']);
    expect(await names('/api/users/me/table?dataSource=archive')).toEqual(['old']);
    expect(await names('/api/users/me/table?dataSource=primary', { dataSource: 'archive' })).toEqual([
      'current',
    ]);

    for (const [url, headers] of [
      ['/api/users/me/table', { dataSource: 'nope' }],
      ['/api/users/me/table?dataSource=nope', { dataSource: 'archive' }],
    ] as const) {
      const response = await app.inject({ method: 'GET', url, headers: { cookie, ...headers } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'DATA_SOURCE_NOT_FOUND', message: '数据源 nope 不存在' });
    }
    const english = await app.inject({
      method: 'GET',
      url: '/api/users/me/table?dataSource=nope',
      headers: { cookie, 'accept-language': 'en' },
    });
    expect(english.json()).toEqual({ code: 'DATA_SOURCE_NOT_FOUND', message: 'Unknown data source nope' });
    const twice = await app.inject({
      method: 'GET',
      url: '/api/users/me/table?dataSource=a&dataSource=b',
      headers: { cookie },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toHaveProperty('dataSource');
  });
});
