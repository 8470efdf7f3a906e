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
    return {
      app,
      admin,
      as,
      cookieOf: async (username: string) => (await login(app, username, PASSWORD)).cookie,
    };
  };

  it('refuses a reader, so the counter is not burnt for those who insert', async () => {
    const { admin, as } = await setup();
    const reader = await as('reader', 'business:ticket:read,business:memo:create');
    for (let i = 0; i < 5; i++) {
      const drawn = await reader.post('/api/business/sequence/ticketNo/nextval', undefined);
      expect(drawn.statusCode).toBe(403);
    }
    expect((await reader.post('/api/business/sequence/nothing/nextval', undefined)).statusCode).toBe(403);
    const inserted = await admin.post('/api/business/ticket', { name: 'first' });
    expect(inserted.statusCode, inserted.body).toBe(201);
    const stored = await admin.get(`/api/business/ticket/${inserted.json()}`);
    expect(stored.json().ticketNumber).toBe(1);
  });

  it('lets a user draw who may create records of a table using it, or who holds metadata:write', async () => {
    const { as } = await setup();
    const clerk = await as('clerk', 'business:ticket:create');
    expect((await clerk.post('/api/business/sequence/ticketNo/nextval', undefined)).json()).toBe(1);
    const designer = await as('designer', 'metadata:write');
    expect((await designer.post('/api/business/sequence/ticketNo/nextval', undefined)).json()).toBe(2);
    expect((await designer.post('/api/business/sequence/nothing/nextval', undefined)).statusCode).toBe(404);
    const wildcard = await as('anyone', 'business:*:create');
    expect((await wildcard.post('/api/business/sequence/ticketNo/nextval', undefined)).json()).toBe(3);
  });

  it("draws no value for a GET another site's page makes with the user's cookie", async () => {
    const { app, as, cookieOf } = await setup();
    await as('victim', 'business:ticket:create');
    const cookie = await cookieOf('victim');
    const url = '/api/business/sequence/ticketNo/nextval';
    const forged: Record<string, string>[] = [
      { origin: 'http://localhost:8081' },
      { origin: 'null' },
      { referer: 'http://evil.localhost/page.html' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'same-site', referer: 'http://localhost/crudboard/' },
    ];
    for (const headers of forged) {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { cookie, host: 'localhost', ...headers },
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toEqual({ code: 'FORBIDDEN', message: expect.any(String) });
    }
    const head = await app.inject({
      method: 'HEAD',
      url,
      headers: { cookie, host: 'localhost', 'sec-fetch-site': 'cross-site' },
    });
    expect(head.statusCode).toBe(403);
    // Nothing was drawn: the first value is still there for the user's own page.
    const drawn = await app.inject({
      method: 'POST',
      url,
      headers: { cookie, host: 'localhost', origin: 'http://localhost' },
    });
    expect(drawn.statusCode, drawn.body).toBe(200);
    expect(drawn.json()).toBe(1);
    const foreignPost = await app.inject({
      method: 'POST',
      url,
      headers: { cookie, host: 'localhost', origin: 'http://localhost:8081' },
    });
    expect(foreignPost.statusCode).toBe(403);
  });

  it('still answers a GET from the same origin or from a script that names no origin', async () => {
    const { app, as, cookieOf } = await setup();
    await as('scripted', 'business:ticket:create');
    const cookie = await cookieOf('scripted');
    const url = '/api/business/sequence/ticketNo/nextval';
    const allowed: Record<string, string>[] = [
      {},
      { 'sec-fetch-site': 'same-origin', referer: 'http://localhost/crudboard/' },
      { 'sec-fetch-site': 'none' },
    ];
    const values = [];
    for (const headers of allowed) {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { cookie, host: 'localhost', ...headers },
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(200);
      values.push(response.json());
    }
    expect(values).toEqual([1, 2, 3]);
  });
});
