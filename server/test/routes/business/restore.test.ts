import type { Knex } from 'knex';
import { expect, it } from 'vitest';
import { apiClient, SYSTEM_COLUMNS } from '../../helpers/metadata-api';
import { createTable } from '../../helpers/business-tables';
import { clearTables } from '../../helpers/physical-schema';
import { login, useTestApps } from '../../helpers/test-app';
import { userApi } from '../../helpers/user-api';
import { describeEachDatabase } from '../../helpers/test-databases';

/** The designer's defaults: the bookkeeping columns and the soft-delete flag are neither insertable nor updatable. */
const DESIGNER_COLUMNS = SYSTEM_COLUMNS.map((column) =>
  column.name === 'name'
    ? { ...column, insertable: true, updatable: true }
    : { ...column, insertable: false, updatable: false, queryable: false, displayable: false },
);

const flags = async (knex: Knex) =>
  (await knex('loan').select('id', 'isDeleted').orderBy('id')).map(
    (row: { id: unknown; isDeleted: unknown }) => [Number(row.id), Boolean(Number(row.isDeleted))],
  );

describeEachDatabase('restoring soft-deleted records ($name)', (db) => {
  const apps = useTestApps(db);

  const setup = async () => {
    const app = await apps.build();
    const { cookie } = await login(app);
    const knex = app.dataSources.primary.knex;
    await clearTables(knex);
    const admin = apiClient(app, cookie);
    await createTable(admin, { name: 'loan', columns: DESIGNER_COLUMNS });
    for (const name of ['a', 'b', 'c'])
      expect((await admin.post('/api/business/loan', { name })).statusCode).toBe(201);
    return { app, admin, knex };
  };

  it('brings a record of a designer-made table back from the recycle bin, one or many', async () => {
    const { admin, knex } = await setup();
    expect((await admin.delete('/api/business/loan?isSoftDelete=true', [1, 2, 3])).statusCode).toBe(204);
    expect(await flags(knex)).toEqual([
      [1, true],
      [2, true],
      [3, true],
    ]);

    const one = await admin.post('/api/business/loan/2/restore', {});
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ restored: 1 });
    const many = await admin.post('/api/business/loan/restore', ['1', 3]);
    expect(many.statusCode).toBe(200);
    expect(many.json()).toEqual({ restored: 2 });
    expect(await flags(knex)).toEqual([
      [1, false],
      [2, false],
      [3, false],
    ]);
    // The restore is an update: it is stamped.
    const row = await knex('loan').where('id', 2).first('updateById', 'lastModifiedDate');
    expect(Number(row.updateById)).toBe(1);
    expect(row.lastModifiedDate).not.toBeNull();
    // And the list of live records shows them again.
    expect((await admin.get('/api/business/loan/count?isDeleted=false')).json()).toBe(3);
  });

  it('never answers success for a restore that changes nothing', async () => {
    const { admin, knex } = await setup();
    await admin.delete('/api/business/loan/1?isSoftDelete=true');
    const before = await flags(knex);

    // Not in the recycle bin: 409, and a batch with one such record restores none of them.
    const live = await admin.post('/api/business/loan/2/restore', {});
    expect(live.statusCode).toBe(409);
    expect(live.json().message).toContain('2');
    const mixed = await admin.post('/api/business/loan/restore', [1, 2]);
    expect(mixed.statusCode).toBe(409);
    expect(await flags(knex)).toEqual(before);

    // No such record: 404, nothing changed.
    expect((await admin.post('/api/business/loan/restore', [1, 99])).statusCode).toBe(404);
    expect((await admin.post('/api/business/loan/99/restore', {})).statusCode).toBe(404);
    expect(await flags(knex)).toEqual(before);

    // An empty batch is a bad request, not "restored 0".
    expect((await admin.post('/api/business/loan/restore', [])).statusCode).toBe(400);

    // The old way (a PATCH of the flag the designer made non-editable) is refused, not a silent 200.
    const patched = await admin.patch('/api/business/loan/1', { isDeleted: false });
    expect(patched.statusCode).toBe(400);
    expect(patched.json().code).toBe('VALIDATION_ERROR');
    expect(await flags(knex)).toEqual(before);
  });

  it('answers 400 on a table without the soft-delete flag', async () => {
    const { admin } = await setup();
    await createTable(admin, {
      name: 'plain',
      columns: SYSTEM_COLUMNS.filter((column) => column.name !== 'isDeleted'),
    });
    expect((await admin.post('/api/business/plain', { name: 'x' })).statusCode).toBe(201);
    const refused = await admin.post('/api/business/plain/restore', [1]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('VALIDATION_ERROR');
  });

  it('needs the update permission on the table; a refusal changes nothing', async () => {
    const { app, admin, knex } = await setup();
    await admin.delete('/api/business/loan?isSoftDelete=true', [1, 2]);
    const before = await flags(knex);
    const reader = await userApi(app, 'reader', 'business:loan:read,business:loan:delete');
    const refused = await reader.post('/api/business/loan/restore', [1]);
    expect(refused.statusCode).toBe(403);
    expect((await reader.post('/api/business/loan/1/restore', {})).statusCode).toBe(403);
    expect(await flags(knex)).toEqual(before);

    const clerk = await userApi(app, 'clerk', 'business:loan:read,business:loan:update');
    expect((await clerk.post('/api/business/loan/restore', [1, 2])).json()).toEqual({ restored: 2 });
    expect((await admin.get('/api/business/loan/count?isDeleted=true')).json()).toBe(0);
  });
});
