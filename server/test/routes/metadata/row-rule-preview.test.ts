import { expect, it } from 'vitest';
import { createTable } from '../../helpers/business-tables';
import { apiClient, SYSTEM_COLUMNS } from '../../helpers/metadata-api';
import { login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';
import { createUser } from '../../helpers/users';
import { bareApp } from '../../helpers/clean-admin';

const PASSWORD = 'User-pass-1';
const OWN = { columnName: 'ownerId', operatorType: 'EQ', values: ['$user.id'] };
const rules = (read: unknown) => JSON.stringify({ read });

describeEachDatabase('row-rule preview ($name)', (db) => {
  const apps = useTestApps(db);

  const setup = async () => {
    const { app, knex } = await bareApp(apps);
    const admin = apiClient(app, (await login(app)).cookie);
    const lead = await createTable(admin, {
      name: 'prospect',
      columns: [...SYSTEM_COLUMNS, { name: 'region', dataType: 'VARCHAR', length: 20, queryable: true }],
    });
    const ann = await createUser(app, { username: 'ann', password: PASSWORD, roles: { ROLE_SALES: '' } });
    const bo = await createUser(app, { username: 'bo', password: PASSWORD });
    // Permission to set table permissions and read the table; and the same without the read.
    await createUser(app, {
      username: 'keeper',
      password: PASSWORD,
      roles: { ROLE_KEEPER: 'business:tablePermission:update,business:prospect:read' },
    });
    await createUser(app, {
      username: 'prober',
      password: PASSWORD,
      roles: { ROLE_PROBER: 'business:tablePermission:update' },
    });
    await knex('prospect').insert(
      [
        ['l1', ann, 'north'],
        ['l2', ann, 'south'],
        ['l3', bo, 'north'],
        ['l4', null, 'north'],
      ].map(([name, ownerId, region]) => ({
        name,
        ownerId,
        region,
        createdDate: new Date().toISOString().slice(0, 19).replace('T', ' '),
      })),
    );
    const preview = (client: typeof admin, body: Record<string, unknown>) =>
      client.post(`/api/metadata/tables/${lead.id}/row-rule-preview`, body);
    return { app, admin, lead, ann, bo, preview };
  };

  it('counts what a read rule lets one user see, filled with that user’s variables', async () => {
    const { admin, ann, bo, preview } = await setup();
    const forAnn = await preview(admin, { rowRules: rules(OWN), userId: ann });
    expect(forAnn.statusCode, forAnn.body).toBe(200);
    expect(forAnn.json()).toEqual({ matched: 2, total: 4, limited: true });
    expect((await preview(admin, { rowRules: rules(OWN), userId: bo })).json()).toEqual({
      matched: 1,
      total: 4,
      limited: true,
    });
    const either = {
      conditionType: 'OR',
      conditions: [OWN, { columnName: 'region', operatorType: 'EQ', values: ['north'] }],
    };
    expect((await preview(admin, { rowRules: rules(either), userId: bo })).json()).toMatchObject({
      matched: 3,
    });
    // $user.roles stands for the user's role codes, beside literal values of the list.
    const byRole = (code: string) => ({
      columnName: 'region',
      operatorType: 'IN',
      values: ['$user.roles', code],
    });
    expect((await preview(admin, { rowRules: rules(byRole('north')), userId: ann })).json()).toMatchObject({
      matched: 3,
    });
  });

  it('sees every record without a read rule', async () => {
    const { admin, ann, preview } = await setup();
    for (const rowRules of [null, '', JSON.stringify({ update: OWN })]) {
      const response = await preview(admin, { rowRules, userId: ann });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ matched: 4, total: 4, limited: false });
    }
  });

  it('refuses rules a save would refuse, an unknown user, and a caller who may not set permissions', async () => {
    const { app, admin, ann, preview } = await setup();
    const badVariable = await preview(admin, {
      rowRules: rules({ ...OWN, values: ['$user.salary'] }),
      userId: ann,
    });
    expect(badVariable.statusCode).toBe(400);
    expect(badVariable.json().errors.rowRules).toContain('$user.salary');
    const badColumn = await preview(admin, {
      rowRules: rules({ ...OWN, columnName: 'nope' }),
      userId: ann,
    });
    expect(badColumn.statusCode).toBe(400);
    expect((await preview(admin, { rowRules: '{"read":', userId: ann })).statusCode).toBe(400);
    expect((await preview(admin, { rowRules: rules(OWN), userId: 999_999 })).statusCode).toBe(404);
    expect((await preview(admin, { rowRules: rules(OWN) })).statusCode).toBe(400);

    const keeper = apiClient(app, (await login(app, 'keeper', PASSWORD)).cookie);
    expect((await preview(keeper, { rowRules: rules(OWN), userId: ann })).statusCode).toBe(200);
    // Counting under rules of one's own choosing would tell the values of a table one may not read.
    const prober = apiClient(app, (await login(app, 'prober', PASSWORD)).cookie);
    expect((await preview(prober, { rowRules: rules(OWN), userId: ann })).statusCode).toBe(403);
    const salesUser = apiClient(app, (await login(app, 'ann', PASSWORD)).cookie);
    const refused = await preview(salesUser, { rowRules: rules(OWN), userId: ann });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/[\u4e00-\u9fff]/);
  });
});
