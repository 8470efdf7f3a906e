import { expect, it } from 'vitest';
import { createTable } from '../../helpers/business-tables';
import { apiClient, SYSTEM_COLUMNS } from '../../helpers/metadata-api';
import { clearTables } from '../../helpers/physical-schema';
import { login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';
import { createUser } from '../../helpers/users';

describeEachDatabase('POST /api/business/sequence/{name}/nextval ($name)', (db) => {
  const apps = useTestApps(db);

  const setup = async () => {
    const app = await apps.build();
    const { cookie } = await login(app);
    await clearTables(app.dataSources.primary.knex);
    const api = apiClient(app, cookie);
    const create = async (body: Record<string, unknown>) => {
      const response = await api.post('/api/metadata/sequences', body);
      if (response.statusCode !== 201) throw new Error(response.body);
    };
    const next = (name: string) => api.post(`/api/business/sequence/${name}/nextval`, undefined);
    return { app, create, next };
  };

  it('gives 50 concurrent callers 50 distinct values', async () => {
    const { create, next } = await setup();
    await create({ name: 'orderNo', sequenceType: 'STRING', format: 'SO_%06d' });
    await create({ name: 'counter', sequenceType: 'LONG', minValue: 1000, incrementBy: 5 });
    await create({ name: 'stamp', sequenceType: 'LONG', currentTime: true });
    for (const [name, pattern] of [
      ['orderNo', /^SO_0000\d\d$/],
      ['counter', /^\d+$/],
      ['stamp', /^\d{13}$/],
    ] as const) {
      const responses = await Promise.all(Array.from({ length: 50 }, () => next(name)));
      expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(200));
      const values = responses.map((response) => String(response.json()));
      expect(new Set(values).size).toBe(50);
      for (const value of values) expect(value).toMatch(pattern);
    }
    const counted = (await Promise.all(Array.from({ length: 3 }, () => next('counter')))).map((r) =>
      r.json(),
    );
    expect(counted.sort()).toEqual([1250, 1255, 1260]);
    expect((await next('orderNo')).json()).toBe('SO_000051');
  });

  it('cycles at maxValue or refuses with 409; GUIDs are 32 hex digits', async () => {
    const { create, next } = await setup();
    await create({ name: 'small', sequenceType: 'LONG', minValue: 1, maxValue: 3, nextValue: 2 });
    await create({
      name: 'ring',
      sequenceType: 'STRING',
      format: 'R%d',
      minValue: 1,
      maxValue: 2,
      cycle: true,
    });
    await create({ name: 'uid', sequenceType: 'GUID' });
    expect((await next('small')).json()).toBe(2);
    expect((await next('SMALL')).json()).toBe(3);
    const exhausted = await next('small');
    expect(exhausted.statusCode).toBe(409);
    expect(exhausted.json()).toEqual({ code: 'CONFLICT', message: '序列号 small 已超过最大值 3' });
    const ring = [];
    for (let i = 0; i < 5; i++) ring.push((await next('ring')).json());
    expect(ring).toEqual(['R1', 'R2', 'R1', 'R2', 'R1']);
    expect((await next('uid')).json()).toMatch(/^[0-9a-f]{32}$/);
    expect((await next('nothing')).statusCode).toBe(404);
  });

  it('needs a session and the create right on a table using the sequence', async () => {
    const { app, create } = await setup();
    await create({ name: 'open', sequenceType: 'LONG' });
    const seqId = (await apiClient(app, (await login(app)).cookie).get('/api/metadata/sequences')).json()[0]
      .id;
    await createTable(apiClient(app, (await login(app)).cookie), {
      name: 'purchase',
      columns: [...SYSTEM_COLUMNS, { name: 'orderNumber', dataType: 'BIGINT', seqId }],
    });
    for (const method of ['POST', 'GET'] as const) {
      const anonymous = await app.inject({ method, url: '/api/business/sequence/open/nextval' });
      expect(anonymous.statusCode).toBe(401);
    }
    await createUser(app, {
      username: 'clerk',
      password: 'Clerk-pass-1',
      roles: { ROLE_CLERK: 'business:purchase:create' },
    });
    const clerk = apiClient(app, (await login(app, 'clerk', 'Clerk-pass-1')).cookie);
    expect((await clerk.post('/api/business/sequence/open/nextval', undefined)).json()).toBe(1);
    // Older clients' GET draws too (from a script or the server's own pages).
    expect((await clerk.get('/api/business/sequence/open/nextval')).json()).toBe(2);
  });
});
