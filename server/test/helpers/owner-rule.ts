import { expect } from 'vitest';
import type { App } from '../../src/app';
import { SYSTEM } from '../../src/db/table-names';
import { login } from './test-app';
import { apiClient, type ApiClient } from './metadata-api';
import { createUser } from './users';

/** The row rule "the rows the user owns". */
export const OWN = { columnName: 'ownerId', operatorType: 'EQ', values: ['$user.id'] };

/**
 * A user with one role (`ROLE_SALES`) holding `permissions` on `table`, limited by row rules (by
 * action, e.g. `{ read: OWN }`), granted through the table-permission API by `admin`; returns the
 * user's id and signed-in API client.
 */
export const userWithRowRules = async (
  app: App,
  admin: ApiClient,
  table: { id: number },
  user: { username: string; password: string; permissions: string; rowRules: Record<string, unknown> },
): Promise<{ id: number; api: ApiClient }> => {
  const id = await createUser(app, {
    username: user.username,
    password: user.password,
    roles: { ROLE_SALES: user.permissions },
  });
  const role = await app.dataSources.primary.knex(SYSTEM.role).where('code', 'ROLE_SALES').first();
  const granted = await admin.post('/api/business/tablePermission', {
    tableId: table.id,
    roleId: Number(role.id),
    permissions: user.permissions,
    rowRules: JSON.stringify(user.rowRules),
  });
  expect(granted.statusCode, granted.body).toBe(201);
  return { id, api: apiClient(app, (await login(app, user.username, user.password)).cookie) };
};
