import { expect, it } from 'vitest';
import { createTable } from '../helpers/business-tables';
import { apiClient, SYSTEM_COLUMNS } from '../helpers/metadata-api';
import { clearTables } from '../helpers/physical-schema';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';
import { createUser } from '../helpers/users';

const PASSWORD = 'User-pass-1';

describeEachDatabase('drawing a sequence value needs a right to use it ($name)', (db) => {
  const apps = useTestApps(db);

  const setup = async () => {
    const app = await apps.build();
    const admin = apiClient(app, (await login(app)).cookie);
    await clearTables(app.dataSources.primary.knex);
    const created = await admin.post('/api/metadata/sequences', {
      name: 'ticketNo',
      sequenceType: 'LONG',
      minValue: 1,
      maxValue: 3,
    });
    expect(created.statusCode, created.body).toBe(201);
    const seqId = (await admin.get('/api/metadata/sequences')).json()[0].id as number;
    await createTable(admin, {
      name: 'ticket',
      columns: [...SYSTEM_COLUMNS, { name: 'ticketNumber', dataType: 'BIGINT', seqId }],
    });
    await createTable(admin, { name: 'memo', columns: SYSTEM_COLUMNS });
    const as = async (username: string, permissions: string) => {
      await createUser(app, {
        username,
        password: PASSWORD,
        roles: { [`ROLE_${username.toUpperCase()}`]: permissions },
      });
      return apiClient(app, (await login(app, username, PASSWORD)).cookie);
    };
    return { app, admin, as };
  };

  it('refuses a reader, so the counter is not burnt for those who insert', async () => {
    const { admin, as } = await setup();
    const reader = await as('reader', 'business:ticket:read,business:memo:create');
    for (let i = 0; i < 5; i++) {
      const drawn = await reader.get('/api/business/sequence/ticketNo/nextval');
      expect(drawn.statusCode).toBe(403);
    }
    expect((await reader.get('/api/business/sequence/nothing/nextval')).statusCode).toBe(403);
    const inserted = await admin.post('/api/business/ticket', { name: 'first' });
    expect(inserted.statusCode, inserted.body).toBe(201);
    const stored = await admin.get(`/api/business/ticket/${inserted.json()}`);
    expect(stored.json().ticketNumber).toBe(1);
  });

  it('lets a user draw who may create records of a table using it, or who holds metadata:write', async () => {
    const { as } = await setup();
    const clerk = await as('clerk', 'business:ticket:create');
    expect((await clerk.get('/api/business/sequence/ticketNo/nextval')).json()).toBe(1);
    const designer = await as('designer', 'metadata:write');
    expect((await designer.get('/api/business/sequence/ticketNo/nextval')).json()).toBe(2);
    expect((await designer.get('/api/business/sequence/nothing/nextval')).statusCode).toBe(404);
    const wildcard = await as('anyone', 'business:*:create');
    expect((await wildcard.get('/api/business/sequence/ticketNo/nextval')).json()).toBe(3);
  });
});
