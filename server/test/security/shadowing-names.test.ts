import { expect, it } from 'vitest';
import { apiClient, SYSTEM_COLUMNS } from '../helpers/metadata-api';
import { clearTables } from '../helpers/physical-schema';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';

describeEachDatabase('table names that shadow the catalog or the API ($name)', (db) => {
  const apps = useTestApps(db);

  it('refuses catalog prefixes and the API path words, creating nothing', async () => {
    await clearTables((await apps.build()).dataSources.primary.knex);
    const app = await apps.build();
    const admin = apiClient(app, (await login(app)).cookie);
    const refused = async (body: Record<string, unknown>, field: string) => {
      const response = await admin.post('/api/metadata/tables', { columns: SYSTEM_COLUMNS, ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json().errors ?? {})).toContain(field);
    };
    for (const name of [
      'pg_authid',
      'PG_shadow',
      'sqlite_master2',
      'sqlite_stat1',
      'information_schema',
      'performance_schema',
    ]) {
      await refused({ name: `t${name.length}`, tableName: name }, 'tableName');
    }
    for (const name of ['import', 'Export', 'sequence', 'config', 'me']) {
      await refused({ name, tableName: `t_${name.toLowerCase()}` }, 'name');
      await refused(
        { name: `ok_${name}`, pluralName: name, tableName: `u_${name.toLowerCase()}` },
        'pluralName',
      );
    }
    expect((await admin.get('/api/metadata/tables?search=t_')).json()).toEqual([]);
    const fine = await admin.post('/api/metadata/tables', { name: 'imports', columns: SYSTEM_COLUMNS });
    expect(fine.statusCode, fine.body).toBe(201);
  });
});
