import { expect, it } from 'vitest';
import type { App } from '../../src/app';
import { apiClient, createTableViaApi, SYSTEM_COLUMNS } from '../helpers/metadata-api';
import { ADMIN_PASSWORD, login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';
import { buildTwoInstances } from '../helpers/two-instances';
import { createUser } from '../helpers/users';

const limits = {
  freeFailures: 3,
  baseDelayMs: 2000,
  maxDelayMs: 3000,
  maxAccountsPerAddress: 5,
  windowMs: 15 * 60_000,
};

const attempt = (app: App, username: string, password: string, address: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: address,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, password }).toString(),
  });

describeEachDatabase(
  'state two servers on one database share ($name)',
  (db) => {
    const apps = useTestApps(db);

    it('a login throttled on A is throttled on B', async () => {
      const { a, b } = await buildTwoInstances(apps, {}, { loginLimits: limits });
      for (let i = 0; i < limits.freeFailures; i += 1) {
        expect((await attempt(a, 'superadmin', `guess${i}`, '10.1.0.1')).statusCode).toBe(401);
      }
      const refused = await attempt(b, 'superadmin', ADMIN_PASSWORD, '10.1.0.1');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is not slowed on either.
      expect((await attempt(b, 'superadmin', ADMIN_PASSWORD, '10.1.0.2')).statusCode).toBe(200);
    });

    it('a burst of guesses spread over A and B gets no more than the free failures', async () => {
      const { a, b } = await buildTwoInstances(apps, {}, { loginLimits: limits });
      const burst = await Promise.all(
        Array.from({ length: 10 }, (_, i) => attempt(i % 2 ? a : b, 'superadmin', `guess${i}`, '10.1.1.1')),
      );
      const statuses = burst.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 401)).toHaveLength(limits.freeFailures);
      expect(statuses.filter((status) => status === 429)).toHaveLength(10 - limits.freeFailures);
    });

    it('a success on B forgets the failures made on A', async () => {
      const { a, b } = await buildTwoInstances(apps, {}, { loginLimits: limits });
      for (let i = 0; i < limits.freeFailures - 1; i += 1) await attempt(a, 'superadmin', 'bad', '10.1.2.1');
      expect((await attempt(b, 'superadmin', ADMIN_PASSWORD, '10.1.2.1')).statusCode).toBe(200);
      for (let i = 0; i < limits.freeFailures; i += 1) {
        expect((await attempt(a, 'superadmin', 'bad', '10.1.2.1')).statusCode).toBe(401);
      }
    });

    it('a download made on A is served by B to its owner only', async () => {
      const { a, b } = await buildTwoInstances(apps);
      const adminA = apiClient(a, (await login(a)).cookie);
      await createTableViaApi(adminA, { name: 'parcel', caption: '包裹', columns: SYSTEM_COLUMNS });
      expect((await adminA.post('/api/business/parcel', { name: 'first' })).statusCode).toBe(201);
      const exported = await adminA.post('/api/business/parcel/export', {});
      expect(exported.statusCode, exported.body).toBe(201);
      const url = exported.body;
      expect(url).toMatch(/^\/download\//);

      const adminB = apiClient(b, (await login(b)).cookie);
      const served = await adminB.get(url);
      expect(served.statusCode, served.body).toBe(200);
      expect(served.headers['content-disposition']).toContain('attachment');

      await createUser(a, {
        username: 'nosy',
        password: 'Nosy-pass-1',
        roles: { ROLE_NOSY: 'business:parcel:export' },
      });
      const nosyB = apiClient(b, (await login(b, 'nosy', 'Nosy-pass-1')).cookie);
      expect((await nosyB.get(url)).statusCode).toBe(404);
      expect((await b.inject({ method: 'GET', url })).statusCode).toBe(401);
    });
  },
  (db) => db.name !== 'sqlite',
);
