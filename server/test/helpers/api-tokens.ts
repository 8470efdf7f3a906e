import type { App } from '../../src/app';
import { headerClient, type ApiClient } from './metadata-api';

/** A client sending `Authorization: Bearer <token>` and no cookie. */
export const bearerClient = (app: App, token: string, headers: Record<string, string> = {}) =>
  headerClient(app, { authorization: `Bearer ${token}`, ...headers });

/** Creates a token through the signed-in client; gives the created answer (201 expected). */
export const createToken = async (
  api: ApiClient,
  body: Record<string, unknown> = { name: 'script' },
): Promise<{ id: number; name: string; token: string; permissions: string[] | null }> => {
  const created = await api.post('/api/users/me/tokens', body);
  if (created.statusCode !== 201) throw new Error(`token: ${created.statusCode} ${created.body}`);
  return created.json();
};
