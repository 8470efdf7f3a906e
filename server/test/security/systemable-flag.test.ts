import { expect, it } from 'vitest';
import { META } from '../../src/db/table-names';
import { apiClient, SYSTEM_COLUMNS } from '../helpers/metadata-api';
import { clearTables } from '../helpers/physical-schema';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';
import { createUser } from '../helpers/users';

describeEachDatabase('only crudboard marks a table systemable ($name)', (db) => {
  const apps = useTestApps(db);

  it('ignores systemable from a designer on create, update and import', async () => {
    await clearTables((await apps.build()).dataSources.primary.knex);
    const app = await apps.build();
    const knex = app.dataSources.primary.knex;
    await createUser(app, {
      username: 'designer',
      password: 'Designer-pass-1',
      roles: { ROLE_D: 'metadata:*' },
    });
    const designer = apiClient(app, (await login(app, 'designer', 'Designer-pass-1')).cookie);
    const admin = apiClient(app, (await login(app)).cookie);
    const systemable = async (name: string) =>
      Boolean(Number((await knex(META.table).where('name', name).first())?.systemable));

    const created = await designer.post('/api/metadata/tables', {
      name: 'trap',
      systemable: true,
      columns: SYSTEM_COLUMNS,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await systemable('trap')).toBe(false);
    const id = created.json();
    const patched = await designer.patch(`/api/metadata/tables/${id}`, { systemable: true, caption: '陷阱' });
    expect(patched.statusCode, patched.body).toBeLessThan(300);
    expect(await systemable('trap')).toBe(false);
    const imported = await designer.post('/api/metadata/tables/import', {
      tables: [{ name: 'trap2', systemable: true, columns: SYSTEM_COLUMNS }],
    });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(await systemable('trap2')).toBe(false);
    // The super admin still changes and deletes them.
    expect((await admin.patch(`/api/metadata/tables/${id}`, { caption: '改' })).statusCode).toBeLessThan(300);
    expect((await admin.delete(`/api/metadata/tables/${id}`)).statusCode).toBeLessThan(300);
  });
});
